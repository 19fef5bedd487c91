"""Microsoft's SARIF validator accepts transformers-migrate --format=sarif.

  sarif_multitool.py --multitool SARIF_MULTITOOL --migrate M
                     --include-dir I --inputs DIR --work W

Runs `Sarif.Multitool validate` (npm @microsoft/sarif-multitool, installed
by scripts/dev.sh) with its SARIF rules and its GitHub rules (what GitHub
code scanning requires, e.g. GH2012: a rule's `help`) over the log of every
corpus (sarif_corpus.py) and the logs of a baseline's life
(make_baseline_logs: the --write-baseline run, and a --baseline run with
"new", "unchanged", "updated" and "absent" results), in one call, and fails on any
error or warning it reports. A log with the defects it must catch (a rule
whose name is its id, without help; a driver without informationUri) is
checked first, so that the validation cannot pass vacuously. The validator
(5.7.0, with or without --json-schema) does not check the values of
baselineState or partialFingerprints (a planted "accepted" state and a
numeric fingerprint pass it): clients.sarif's JSON schema check does.

Then `Sarif.Multitool match-results-forward -r before.sarif --log
ForceOverwrite -o matched.sarif after-plain.sarif` matches the original
tree's log against the changed tree's log (made without --baseline) on its
own. Observed with 5.7.0, and asserted:
  - it gives every result the state --baseline gives it: "new", "absent",
    "unchanged" for the finding at the same place and "updated" (SARIF
    3.27.24: in both runs, changed) for the finding whose lines moved;
  - the pairing follows partialFingerprints: with the fingerprints of the
    moved and of the new finding swapped, the new one is matched
    ("updated") and the moved one is "new". Each result keeps our
    partialFingerprints.
Also seen, not asserted: with a changed fingerprint a result at the same
place and message is still "unchanged", and a fingerprint equal to one of
another file's previous result pairs them across files (--baseline also
compares check and path); without partialFingerprints in either log, results
of one rule and message are paired across files; given our --baseline log as
the current log it gives the same states as with the plain one. `--log
ForceOverwrite` directly before the current log's path swallows it ("Option
'log' is defined with a bad format"): -o must come between them.
"""
import argparse
import copy
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from sarif_corpus import (  # noqa: E402
    BASELINE_STATES, fingerprint, make_baseline_logs, make_logs, result_key)
from testlib import check, fail, fresh_dir, read, run, write  # noqa: E402

