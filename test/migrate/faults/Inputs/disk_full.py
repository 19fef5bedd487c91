"""disk_full.py --probe
disk_full.py SCENARIO MOUNT MIGRATE INCLUDE_DIR -- MAKE_PROJECT...

Runs a transformers-migrate scenario on a full disk: a tiny tmpfs mounted at
MOUNT in a mount namespace of this script's own (unshare -m, or -r -m when
not root), so nothing outside is touched. The project (MAKE_PROJECT, a
make_project.py command, with proj/src/legacy.cpp) lives on the tmpfs, which
is then filled to the last byte. SCENARIO:

  fix      --fix: the temporary file cannot be written
  export   --export-fixes=MOUNT/fixes.yaml
  cache    --cache-dir=MOUNT/cache (the result cache cannot be written)

Prints the tool's exit code and stderr, whether every file of the project
is byte-identical afterwards, and which files are new."""
import hashlib
import os
import subprocess
import sys

MARK = "TT_DISK_FULL_IN_NAMESPACE"


def reexec():
    if os.environ.get(MARK):
        return
    env = dict(os.environ, **{MARK: "1"})
    unshare = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-r", "-m"]
    sys.exit(subprocess.call(unshare + [sys.executable] + sys.argv, env=env))


def tree(root):
    out = {}
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = hashlib.sha256(fh.read()).hexdigest()
    return out


def fill(mount):
    """Writes zeros until the file system is full."""
    with open(os.path.join(mount, "filler"), "wb", buffering=0) as fh:
        block = b"\0" * 4096
        try:
            while True:
                fh.write(block)
        except OSError:
            pass
        try:
            while True:
                fh.write(b"\0")
        except OSError:
            pass


reexec()
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
