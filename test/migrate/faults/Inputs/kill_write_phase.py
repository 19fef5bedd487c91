"""kill_write_phase.py MIGRATE INCLUDE_DIR WORKDIR [--files=N] [--seed=S]

SIGKILLs transformers-migrate --fix at many points of its write phase over a
generated tree of N legacy headers (default 300; in 6 directories, every one
included by one translation unit that has a finding of its own), and checks
after every kill that:

  * each file is byte-identical to its original or to its fixed version (the
    one a reference run writes): never half-written, never lost;
  * no temporary file (".NAME.transformers-migrate-PID-XXXXXX.tmp") is left,
    except possibly one when the kill lands between the temporary's link
    and the end of the exchange (unnamed temporaries, O_TMPFILE); with
    --testing-named-temporaries (the fallback) the one being written stays;
  * a following --fix run removes what was left, says so, and fixes the rest.

The kills: at the pause before the (k+1)-th file is replaced, for several k
(--testing-pause-before-commit), once more in the fallback mode, and at
random delays into the write phase (seeded; the seed is printed).

The tree is on a tmpfs, so that the fsyncs of hundreds of writes cost
nothing: a private one mounted at WORKDIR when a mount namespace can be had
(as disk_full.py makes one), else a fresh directory in /dev/shm (removed at
the end), else WORKDIR as it is (slower). Prints one line per check for
FileCheck; exits 1 at the first violation."""
import atexit
import hashlib
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

MARK = "TT_KILL_WRITE_PHASE_IN_NAMESPACE"
TEMPORARY = re.compile(r"^\..*\.transformers-migrate-[0-9]+-[0-9a-f]{6}\.tmp$")
LEFT_BY_TOOL = re.compile(r"\.transformers-migrate-")


def on_tmpfs(workdir):
    """Runs this script again in a mount namespace of its own with a tmpfs
    at WORKDIR; else returns the directory to work in and what it is."""
    if os.environ.get(MARK):
        return workdir, "a private tmpfs"
    os.makedirs(workdir, exist_ok=True)
    unshare = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-r", "-m"]
    script = ("mount -t tmpfs -o size=64m tmpfs \"$1\" && shift && "
              "exec \"$@\"")
    env = dict(os.environ, **{MARK: "1"})
    try:
        probe = subprocess.run(unshare + ["sh", "-c", script, "sh", workdir,
                                          "true"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL).returncode
    except OSError:
        probe = 1
    if probe == 0:
        sys.exit(subprocess.call(unshare + ["sh", "-c", script, "sh", workdir,
                                            sys.executable] + sys.argv, env=env))
    with open("/proc/mounts") as fh:
        shm = any(line.split()[1:3] == ["/dev/shm", "tmpfs"] for line in fh)
    if shm and os.access("/dev/shm", os.W_OK):
        shared = tempfile.mkdtemp(prefix="tt-kill-write-phase-", dir="/dev/shm")
        atexit.register(shutil.rmtree, shared, True)
        return shared, "/dev/shm"
    return workdir, "the disk"


def fail(why):
    print("FAILED: " + why, flush=True)
    sys.exit(1)


def generate(root, include, files):
    """The original tree: root/libD/hNNN.h (D = NNN % 6), root/src/main.cpp
    including every header, root/build/compile_commands.json."""
    headers = []
    for i in range(files):
        rel = "lib%d/h%03d.h" % (i % 6, i)
        headers.append(rel)
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write("#pragma once\n#include <transformers/transformers.h>\n\n"
                     "inline transformers::CausalLMOutput\n"
                     "step%03d(const transformers::LlamaForCausalLM &model,\n"
                     "        const transformers::LegacyCache &legacy) {\n"
                     "  return model.forward({{%d}}, legacy);\n}\n" % (i, i))
    main = os.path.join(root, "src", "main.cpp")
    os.makedirs(os.path.dirname(main))
    with open(main, "w") as fh:
        for rel in headers:
            fh.write('#include "%s"\n' % rel)
        fh.write("\nint run(const transformers::LlamaForCausalLM &model,\n"
                 "        const transformers::LegacyCache &legacy) {\n"
                 "  return static_cast<int>(model.forward({{0}}, legacy)"
                 ".logits.numel());\n}\n")
    os.makedirs(os.path.join(root, "build"))
    with open(os.path.join(root, "build", "compile_commands.json"), "w") as fh:
        fh.write('[{"directory": "%s", "file": "%s", "arguments": '
                 '["clang++", "-std=c++20", "-I%s", "-I%s", "-c", "%s", '
                 '"-o", "main.o"]}]\n' % (os.path.join(root, "build"), main,
                                          include, root, main))


def contents(root):
    """Relative path -> sha256 of every file below root but build/."""
    out = {}
    for dirpath, dirnames, names in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "build"]
        for n in names:
            p = os.path.join(dirpath, n)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = hashlib.sha256(fh.read()).hexdigest()
    return out


