"""check_yaml.py FILE [EXISTING_PATH...]: validates an --export-fixes file
(clang-tidy's TranslationUnitDiagnostics YAML) with yaml.safe_load -- or,
without PyYAML, a strict fallback: UTF-8 text whose quoted path values parse
as JSON strings -- and prints "yaml ok: N diagnostics, M replacements".
Every replacement's FilePath must name an existing file; each
EXISTING_PATH given must be the FilePath of some replacement."""
import json
import os
import re
import sys


def fail(msg):
    print("check_yaml: " + msg, file=sys.stderr)
    sys.exit(1)


path, wanted = sys.argv[1], sys.argv[2:]
with open(path, "rb") as fh:
    raw = fh.read()
try:
    text = raw.decode("utf-8")
except UnicodeDecodeError as exc:
    fail("not UTF-8: %s" % exc)

try:
    import yaml
except ImportError:
    yaml = None

if yaml is not None:
    doc = yaml.safe_load(text)
    if not isinstance(doc, dict) or "MainSourceFile" not in doc:
        fail("no MainSourceFile")
    diags = doc.get("Diagnostics") or []
    files = []
    for d in diags:
        msg = d["DiagnosticMessage"]
        for key in ("Message", "FilePath", "FileOffset", "Replacements"):
            if key not in msg:
                fail("DiagnosticMessage without " + key)
        for r in msg["Replacements"] or []:
            for key in ("FilePath", "Offset", "Length", "ReplacementText"):
                if key not in r:
                    fail("Replacement without " + key)
            files.append(r["FilePath"])
    ndiags = len(diags)
else:
    ndiags = len(re.findall(r"^  - DiagnosticName:", text, re.M))
    files = []
    for m in re.finditer(r"^ +- FilePath: +(.*)$", text, re.M):
        value = m.group(1)
        if value.startswith("'"):
            files.append(value[1:-1].replace("''", "'"))
        elif value.startswith('"'):
            files.append(json.loads(value))
        else:
            files.append(value)

for f in files:
    if not os.path.exists(f):
        fail("replacement for a file that does not exist: %r" % f)
for w in wanted:
    if os.path.realpath(w) not in [os.path.realpath(f) for f in files]:
        fail("no replacement for %r" % w)
print("yaml ok: %d diagnostics, %d replacements" % (ndiags, len(files)))
