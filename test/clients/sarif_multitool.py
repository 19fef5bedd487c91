"""Microsoft's SARIF validator accepts transformers-migrate --format=sarif.

  sarif_multitool.py --multitool SARIF_MULTITOOL --migrate M
                     --include-dir I --inputs DIR --work W

Runs `Sarif.Multitool validate` (npm @microsoft/sarif-multitool, installed
by scripts/dev.sh) with its SARIF rules and its GitHub rules (what GitHub
code scanning requires, e.g. GH2012: a rule's `help`) over the log of every
corpus (sarif_corpus.py), and fails on any error or warning it reports. A
log with the defects it must catch (a rule whose name is its id, without
help; a driver without informationUri) is checked first, so that the
validation cannot pass vacuously.
"""
import argparse
import copy
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from sarif_corpus import make_logs  # noqa: E402
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

problems = validate([log.path for log in logs], "corpus")
for rule_id, level, message in problems:
    print("  %s %s: %s" % (level, rule_id, message))
check(not problems, "%d errors or warnings in the SARIF of %s"
      % (len(problems), ", ".join(log.name for log in logs)))
print("PASS: sarif-multitool validate (SARIF and GitHub rules) accepts %s"
      % ", ".join(log.path for log in logs))
