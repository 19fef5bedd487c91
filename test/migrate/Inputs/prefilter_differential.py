"""prefilter_differential.py MIGRATE INCLUDE_DIR WORK

The fast paths never change the verdict (issue 26): builds a corpus of odd
translation units in WORK/proj from Inputs/prefilter-odd/, plus what git
should not hold (an include chain deeper than clang's limit and one within
it, a symlink, a named pipe), then runs MIGRATE on each TU alone and on the
whole set, with the defaults (a fresh --cache-dir) and with --no-prefilter
--no-cache, and the whole set once more on the warm cache. Each pair must
agree on the exit status and on the report (stdout, lines sorted).

Prints one line per TU:
  NAME: exit N, F findings, E errors, skipped: yes|no, same: yes|no
and the whole set's lines; a difference prints both reports. Every run is
bounded (a time limit, and an address-space limit unless sanitized), so a run
that hangs on a pipe or reads a device forever fails the test, not the
machine. Pipes are fed as a build would feed them, once per run: the named
pipe include/odd_fifo.h by a writer that waits for its reader, and the tool's
standard input (/dev/stdin) with a line. Each defines what its TU uses, so a
run that read one twice (the scan, then the parse) fails to compile it, and
one that waits for a second writer times out."""
import concurrent.futures
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "prefilter-odd")
CLANG_INCLUDE_LIMIT = 200

# Flags a TU needs beyond the common ones.
EXTRA_FLAGS = {
    "warning_werror.cpp": ["-Werror=#warnings"],
    "include_next.cpp": ["-I{inc}/next1", "-I{inc}/next2"],
    "forced_include.cpp": ["-include", "transformers/transformers.h"],
}


def chain(inc, name, depth):
    """include/chain/NAME/0.h includes 1.h ... DEPTH.h, which brings the
    library."""
    d = os.path.join(inc, "chain", name)
    os.makedirs(d)
    for i in range(depth):
        with open(os.path.join(d, "%d.h" % i), "w") as fh:
            fh.write('#include "%d.h"\n' % (i + 1))
    with open(os.path.join(d, "%d.h" % depth), "w") as fh:
        fh.write("#include <transformers/transformers.h>\n")


