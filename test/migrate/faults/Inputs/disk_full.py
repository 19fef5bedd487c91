"""disk_full.py --probe
disk_full.py SCENARIO MOUNT MIGRATE INCLUDE_DIR -- MAKE_PROJECT...
disk_full.py over DIR [--room=BYTES] -- COMMAND...

Runs a transformers-migrate scenario on a full disk: a tiny tmpfs mounted at
MOUNT in a mount namespace of this script's own (unshare -m, or -r -m when
not root), so nothing outside is touched. The project (MAKE_PROJECT, a
make_project.py command, with proj/src/legacy.cpp) lives on the tmpfs, which
is then filled to the last byte. SCENARIO:

  fix      --fix: the temporary file cannot be written
  export   --export-fixes=MOUNT/fixes.yaml
  cache    --cache-dir=MOUNT/cache (the result cache cannot be written)

Prints the tool's exit code and stderr, whether every file of the project
is byte-identical afterwards, and which files are new.

"over" puts one directory of a project on a full disk and leaves the rest
where it is: a tiny tmpfs is mounted over DIR (in the mount namespace, so
DIR's own files are hidden, never touched) holding a copy of DIR's files,
filled but for BYTES (default 0; a multiple of 4096: the temporary of a
file larger than that fills the disk half-way through its write). COMMAND
(a transformers-migrate run over the whole project) then runs; prints its
exit code and stderr, the free space it had, whether it was less than the
largest file of DIR, whether DIR's files are byte-identical afterwards and
which files are new there."""
import os
import subprocess
import sys

from mount_namespace import fill, fill_but, reexec, tree

MARK = "TT_DISK_FULL_IN_NAMESPACE"


def over(directory, room, command):
    """The "over" scenario (see above)."""
    files = {}
    for rel in tree(directory):
        path = os.path.join(directory, rel)
        with open(path, "rb") as fh:
            files[rel] = (fh.read(), os.stat(path).st_mode & 0o7777)
    subprocess.check_call(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs",
                           directory])
    try:
        for rel, (data, mode) in files.items():
            path = os.path.join(directory, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(data)
            os.chmod(path, mode)
        before = tree(directory)
        fill_but(directory, room)
        st = os.statvfs(directory)
        free = st.f_bavail * st.f_frsize
        largest = max(len(data) for data, _ in files.values())
        run = subprocess.run(command, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        after = tree(directory)
        after.pop("filler", None)
        print("exit: %d" % run.returncode)
        sys.stdout.write(run.stderr)
        print("free space: %d bytes; less than the largest file: %s" %
              (free, "yes" if free < largest else "no"))
        print("directory unchanged: %s" % ("yes" if before == after else "no"))
        new = sorted(set(after) - set(before))
        print("new files: %s" % (" ".join(new) or "none"))
    finally:
        subprocess.call(["umount", directory])


reexec(MARK)
if sys.argv[1] == "over":
    rest = sys.argv[3:sys.argv.index("--")]
    room = int(rest[0][len("--room="):]) if rest else 0
    over(os.path.abspath(sys.argv[2]), room, sys.argv[sys.argv.index("--") + 1:])
    sys.exit(0)
if sys.argv[1] == "--probe":
    d = "/tmp/tt-disk-full-probe-%d" % os.getpid()
    os.makedirs(d, exist_ok=True)
    try:
        rc = subprocess.call(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", d],
                             stderr=subprocess.DEVNULL)
        if rc == 0:
            subprocess.call(["umount", d])
    finally:
        os.rmdir(d)
    sys.exit(rc)

scenario, mount, migrate, include = sys.argv[1:5]
make_project = sys.argv[sys.argv.index("--") + 1:]
os.makedirs(mount, exist_ok=True)
subprocess.check_call(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mount])
try:
    proj = os.path.join(mount, "proj")
    subprocess.check_call(make_project + [proj, include, "proj/src/legacy.cpp"])
    before = tree(proj)
    fill(mount)
    cmd = [migrate, "-p", os.path.join(proj, "build")]
    if scenario == "fix":
        cmd += ["--no-cache", "--fix"]
    elif scenario == "export":
        cmd += ["--no-cache", "--export-fixes=" + os.path.join(mount, "fixes.yaml")]
    elif scenario == "cache":
        cmd += ["--cache-dir=" + os.path.join(mount, "cache")]
    run = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    after = tree(proj)
    print("exit: %d" % run.returncode)
    sys.stdout.write(run.stderr)
    print("project unchanged: %s" % ("yes" if before == after else "no"))
    extra = sorted(set(os.listdir(mount)) - {"proj", "filler"})
    new = sorted(set(after) - set(before))
    print("new files: %s" % (" ".join(extra + new) or "none"))
finally:
    subprocess.call(["umount", mount])
