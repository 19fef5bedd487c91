"""Runs clang-tidy with the plugin and transformers-migrate on every file of
a corpus (default options, the file's -std), and compares their diagnostics
and their --fix results byte for byte.

  parity_corpus.py CLANG_TIDY PLUGIN MIGRATE INCLUDE_DIR CORPUS_DIR WORK_DIR
"""
import glob
import os
import re
import shutil
import subprocess
import sys

tidy, plugin, migrate, include, corpus, work = sys.argv[1:7]
shutil.rmtree(work, ignore_errors=True)
failures = 0
files = sorted(glob.glob(os.path.join(corpus, "*.cpp")))
for src in files:
    name = os.path.basename(src)
    text = open(src).read()
    m = re.search(r"-std=(c\+\+\d+)", text)
    args = ["--", "-std=" + (m.group(1) if m else "c++20"), "-I" + include]
    outs = {}
    for tool in ("tidy", "migrate"):
        d = os.path.join(work, tool)
        os.makedirs(d, exist_ok=True)
        f = os.path.join(d, name)
        shutil.copyfile(src, f)
        if tool == "tidy":
            cmd = [tidy, "-load", plugin, "--checks=-*,transformers-*"]
        else:
            cmd = [migrate, "-j1"]
        diag = subprocess.run(cmd + [f] + args, capture_output=True,
                              text=True).stdout
        subprocess.run(cmd + ["--fix", f] + args, capture_output=True)
        outs[tool] = (diag.replace(d, "DIR"), open(f).read())
    if outs["tidy"][0] != outs["migrate"][0]:
        failures += 1
        print("diagnostics differ: " + name)
    if outs["tidy"][1] != outs["migrate"][1]:
        failures += 1
        print("fixes differ: " + name)
print("compared %d files, %d differences" % (len(files), failures))
sys.exit(1 if failures or not files else 0)