def make_corpus(proj, include_dir):
    shutil.copytree(CORPUS, proj, symlinks=True)
    inc = os.path.join(proj, "include")
    chain(inc, "over", CLANG_INCLUDE_LIMIT + 5)
    chain(inc, "under", CLANG_INCLUDE_LIMIT - 50)
    os.symlink("real.h", os.path.join(inc, "once", "link.h"))
    os.mkfifo(os.path.join(inc, "odd_fifo.h"))
    build = os.path.join(proj, "build")
    os.makedirs(build)
    entries = []
    for name in sorted(os.listdir(os.path.join(proj, "src"))):
        src = os.path.join(proj, "src", name)
        extra = [f.format(inc=inc) for f in EXTRA_FLAGS.get(name, [])]
        entries.append({
            "directory": build,
            "file": src,
            "arguments": ["clang++", "-std=c++20", "-I" + include_dir,
                          "-I" + inc] + extra + ["-c", src, "-o",
                                                 name + ".o"],
        })
    with open(os.path.join(build, "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=2)
    return build, [e["file"] for e in entries]


def bounded():
    # Unsanitized only: ASan reserves terabytes of address space.
    if "ASAN_OPTIONS" not in os.environ:
        limit = 4 << 30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


STDIN = b"int dev_stdin_value = 1;\n"
FIFO_CONTENT = b"int fifo_value = 2;\n"


class FifoWriter:
    """Writes FIFO_CONTENT once to the named pipe PATH, when a reader opens
    it; stop() releases a writer no run read from."""

    def __init__(self, path):
        self.path = path
        self.thread = threading.Thread(target=self.write)
        self.thread.start()

    def write(self):
        with open(self.path, "wb") as fh:  # waits for the reader
            fh.write(FIFO_CONTENT)

    def stop(self):
        if self.thread.is_alive():
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
            self.thread.join()
            os.close(fd)


def run(cmd, timeout, fifo=None):
    """(exit status or 'timeout', stdout, stderr) of CMD, its standard input
    STDIN, the named pipe FIFO (if any) fed once."""
    writer = FifoWriter(fifo) if fifo else None
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=out,
                                stderr=err, preexec_fn=bounded)
        proc.stdin.write(STDIN)
        proc.stdin.close()
        try:
            status = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            status = "timeout"
        if writer:
            writer.stop()
        out.seek(0)
        err.seek(0)
        return (status, out.read().decode("utf-8", "replace"),
                err.read().decode("utf-8", "replace"))


def report(stdout):
    return sorted(stdout.splitlines())


def skipped(stderr):
    m = re.search(r": (\d+) skipped by the prefilter \((\d+) decided now, "
                  r"(\d+) from the cache\)", stderr)
    return tuple(int(g) for g in m.groups()) if m else None


def compare(label, fast, slow):
    # A run that timed out or was killed by a signal agrees with nothing.
    same = (isinstance(fast[0], int) and fast[0] >= 0 and fast[0] == slow[0]
            and report(fast[1]) == report(slow[1]))
    if not same:
        for name, r in (("defaults", fast), ("--no-prefilter --no-cache", slow)):
            sys.stdout.write("--- %s: %s, with %s: exit %s\n%s--- stderr:\n%s"
                             % (label, name, name, r[0], r[1], r[2][-3000:]))
    return same


def main():
    migrate, include_dir, work = sys.argv[1:4]
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    build, files = make_corpus(os.path.join(work, "proj"), include_dir)
    base = [migrate, "-p", build, "--run-stats"]
    slow_flags = ["--no-prefilter", "--no-cache"]
    fifo = os.path.join(work, "proj", "include", "odd_fifo.h")

    def alone(i, f, slow):
        flags = slow_flags if slow else [
            "--cache-dir=" + os.path.join(work, "cache-%d" % i)]
        return run(base + ["-j1"] + flags + [f], 120,
                   fifo if f.endswith("/fifo.cpp") else None)

    # Two runs at a time, one TU each; the pipe's two runs one after the
    # other (one pipe, one writer at a time).
    piped = [f for f in files if f.endswith("/fifo.cpp")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = {f: (pool.submit(alone, i, f, False),
                       pool.submit(alone, i, f, True))
                   for i, f in enumerate(files) if f not in piped}
        results = {f: (a.result(), b.result()) for f, (a, b) in futures.items()}
    for f in piped:
        i = files.index(f)
        results[f] = (alone(i, f, False), alone(i, f, True))
    all_same = True
    base.append("-j2")
    for f in files:
        name = os.path.basename(f)
        fast, slow = results[f]
        same = compare(name, fast, slow)
        all_same = all_same and same
        lines = report(fast[1])
        findings = sum(1 for l in lines if "[transformers-" in l)
        errors = sum(1 for l in lines
                     if re.search(r"(^|: )error: .*\[clang-", l))
        skips = skipped(fast[2])
        print("%s: exit %s, %d findings, %d errors, skipped: %s, same: %s"
              % (name, fast[0], findings, errors,
                 "yes" if skips and skips[0] else "no",
                 "yes" if same else "no"))
    cache = "--cache-dir=" + os.path.join(work, "cache-all")
    cold = run(base + [cache], 300, fifo)
    slow = run(base + slow_flags, 300, fifo)
    warm = run(base + [cache], 300, fifo)
    cold_same = compare("whole set", cold, slow)
    warm_same = compare("whole set, warm cache", warm, slow)
    print("whole set: exit %s, skipped %s, same: %s"
          % (cold[0], skipped(cold[2]), "yes" if cold_same else "no"))
    print("whole set, warm cache: exit %s, skipped %s, same: %s"
          % (warm[0], skipped(warm[2]), "yes" if warm_same else "no"))
    all_same = all_same and cold_same and warm_same
    print("all the same: %s" % ("yes" if all_same else "no"))


main()
