"""no_writes.py ALLOWED -- COMMAND...

Runs COMMAND under strace -f and lists every file it created, opened for
writing, truncated, renamed, linked, removed or made a directory of outside
the path prefixes in the file ALLOWED (one per line; may be empty), and
every program it executed besides COMMAND itself. Prints "writes: none" /
"executed: none" or the offending calls, and exits with COMMAND's status."""
import os
import re
import subprocess
import sys
import tempfile

allowed_file = sys.argv[1]
cmd = sys.argv[sys.argv.index("--") + 1:]
allowed = [l.strip() for l in open(allowed_file) if l.strip()]
allowed += ["/dev/null", "/dev/tty"]

log = tempfile.NamedTemporaryFile(prefix="no-writes-", suffix=".strace",
                                  delete=False).name
# LeakSanitizer cannot run under ptrace: in the sanitized build it would
# abort the traced tool. ASan and UBSan stay on.
env = dict(os.environ)
if "ASAN_OPTIONS" in env:
    env["ASAN_OPTIONS"] += ":detect_leaks=0"
try:
    rc = subprocess.call(
        ["strace", "-f", "-qq", "-o", log, "-e",
         "trace=open,openat,openat2,creat,truncate,rename,renameat,renameat2,"
         "link,linkat,symlink,symlinkat,unlink,unlinkat,mkdir,mkdirat,"
         "rmdir,execve,execveat"] + cmd, env=env)
    calls = open(log).read().splitlines()
finally:
    os.remove(log)

WRITE_FLAGS = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC")
writes, executed, first_exec = [], [], True
for line in calls:
    m = re.match(r'^\d+\s+(\w+)\((.*)\)\s+=\s+(-?\d+)', line)
    if not m or m.group(3).startswith("-"):
        continue  # a failed call wrote nothing
    name, args = m.group(1), m.group(2)
    paths = re.findall(r'"((?:[^"\\]|\\.)*)"', args)
    if name.startswith("exec"):
        if first_exec:
            first_exec = False
        else:
            executed.append(line)
        continue
    if name.startswith("open"):
        if not any(f in args for f in WRITE_FLAGS):
            continue
        paths = paths[:1]
    elif name.startswith(("link", "symlink")):
        # Only the new name is written: the old one of a link (e.g. the
        # /proc/self/fd/N of an O_TMPFILE being given its name) is left as
        # it was, and a symlink's target is only text.
        paths = paths[-1:]
    for p in paths:
        if not any(p == a or p.startswith(a.rstrip("/") + "/") for a in allowed):
            writes.append("%s %s" % (name, p))
print("writes: " + (", ".join(writes) if writes else "none"))
print("executed: " + ("; ".join(executed) if executed else "none"))
sys.exit(rc)
