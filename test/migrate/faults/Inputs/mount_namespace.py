"""What the fault scripts that need a private mount namespace share:
re-running themselves inside one (unshare -m; -r too when not root), the
checksums of a tree, and a file system filled to a given room."""
import hashlib
import os
import subprocess
import sys


def reexec(mark, quiet=False):
    """Re-runs this script in a private mount namespace (once: the
    environment variable MARK says it is already there); exits with its
    status. QUIET: the namespace's own errors are not shown (probes)."""
    if os.environ.get(mark):
        return
    env = dict(os.environ, **{mark: "1"})
    unshare = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-r", "-m"]
    try:
        sys.exit(subprocess.call(unshare + [sys.executable] + sys.argv, env=env,
                                 stderr=subprocess.DEVNULL if quiet else None))
    except OSError:
        sys.exit(1)


def tree(root):
    """{relative path: sha256} of every file below ROOT."""
    out = {}
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = hashlib.sha256(fh.read()).hexdigest()
    return out


def fill(directory):
    """Writes zeros to DIRECTORY/filler until its file system is full, to
    the last byte."""
    with open(os.path.join(directory, "filler"), "wb", buffering=0) as fh:
        for block in (b"\0" * 4096, b"\0"):
            try:
                while True:
                    fh.write(block)
            except OSError:
                pass


def fill_but(directory, room):
    """Fills the file system of DIRECTORY, then frees ROOM bytes of it."""
    fill(directory)
    filler = os.path.join(directory, "filler")
    os.truncate(filler, max(0, os.path.getsize(filler) - room))
