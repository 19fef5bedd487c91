"""unwritable.py --probe immutable|bind DIR
unwritable.py immutable DIR -- COMMAND...
unwritable.py bind FILE -- COMMAND...

Runs COMMAND (a transformers-migrate --fix run) while one fix target cannot
be written although its own mode allows it:

  immutable  DIR is made immutable (chattr +i; needs root and a file system
             with the attribute, such as ext4): no file can be created in
             it, so the tool cannot create its temporary file there. DIR is
             made mutable again whatever happens.
  bind       FILE is bind-mounted onto itself, as containers mount single
             files, in a mount namespace of this script's own (unshare -m,
             or -r -m when not root): a rename over it fails with EBUSY.

Prints the tool's exit code and stderr, whether every file of DIR (FILE's
directory) is byte-identical afterwards, and which files are new there.
--probe exits 0 when the scenario can be set up in DIR."""
import errno
import hashlib
import os
import subprocess
import sys
import tempfile

from mount_namespace import reexec

MARK = "TT_UNWRITABLE_IN_NAMESPACE"


def tree(root):
    out = {}
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if os.path.isfile(path):
            with open(path, "rb") as fh:
                out[name] = hashlib.sha256(fh.read()).hexdigest()
    return out


def chattr(flag, directory):
    return subprocess.call(["chattr", flag, directory],
                           stderr=subprocess.DEVNULL) == 0


def probe_immutable(parent):
    """chattr +i works in parent and stops file creation."""
    directory = tempfile.mkdtemp(prefix="immutable-probe-", dir=parent)
    try:
        if not chattr("+i", directory):
            return False
        try:
            open(os.path.join(directory, "f"), "w").close()
            return False
        except OSError as e:
            return e.errno == errno.EPERM
    finally:
        chattr("-i", directory)
        for name in os.listdir(directory):
            os.remove(os.path.join(directory, name))
        os.rmdir(directory)


def probe_bind(parent):
    """A file bind-mounted onto itself cannot be renamed over."""
    directory = tempfile.mkdtemp(prefix="bind-probe-", dir=parent)
    target, other = os.path.join(directory, "t"), os.path.join(directory, "o")
    try:
        for f in (target, other):
            open(f, "w").close()
        if subprocess.call(["mount", "--bind", target, target],
                           stderr=subprocess.DEVNULL):
            return False
        try:
            os.rename(other, target)
            return False
        except OSError as e:
            return e.errno == errno.EBUSY
        finally:
            subprocess.call(["umount", target])
    finally:
        for f in (target, other):
            if os.path.exists(f):
                os.remove(f)
        os.rmdir(directory)


def run(directory, command):
    before = tree(directory)
    result = subprocess.run(command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    after = tree(directory)
    print("exit: %d" % result.returncode)
    sys.stdout.write(result.stderr)
    print("directory unchanged: %s" % ("yes" if before == after else "no"))
    new = sorted(set(after) - set(before))
    print("new files: %s" % (" ".join(new) or "none"))


def main():
    scenario = sys.argv[1]
    if scenario == "--probe":
        kind, parent = sys.argv[2], sys.argv[3]
        if kind == "bind":
            reexec(MARK, quiet=sys.argv[1] == "--probe")
        ok = probe_immutable(parent) if kind == "immutable" else probe_bind(parent)
        sys.exit(0 if ok else 1)
    path = os.path.abspath(sys.argv[2])
    command = sys.argv[sys.argv.index("--") + 1:]
    if scenario == "immutable":
        if not chattr("+i", path):
            sys.exit("unwritable.py: chattr +i %s failed" % path)
        try:
            run(path, command)
        finally:
            chattr("-i", path)
    elif scenario == "bind":
        reexec(MARK, quiet=sys.argv[1] == "--probe")
        subprocess.check_call(["mount", "--bind", path, path])
        try:
            run(os.path.dirname(path), command)
        finally:
            subprocess.call(["umount", path])
    else:
        sys.exit("unwritable.py: unknown scenario " + scenario)


if __name__ == "__main__":
    main()
