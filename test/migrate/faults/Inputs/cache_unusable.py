"""cache_unusable.py SCENARIO WORK MIGRATE INCLUDE_DIR -- MAKE_PROJECT...

A result cache that cannot be used never changes the verdict (issue 26): in a
mount namespace of this script's own (unshare -m, or -r -m when not root), a
tiny tmpfs at WORK/mnt holds a project (MAKE_PROJECT, a make_project.py
command) and the cache directory WORK/mnt/cache. SCENARIO:

  full       the disk is full: the cache cannot be written at all
  fills      the disk has room for the probe and little more: it fills up
             while the run stores its results (-j1, five TUs)
  read-only  the cache, filled by a first run before a source changed, is a
             read-only bind mount (the test runs as root in CI, where mode
             bits stop no write)

Runs the tool with --cache-dir=WORK/mnt/cache and with --no-cache, and
prints both exit statuses, whether their reports (stdout) are identical, the
stderr lines that mention the cache, and whether the project is unchanged."""
import os
import subprocess
import sys

from mount_namespace import fill_but, reexec, tree

MARK = "TT_CACHE_UNUSABLE_IN_NAMESPACE"
FILES = ["proj/src/legacy.cpp", "proj/src/clean.cpp", "proj/src/user1.cpp",
         "proj/src/user2.cpp", "proj/src/unrelated.cpp",
         "proj/include/shared.h"]


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)


def main():
    reexec(MARK)
    scenario, work, migrate, include = sys.argv[1:5]
    make_project = sys.argv[sys.argv.index("--") + 1:]
    mount = os.path.join(work, "mnt")
    os.makedirs(mount, exist_ok=True)
    subprocess.check_call(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs",
                           mount])
    try:
        proj, cache = os.path.join(mount, "proj"), os.path.join(mount, "cache")
        subprocess.check_call(make_project + [proj, include] + FILES)
        tool = [migrate, "-p", os.path.join(proj, "build"), "-j1"]
        if scenario == "full":
            fill_but(mount, 0)
        elif scenario == "fills":
            fill_but(mount, 8192)
        elif scenario == "read-only":
            os.makedirs(cache)
            run(tool + ["--cache-dir=" + cache])
            # A result to store: a warm cache alone would need no write.
            with open(os.path.join(proj, "src", "clean.cpp"), "a") as fh:
                fh.write("// edited\n")
            subprocess.check_call(["mount", "--bind", cache, cache])
            subprocess.check_call(["mount", "-o", "remount,bind,ro", cache])
        before = tree(proj)
        cached = run(tool + ["--cache-dir=" + cache])
        plain = run(tool + ["--no-cache"])
        print("exit: %d, with --no-cache: %d" % (cached.returncode,
                                                 plain.returncode))
        print("same report as --no-cache: %s"
              % ("yes" if cached.stdout == plain.stdout else "no"))
        for line in cached.stderr.splitlines():
            if "cache" in line:
                print(line)
        print("project unchanged: %s" % ("yes" if tree(proj) == before else "no"))
    finally:
        subprocess.call(["umount", "-R", mount])


main()