class Tool:
    """One --fix run with --testing-pause-before-commit: on_pause(n) is
    called at the n-th pause (from 1) and says whether to let it go on."""

    def __init__(self, cmd, fifo):
        for f in (fifo, fifo + ".go"):
            if os.path.exists(f):
                os.remove(f)
            os.mkfifo(f)
        self.fifo = fifo
        self.announce = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.proc = subprocess.Popen(cmd + ["--testing-pause-before-commit=" + fifo],
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        self.pauses = 0
        self.buf = b""

    def next_pause(self, timeout):
        """Waits for the next pause; False when the tool ended or timed out."""
        deadline = time.time() + timeout
        while b"\n" not in self.buf:
            if self.proc.poll() is not None or time.time() > deadline:
                return False
            select.select([self.announce], [], [], 0.05)
            try:
                self.buf += os.read(self.announce, 4096)
            except BlockingIOError:
                pass
        _, self.buf = self.buf.split(b"\n", 1)
        self.pauses += 1
        return True

    def release(self):
        os.close(os.open(self.fifo + ".go", os.O_WRONLY))

    def kill(self):
        self.proc.kill()
        self.proc.wait()
        os.close(self.announce)

    def finish(self):
        _, err = self.proc.communicate(timeout=300)
        os.close(self.announce)
        return self.proc.returncode, err


def leftovers(root):
    """Every file a run of the tool left: temporaries, saved versions."""
    out = []
    for dirpath, _, names in os.walk(root):
        out += [os.path.join(dirpath, n) for n in names if LEFT_BY_TOOL.search(n)]
    return sorted(out)


def check_tree(root, orig, fixed, what, allowed_leftovers):
    now = contents(root)
    left = leftovers(root)
    for p in left:
        now.pop(os.path.relpath(p, root), None)
    if set(now) != set(orig):
        fail("%s: files appeared or vanished: %s" %
             (what, sorted(set(now) ^ set(orig))))
    bad = [p for p in now if now[p] not in (orig[p], fixed[p])]
    if bad:
        fail("%s: neither original nor fixed: %s" % (what, bad[:5]))
    if len(left) > allowed_leftovers or \
            any(not TEMPORARY.match(os.path.basename(p)) for p in left):
        fail("%s: left behind: %s" % (what, left))
    for p in left:  # what a temporary holds is complete too
        with open(p, "rb") as fh:
            digest = hashlib.sha256(fh.read()).hexdigest()
        target = os.path.relpath(p, root)
        target = os.path.join(os.path.dirname(target),
                              os.path.basename(target)[1:].split(
                                  ".transformers-migrate-")[0])
        if digest not in (orig[target], fixed[target]):
            fail("%s: the temporary %s is incomplete" % (what, p))
    return sum(now[p] == fixed[p] != orig[p] for p in now), left


def reset(root, pristine):
    shutil.rmtree(root)
    shutil.copytree(pristine, root, symlinks=True)


def main():
    sys.stdout.reconfigure(line_buffering=True)
    migrate, include, workdir = sys.argv[1:4]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[4:])
    files = int(opts.get("files", 300))
    seed = int(opts.get("seed", random.randrange(1 << 30)))
    workdir, where = on_tmpfs(workdir)
    print("seed: %d (--seed=%d repeats the random kills); on %s"
          % (seed, seed, where))
    root, pristine = os.path.join(workdir, "tree"), os.path.join(workdir, "orig")
    fifo, cache = os.path.join(workdir, "pause"), os.path.join(workdir, "cache")
    for d in (root, pristine, cache):
        shutil.rmtree(d, ignore_errors=True)
    generate(root, include, files)
    shutil.copytree(root, pristine, symlinks=True)
    orig = contents(root)
    fix = [migrate, "-p", os.path.join(root, "build"), "--fix",
           "--header-filter=.*", "--cache-dir=" + cache]
    # Verification re-parses the translation unit: only the reference run
    # verifies its plan; the kills are about the writes.
    fast_fix = fix + ["--no-verify"]

    # The reference run: every file fixed; how long its write phase lasts.
    tool = Tool(fix, fifo)
    start = None
    while tool.next_pause(300):
        start = start or time.time()
        tool.release()
    code, err = tool.finish()
    write_phase = time.time() - (start or time.time())
    fixed = contents(root)
    changed = sum(fixed[p] != orig[p] for p in orig)
    print("reference: exit %d, %d files, %d fixed, %d pauses, left: %d" %
          (code, len(orig), changed, tool.pauses, len(leftovers(root))))
    if code != 0 or changed != len(orig) or tool.pauses != len(orig):
        fail("the reference run did not fix every file:\n" + err)

    def kill_at_pause(k, extra=()):
        reset(root, pristine)
        tool = Tool(fast_fix + list(extra), fifo)
        for _ in range(k):
            if not tool.next_pause(120):
                fail("the run ended before pause %d: %s" % (k + 1, tool.finish()))
            tool.release()
        if not tool.next_pause(120):
            fail("the run ended before pause %d: %s" % (k + 1, tool.finish()))
        tool.kill()

    def follow_up(what, expect_left):
        code, err = run_fix(fast_fix)
        removed = err.count("a temporary file left by an interrupted run")
        if code != 0 or contents(root) != fixed or leftovers(root) or \
                removed != expect_left:
            fail("%s: the next run (exit %d) did not clean up and fix the rest:"
                 "\n%s" % (what, code, err))
        return removed

    # Killed at the pause before the (k+1)-th replacement: exactly k files
    # are fixed, and the temporary of the next one, unnamed, is gone.
    ks = [0, 1, files // 3, files - 1, files]
    for k in ks:
        kill_at_pause(k)
        done, _ = check_tree(root, orig, fixed, "kill at pause %d" % (k + 1), 0)
        if done != k:
            fail("kill at pause %d: %d files fixed, not %d" % (k + 1, done, k))
    print("killed at pauses %s: intact, fixed exactly k, temporaries left: none"
          % " ".join(str(k + 1) for k in ks))
    follow_up("after the kill at pause %d" % (files + 1), 0)
    print("next run: nothing to remove, the rest fixed")

    # The fallback (no O_TMPFILE): the temporary being written is named and
    # stays after a SIGKILL; the next run removes it.
    kill_at_pause(files // 2, ["--testing-named-temporaries"])
    done, left = check_tree(root, orig, fixed, "named, kill at pause", 1)
    print("named temporaries, killed at pause %d: intact, %d fixed, "
          "temporaries left: %d" % (files // 2 + 1, done, len(left)))
    follow_up("after the named kill", 1)
    print("next run: removed 1, the rest fixed")

    # At random delays into the write phase (timed from its first pause):
    # anywhere, even between the link and the exchange.
    rng = random.Random(seed)
    for i in range(4):
        reset(root, pristine)
        tool = Tool(fast_fix, fifo)
        if not tool.next_pause(120):
            fail("random kill: no write phase: %s" % (tool.finish(),))
        deadline = time.time() + rng.uniform(0, write_phase)
        tool.release()
        while time.time() < deadline and tool.next_pause(deadline - time.time()):
            tool.release()
        tool.kill()
        done, left = check_tree(root, orig, fixed, "random kill %d" % i, 1)
        if i == 3:
            follow_up("after the random kills", len(left))
    print("random kills: 4, intact, at most one temporary left each; "
          "next run: the rest fixed")


def run_fix(cmd):
    run = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, timeout=300)
    return run.returncode, run.stderr


if __name__ == "__main__":
    main()