p = argparse.ArgumentParser()
for opt in ("multitool", "migrate", "include-dir", "inputs", "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

if not os.access(a.multitool, os.X_OK):
    fail("the SARIF validator %s is not installed: run scripts/dev.sh "
         "(it installs npm @microsoft/sarif-multitool)" % a.multitool)
work = fresh_dir(os.path.abspath(a.work))


def validate(paths, name):
    """The validator's findings on `paths`: (rule id, level, message)."""
    out = os.path.join(work, name + ".validation.sarif")
    # Invariant globalization: the .NET runtime needs no ICU library.
    run([a.multitool, "validate", "--rule-kind", "Sarif;Gh",
         "--level", "Error;Warning", "--log", "ForceOverwrite",
         "-o", out] + paths,
        env={"DOTNET_SYSTEM_GLOBALIZATION_INVARIANT": "1"}, quiet=True)
    report = json.loads(read(out))
    check(len(report["runs"]) == 1, "the validator wrote no run")
    run0 = report["runs"][0]
    for inv in run0.get("invocations", []):
        for n in inv.get("toolExecutionNotifications", []):
            if n.get("level", "warning") in ("error", "warning"):
                fail("the validator failed: %s" % n["message"]["text"])
        check(inv.get("executionSuccessful", False),
              "the validator did not run successfully")
    rules = {r["id"]: r for r in run0["tool"]["driver"].get("rules", [])}

    def message(result):
        """The message's text, or its template filled with its arguments."""
        m = result["message"]
        if "text" in m:
            return m["text"]
        template = rules[result["ruleId"]]["messageStrings"][m["id"]]["text"]
        for i, arg in enumerate(m.get("arguments", [])):
            template = template.replace("{%d}" % i, arg)
        return template

    # A result without a level is a warning (SARIF 3.27.10).
    return [(r["ruleId"], r.get("level", "warning"), message(r))
            for r in run0.get("results", [])]


logs = make_logs(a.migrate, a.include_dir, a.inputs, work)

# The validator and its GitHub rules are live: a log with known defects.
bad = copy.deepcopy(logs[0].doc)
driver = bad["runs"][0]["tool"]["driver"]
driver.pop("informationUri", None)
rule = driver["rules"][0]
rule["name"] = rule["id"]
rule.pop("help", None)
bad_path = os.path.join(work, "defects.sarif")
write(bad_path, json.dumps(bad, indent=2))
found = {r[0] for r in validate([bad_path], "defects")}
for want in ("SARIF1001", "SARIF2005", "GH2012"):
    check(want in found, "the validator missed %s in %s (it found %s)"
          % (want, bad_path, sorted(found)))
print("the validator reports the planted defects: %s" % sorted(found))

baseline = make_baseline_logs(a.migrate, a.include_dir, a.inputs,
                              fresh_dir(os.path.join(work, "baseline")))
logs += [baseline.before, baseline.after]

problems = validate([log.path for log in logs], "corpus")
for rule_id, level, message in problems:
    print("  %s %s: %s" % (level, rule_id, message))
check(not problems, "%d errors or warnings in the SARIF of %s"
      % (len(problems), ", ".join(log.name for log in logs)))
print("PASS: sarif-multitool validate (SARIF and GitHub rules) accepts %s"
      % ", ".join(log.path for log in logs))


def match_forward(previous, current, name):
    """match-results-forward's states of `current` against `previous`:
    {(uri, startLine): (baselineState, fingerprint)}."""
    out = os.path.join(work, name + ".sarif")
    run([a.multitool, "match-results-forward", "-r", previous,
         "--log", "ForceOverwrite", "-o", out, current],
        env={"DOTNET_SYSTEM_GLOBALIZATION_INVARIANT": "1"}, quiet=True)
    doc = json.loads(read(out))
    check(len(doc["runs"]) == 1, "match-results-forward wrote %d runs"
          % len(doc["runs"]))
    return {result_key(r): (r.get("baselineState"), fingerprint(r))
            for r in doc["runs"][0]["results"]}


# Its states are ours.
MATCHED = dict(BASELINE_STATES)
ours = {result_key(r): fingerprint(r)
        for r in baseline.after.doc["runs"][0]["results"]}
theirs = match_forward(baseline.before.path, baseline.after_plain.path,
                       "matched")
print("match-results-forward: %s" % sorted(theirs.items()))
check({k: v[0] for k, v in theirs.items()} == MATCHED,
      "match-results-forward's states %s, expected %s" % (theirs, MATCHED))
check({k: v[1] for k, v in theirs.items()} == ours,
      "match-results-forward changed the partialFingerprints: %s, ours %s"
      % (theirs, ours))

# The pairing is by partialFingerprints: swapped, they swap the verdicts.
swapped = json.loads(read(baseline.after_plain.path))
by_key = {result_key(r): r for r in swapped["runs"][0]["results"]}
moved = by_key[("src/generate.cpp", 11)]
added = by_key[("src/generate.cpp", 18)]
moved["partialFingerprints"], added["partialFingerprints"] = \
    added["partialFingerprints"], moved["partialFingerprints"]
swapped_path = os.path.join(work, "after-swapped.sarif")
write(swapped_path, json.dumps(swapped, indent=2))
theirs = match_forward(baseline.before.path, swapped_path, "matched-swapped")
states = {k: v[0] for k, v in theirs.items()}
check(states[("src/generate.cpp", 11)] == "new" and
      states[("src/generate.cpp", 18)] == "updated",
      "with swapped fingerprints match-results-forward says %s" % states)
print("PASS: match-results-forward agrees with --baseline (the moved finding "
      "\"updated\" in both) and pairs results by partialFingerprints")
