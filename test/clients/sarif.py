"""transformers-migrate --format=sarif is valid SARIF 2.1.0.

  sarif.py --migrate M --include-dir I --inputs DIR --schema SCHEMA --work W

Validates the report of Inputs/project against the official OASIS SARIF
2.1.0 JSON schema (sarif-schema-2.1.0.json, see README.md here) with the
`jsonschema` package (Debian: python3-jsonschema), then checks what a
code-scanning service relies on: the rules, one result per finding with its
location, and the fixes. A document the schema must reject is rejected, so
the validation cannot pass vacuously.
"""
import argparse
import copy
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import (check, copy_tree, fresh_dir, run, skip,  # noqa: E402
                     write_compile_db)

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
dest = copy_tree(os.path.join(a.inputs, "project"),
                 os.path.join(work, "project"))
write_compile_db(os.path.join(dest, "build"),
                 [os.path.join(dest, "src", s)
                  for s in ("generate.cpp", "kwargs.cpp", "clean.cpp")],
                 [a.include_dir, os.path.join(dest, "include")])
res = run([a.migrate, "-p", os.path.join(dest, "build"), "--format=sarif",
           "--header-filter=.*/include/shared\\.h", "--no-cache", "--quiet"],
          expect=1, quiet=True)
sarif_path = os.path.join(work, "migrate.sarif")
with open(sarif_path, "w", encoding="utf-8") as fh:
    fh.write(res.stdout)
log = json.loads(res.stdout)

errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
if errors:
    for e in errors[:20]:
        print("  at /%s: %s" % ("/".join(str(x) for x in e.path), e.message))
    check(False, "%s is not valid SARIF 2.1.0 (%d errors)"
          % (sarif_path, len(errors)))
print("%s: valid against the SARIF 2.1.0 schema" % sarif_path)

# What a code-scanning upload needs beyond the schema.
check(log["version"] == "2.1.0", "version is not 2.1.0")
check(len(log["runs"]) == 1, "expected one run")
run0 = log["runs"][0]
rules = {r["id"] for r in run0["tool"]["driver"].get("rules", [])}
check({"transformers-legacy-cache",
       "transformers-cache-implementation-conflict"} <= rules,
      "the driver does not describe both checks: %s" % sorted(rules))
results = run0.get("results", [])
where = sorted(
    (os.path.basename(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]),
     r["locations"][0]["physicalLocation"]["region"]["startLine"],
     r["ruleId"]) for r in results)
want = [("generate.cpp", 8, "transformers-legacy-cache"),
        ("kwargs.cpp", 8, "transformers-legacy-cache"),
        ("shared.h", 9, "transformers-legacy-cache")]
check(where == want, "SARIF results %s, expected %s" % (where, want))
check(all(r.get("fixes") for r in results), "a result has no fix")

# The validator rejects what the schema forbids.
broken = copy.deepcopy(log)
del broken["version"]
check(not validator.is_valid(broken), "a log without version was accepted")
broken = copy.deepcopy(log)
broken["runs"][0]["results"][0]["level"] = "fatal"
check(not validator.is_valid(broken), "an invalid result level was accepted")
print("PASS: transformers-migrate --format=sarif is valid SARIF 2.1.0")
