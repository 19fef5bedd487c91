"""tamper_cache.py SCENARIO CACHE_DIR -- MIGRATE ARGS...

Tampers with transformers-migrate's result cache in CACHE_DIR (filled by a
first run of MIGRATE ARGS --cache-dir=CACHE_DIR) and checks that the tool
never serves what was tampered with:

  flips    8 single-bit flips at seeded positions of each entry and
           manifest (64 in all), one at a time: every run must ignore the file and print
           the same report as a run without the cache.
  crafted  entries re-sealed with valid headers but impossible contents: an
           edit whose offset + length wraps 2^32, a length of 2^32 + 1, an
           offset past the end of the file, an edit to a file the TU does
           not read. Each must be a miss; --fix --no-verify must then write
           exactly what a run without the cache writes.
  evict    a symlinked shard directory pointing outside the cache, a foreign
           file, an entry replaced by a symlink to an outside file: eviction
           (--cache-max-size=0) and lookups must leave all of them alone.

Prints one line per check; exits 1 on the first failure."""
import glob
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import time

import yaml

scenario, cache = sys.argv[1], sys.argv[2]
base = sys.argv[sys.argv.index("--") + 1:]


def run(*extra, cache_dir=cache):
    cmd = base + ["--run-stats", "--cache-dir=" + cache_dir] + list(extra)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def fail(msg):
    print("FAILED: " + msg)
    sys.exit(1)


def entries(suffix):
    return sorted(p for p in glob.glob(os.path.join(cache, "v1", "*", "*.json"))
                  if p.endswith(".files.json") == (suffix == ".files.json"))


def unseal(data):
    header, payload = data.split(b"\n", 1)
    return header, payload


def seal(payload):
    return b"TTMC1 %d %s\n" % (len(payload),
                               hashlib.sha256(payload).hexdigest().encode()) + payload


def served(stderr):
    return " 0 results from the cache" not in stderr


def rejected(stderr):
    """The run found exactly one cache entry invalid and ignored it."""
    return ", 1 invalid cache entries ignored" in stderr


shutil.rmtree(cache, ignore_errors=True)
code0, reference, _ = run("--no-cache")
run()  # fills the cache
code, out, err = run()
if not served(err) or out != reference:
    fail("the warm run was not served from the cache: " + err)
print("warm run served from the cache: yes")

if scenario == "flips":
    rng = random.Random(20261202)
    files = entries(".json") + entries(".files.json")
    total = ignored = identical = 0
    for path in files:
        original = open(path, "rb").read()
        for _ in range(8):
            bit = rng.randrange(len(original) * 8)
            flipped = bytearray(original)
            flipped[bit // 8] ^= 1 << (bit % 8)
            with open(path, "wb") as fh:
                fh.write(bytes(flipped))
            code, out, err = run()
            total += 1
            # A flipped entry must be a miss; a flipped manifest makes the
            # run scan instead (and then the entry, intact, may serve).
            is_entry = not path.endswith(".files.json")
            if not is_entry or rejected(err):
                ignored += 1
            else:
                print("served a flipped entry: bit %d of %s" % (bit, path))
            if out == reference and code == code0:
                identical += 1
            with open(path, "wb") as fh:
                fh.write(original)
    print("flips: %d, ignored: %d, reports identical: %d" % (total, ignored, identical))
    sys.exit(0 if ignored == total and identical == total else 1)

if scenario == "crafted":
    # An entry's findings are clang's DiagnosticsYaml, in "diagnostics".
    def first_edit(doc):
        return doc["Diagnostics"][0]["DiagnosticMessage"]["Replacements"][0]

    def findings(path):
        doc = yaml.safe_load(json.loads(unseal(open(path, "rb").read())[1])["diagnostics"])
        return doc.get("Diagnostics") or []

    entry = [p for p in entries(".json") if findings(p)][0]
    original = open(entry, "rb").read()
    payload = json.loads(unseal(original)[1])
    target = first_edit(yaml.safe_load(payload["diagnostics"]))["FilePath"]
    size = os.path.getsize(target)

    def variant(name, mutate):
        doc = json.loads(unseal(original)[1])
        diags = yaml.safe_load(doc["diagnostics"])
        edit = first_edit(diags)
        mutate(edit, doc)
        doc["diagnostics"] = yaml.safe_dump(diags, sort_keys=False)
        with open(entry, "wb") as fh:
            fh.write(seal(json.dumps(doc).encode()))
        with open(target, "rb") as fh:
            before = fh.read()
        code, out, err = run("--fix", "--no-verify")
        with open(target, "rb") as fh:
            after = fh.read()
        with open(target, "wb") as fh:
            fh.write(before)
        with open(entry, "wb") as fh:
            fh.write(original)
        print("%s: %s" % (name, "ignored" if rejected(err) else "served"))
        return after

    # What a run without the cache writes.
    with open(target, "rb") as fh:
        pristine = fh.read()
    run("--fix", "--no-verify", "--no-cache")
    with open(target, "rb") as fh:
        expected = fh.read()
    with open(target, "wb") as fh:
        fh.write(pristine)
    results = [
        variant("wrapping length", lambda e, d: e.update(Offset=10, Length=2**32 - 5)),
        variant("length over 32 bits", lambda e, d: e.update(Length=2**32 + 1)),
        variant("negative offset", lambda e, d: e.update(Offset=-1)),
        variant("offset past the end", lambda e, d: e.update(Offset=size + 100, Length=0)),
        variant("file the TU does not read",
                lambda e, d: (e.update(FilePath="/etc/hostname", Offset=0, Length=0),
                              d["hashes"].update({"/etc/hostname": "0"}))),
    ]
    same = sum(1 for r in results if r == expected)
    print("files written as without the cache: %d of %d" % (same, len(results)))
    sys.exit(0 if same == len(results) else 1)

if scenario == "evict":
    outside = cache + ".outside"
    shutil.rmtree(outside, ignore_errors=True)
    os.makedirs(outside)
    key = "ab" * 32
    victims = [os.path.join(outside, key + ".json"),
               os.path.join(outside, key + ".files.json"),
               os.path.join(outside, "precious.txt")]
    for v in victims:
        with open(v, "w") as fh:
            fh.write("not the cache's\n")
    shard = os.path.join(cache, "v1", "ab")
    shutil.rmtree(shard, ignore_errors=True)
    os.symlink(outside, shard)
    foreign_dir = os.path.join(cache, "v1", "00")
    os.makedirs(foreign_dir, exist_ok=True)
    foreign = [os.path.join(foreign_dir, "notes.txt"),
               os.path.join(foreign_dir, "00" * 32 + ".txt")]
    for f in foreign:
        with open(f, "w") as fh:
            fh.write("mine\n")
    # An entry replaced by a symlink to a file outside the cache.
    entry = entries(".json")[0]
    os.remove(entry)
    old = time.time() - 10 * 86400
    os.utime(victims[2], (old, old))
    os.symlink(victims[2], entry)
    code, out, err = run("--cache-max-size=0")
    print("report as without the cache: %s" % ("yes" if out == reference else "no"))
    ok = True
    for v in victims + foreign:
        present = os.path.exists(v) and open(v).read() in ("not the cache's\n", "mine\n")
        ok = ok and present
        print("%s kept: %s" % (os.path.basename(v), "yes" if present else "no"))
    mtime_kept = abs(os.stat(victims[2]).st_mtime - old) < 1
    print("outside file's mtime kept: %s" % ("yes" if mtime_kept else "no"))
    print("symlinked shard still a symlink: %s" % ("yes" if os.path.islink(shard) else "no"))
    sys.exit(0 if ok and mtime_kept else 1)
