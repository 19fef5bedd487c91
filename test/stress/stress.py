#!/usr/bin/env python3
"""Scale test of transformers-migrate (issue 6, item 5).

  stress.py --migrate BIN --gen bench/gen_corpus.py --out DIR
            [--tus 2000] [--small 200] [--share 10] [--jobs N]

Generates a light corpus of --tus translation units (bench/gen_corpus.py
--light: cheap TUs, the point is their number) and a --small one of the
same kind, then runs transformers-migrate --no-cache on both:

  * at -j N (N = --jobs, default: the machine's cores) and at -j1, with the
    prefilter (the default) and with --no-prefilter (every TU parsed);
  * checks that every run completes (exit code 1: findings), reports exactly
    one finding per library TU, and that the sorted findings and the
    exported fixes of all large runs are byte-identical;
  * checks that memory is flat per worker: for each mode, the peak RSS of
    the large run is at most SLOPE x that of the small run + SLACK_MB.

Why that bound: each worker holds one TU's AST at a time, and both corpora
have TUs of the same kind, so the peak of the parse is the same. What may
legitimately grow with the number of TUs is the run's bookkeeping: compile
commands, each file's check configuration, per-TU results (one finding with
its fix for a library TU), the prefilter's shared cache of scanned sources
(each TU's ~1 KB source and its directives). Measured: 5-7 KB per TU, so
9-13 MB more for 2,000 TUs than for 200, within SLACK_MB plus the 10%;
keeping one TU's AST or SourceManager alive per TU (the leak this test
exists for) costs >= 100 KB even for these light TUs, hundreds of MB at
this scale. The 10% covers allocator and scheduling
noise (which TUs two workers happen to hold at the same time).

Prints one line per run (wall s, CPU s, peak RSS MB) and exits non-zero
with a reason on the first failed check.
"""
import argparse
import os
import re
import subprocess
import sys
import time

SLOPE = 1.10
SLACK_MB = 16


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def generate(gen, out, tus, share):
    subprocess.run([sys.executable, gen, out, "--tus", str(tus), "--share",
                    str(share), "--light"], check=True,
                   stdout=subprocess.DEVNULL)
    return round(tus * share / 100.0)


def run(migrate, corpus, jobs, prefilter, tag, outdir):
    """Runs the tool under /usr/bin/time; returns (findings, fixes, rss KB)."""
    base = os.path.join(outdir, tag)
    fixes = base + ".yaml"
    cmd = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", base + ".time",
           migrate, "-p", os.path.join(corpus, "build"), "-j", str(jobs),
           "--no-cache", "--quiet", "--export-fixes=" + fixes]
    if not prefilter:
        cmd.append("--no-prefilter")
    with open(base + ".out", "wb") as out, open(base + ".err", "wb") as err:
        rc = subprocess.run(cmd, stdout=out, stderr=err).returncode
    if rc != 1:
        fail("%s: exit code %d, expected 1 (findings); see %s.err"
             % (tag, rc, base))
    wall, user, sys_, rss = open(base + ".time").read().split()[-4:]
    print("%-22s wall %7.2f s  cpu %7.2f s  peak RSS %6.1f MB"
          % (tag, float(wall), float(user) + float(sys_), int(rss) / 1024.0),
          flush=True)
    with open(base + ".out", "rb") as fh:
        lines = fh.read().splitlines()
    findings = sorted(l for l in lines
                      if re.match(rb"^/.*:\d+:\d+: warning: ", l))
    with open(fixes, "rb") as fh:
        return findings, fh.read(), int(rss)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--migrate", required=True)
    ap.add_argument("--gen", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tus", type=int, default=2000)
    ap.add_argument("--small", type=int, default=200)
    ap.add_argument("--share", type=float, default=10)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    if not os.access("/usr/bin/time", os.X_OK):
        fail("GNU time (/usr/bin/time) is needed to measure peak RSS")
    os.makedirs(a.out, exist_ok=True)
    start = time.time()
    big = os.path.join(a.out, "big")
    small = os.path.join(a.out, "small")
    n_big = generate(a.gen, big, a.tus, a.share)
    n_small = generate(a.gen, small, a.small, a.share)

    ref = None
    for prefilter in (True, False):
        mode = "prefilter" if prefilter else "no-prefilter"
        for jobs in sorted({a.jobs, 1}, reverse=True):
            tag = "%d-tus-j%d-%s" % (a.tus, jobs, mode)
            findings, fixes, rss = run(a.migrate, big, jobs, prefilter, tag,
                                       a.out)
            if len(findings) != n_big:
                fail("%s: %d findings, expected %d (one per library TU)"
                     % (tag, len(findings), n_big))
            stag = "%d-tus-j%d-%s" % (a.small, jobs, mode)
            sfind, _, srss = run(a.migrate, small, jobs, prefilter, stag,
                                 a.out)
            if len(sfind) != n_small:
                fail("%s: %d findings, expected %d" % (stag, len(sfind),
                                                       n_small))
            bound = SLOPE * srss + SLACK_MB * 1024
            if rss > bound:
                fail("%s: peak RSS %.1f MB > %.2f x %.1f MB (%s) + %d MB: "
                     "memory grows with the number of TUs"
                     % (tag, rss / 1024, SLOPE, srss / 1024, stag, SLACK_MB))
            if ref is None:
                ref = (tag, findings, fixes)
                continue
            if findings != ref[1]:
                fail("%s: findings differ from %s" % (tag, ref[0]))
            if fixes != ref[2]:
                fail("%s: exported fixes differ from %s" % (tag, ref[0]))
    print("OK: %d and %d TUs, -j%d and -j1, with and without the prefilter: "
          "identical findings and fixes, flat memory (%.0f s)"
          % (a.tus, a.small, a.jobs, time.time() - start))


if __name__ == "__main__":
    main()
