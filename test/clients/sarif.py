"""transformers-migrate --format=sarif is valid SARIF 2.1.0.

  sarif.py --migrate M --include-dir I --inputs DIR --schema SCHEMA --work W

Validates the report of every corpus (sarif_corpus.py: Inputs/project,
with and without --fix, Inputs/unicode, a TU that does not compile) against
the official OASIS SARIF 2.1.0 JSON schema (sarif-schema-2.1.0.json, see
README.md here) with the `jsonschema` package (Debian: python3-jsonschema),
and the log of a --baseline run with "new", "unchanged", "updated" and "absent"
results and their partialFingerprints (make_baseline_logs; Microsoft's
validator does not check those values, see sarif_multitool.py),
then checks what a code-scanning service relies on in the report of
Inputs/project: the rules and their help, one result per finding with its
location relative to %SRCROOT% (the project's root), and the fixes. A
document the schema must reject is rejected, so the validation cannot pass
vacuously.
"""
import argparse
import copy
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from sarif_corpus import make_baseline_logs, make_logs  # noqa: E402
from testlib import check, fresh_dir, skip  # noqa: E402

try:
    import jsonschema
except ImportError:
    skip("the Python package jsonschema is not installed "
         "(apt-get install python3-jsonschema)")

p = argparse.ArgumentParser()
for opt in ("migrate", "include-dir", "inputs", "schema", "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

with open(a.schema, encoding="utf-8") as fh:
    schema = json.load(fh)
check(schema.get("$schema") == "http://json-schema.org/draft-07/schema#",
      "not the draft-07 SARIF 2.1.0 schema")
validator_cls = jsonschema.Draft7Validator
validator_cls.check_schema(schema)
validator = validator_cls(schema)

work = fresh_dir(os.path.abspath(a.work))
logs = make_logs(a.migrate, a.include_dir, a.inputs, work)
baseline = make_baseline_logs(a.migrate, a.include_dir, a.inputs,
                              fresh_dir(os.path.join(work, "baseline")),
                              plain=False)
for entry in logs + [baseline.after]:
    errors = sorted(validator.iter_errors(entry.doc),
                    key=lambda e: list(e.path))
    for e in errors[:20]:
        print("  at /%s: %s" % ("/".join(str(x) for x in e.path), e.message))
    check(not errors, "%s is not valid SARIF 2.1.0 (%d errors)"
          % (entry.path, len(errors)))
    print("%s: valid against the SARIF 2.1.0 schema" % entry.path)
log = logs[0].doc
dest = logs[0].project

# What a code-scanning upload needs beyond the schema.
check(log["version"] == "2.1.0", "version is not 2.1.0")
check(len(log["runs"]) == 1, "expected one run")
run0 = log["runs"][0]
driver = run0["tool"]["driver"]
check(driver.get("informationUri", "").startswith("https://"),
      "the driver has no informationUri")
rules = {r["id"]: r for r in driver.get("rules", [])}
check({"transformers-legacy-cache",
       "transformers-cache-implementation-conflict"} <= set(rules),
      "the driver does not describe both checks: %s" % sorted(rules))
for rule_id, rule in rules.items():
    page = "docs/checks/%s.md" % rule_id[len("transformers-"):]
    check(rule["helpUri"].endswith("/" + page) and
          os.path.exists(os.path.join(os.path.dirname(a.inputs), "..", "..",
                                      page)),
          "%s: helpUri %s is not its page" % (rule_id, rule["helpUri"]))
    check(rule["name"] != rule_id and rule["help"]["markdown"] and
          rule["shortDescription"]["text"] != rule_id,
          "%s: no name, help or short description of its own" % rule_id)
# Relative to the project's root: what a checkout elsewhere resolves.
check(run0["originalUriBaseIds"]["%SRCROOT%"]["uri"] ==
      "file://" + os.path.realpath(dest) + "/", "%SRCROOT% is not the project")
results = run0.get("results", [])
where = sorted(
    (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
     r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"],
     r["locations"][0]["physicalLocation"]["region"]["startLine"],
     r["ruleId"]) for r in results)
want = [("include/shared.h", "%SRCROOT%", 9, "transformers-legacy-cache"),
        ("src/generate.cpp", "%SRCROOT%", 8, "transformers-legacy-cache"),
        ("src/kwargs.cpp", "%SRCROOT%", 8, "transformers-legacy-cache")]
check(where == want, "SARIF results %s, expected %s" % (where, want))
check(all(r.get("fixes") for r in results), "a result has no fix")

# The validator rejects what the schema forbids.
broken = copy.deepcopy(log)
del broken["version"]
check(not validator.is_valid(broken), "a log without version was accepted")
broken = copy.deepcopy(log)
broken["runs"][0]["results"][0]["level"] = "fatal"
check(not validator.is_valid(broken), "an invalid result level was accepted")
# ... and what it says of baselineState and partialFingerprints.
broken = copy.deepcopy(baseline.after.doc)
broken["runs"][0]["results"][0]["baselineState"] = "accepted"
check(not validator.is_valid(broken),
      "baselineState 'accepted' was accepted")
broken = copy.deepcopy(baseline.after.doc)
broken["runs"][0]["results"][0]["partialFingerprints"] = {
    "transformersTidy/v1": 1}
check(not validator.is_valid(broken),
      "a numeric partialFingerprint was accepted")
print("PASS: transformers-migrate --format=sarif is valid SARIF 2.1.0")
