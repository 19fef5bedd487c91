"""Helpers for the Debian package tests: build, inspect and install .debs.

Everything works on files and scratch directories: nothing here reads or
writes the real system's /usr or dpkg database.
"""
import glob
import os
import re
import shutil

from testlib import check, fail, fresh_dir, run, write, write_compile_db


def need_tool(name, why):
    """The path of a program that scripts/dev.sh installs: absent is a
    failure (a set-up problem), never a skip."""
    found = shutil.which(name)
    if not found:
        fail("%s not found (%s; scripts/dev.sh installs it)" % (name, why))
    return found


def build_debs(cpack, cpack_config, out_dir):
    """Runs cpack -G DEB into a fresh out_dir: {package name: .deb path}."""
    fresh_dir(out_dir)
    run([cpack, "-G", "DEB", "--config", cpack_config, "-B", out_dir],
        quiet=True)
    debs = {}
    for deb in sorted(glob.glob(os.path.join(out_dir, "*.deb"))):
        debs[field(deb, "Package")] = deb
    check(debs, "cpack made no .deb in " + out_dir)
    return debs


def fields(deb):
    """The control fields of a .deb, as a dict."""
    text = run(["dpkg-deb", "-f", deb], quiet=True).stdout
    result, name = {}, None
    for line in text.splitlines():
        if line.startswith((" ", "\t")) and name:
            result[name] += "\n" + line.strip()
            continue
        name, _, value = line.partition(":")
        result[name] = value.strip()
    return result


def field(deb, name):
    return fields(deb).get(name, "")


def relations(value):
    """'a (>= 1), b | c' -> {'a': '(>= 1)', 'b | c': ''}, by first name."""
    result = {}
    for item in filter(None, (r.strip() for r in value.split(","))):
        m = re.match(r"([a-z0-9][a-z0-9+.-]*)\s*(\(.*\))?", item)
        result[m.group(1)] = (m.group(2) or "")
    return result


def contents(deb):
    """{path: symlink target or None} of the files and symlinks of a .deb,
    paths relative to the root ('usr/bin/x')."""
    result = {}
    for line in run(["dpkg-deb", "-c", deb], quiet=True).stdout.splitlines():
        # drwxr-xr-x root/root 0 2026-12-03 12:00 ./usr/bin/
        parts = line.split(None, 5)
        mode, name = parts[0], parts[5]
        if mode.startswith("d"):
            continue
        target = None
        if mode.startswith("l"):
            name, _, target = name.partition(" -> ")
        result[os.path.normpath(name)] = target
    return result


def control_members(deb, work):
    """{name: mode} of the control archive's members (postinst, ...)."""
    out = fresh_dir(os.path.join(work, "control-" + os.path.basename(deb)))
    run(["dpkg-deb", "-e", deb, out], quiet=True)
    return {name: os.stat(os.path.join(out, name)).st_mode & 0o777
            for name in os.listdir(out)}


def init_root(root):
    """An empty root with an initialised dpkg database for `dpkg --root`."""
    fresh_dir(root)
    admin = os.path.join(root, "var", "lib", "dpkg")
    for d in ("info", "updates", "alternatives"):
        os.makedirs(os.path.join(admin, d))
    os.makedirs(os.path.join(root, "etc", "alternatives"))
    os.makedirs(os.path.join(root, "var", "log"))
    for f in ("status", "available"):
        open(os.path.join(admin, f), "w").close()
    return root


def dpkg(root, *args, expect=0):
    """dpkg on the scratch root only. Maintainer scripts run outside a
    chroot (nothing to chroot into) with DPKG_ROOT=root, which
    update-alternatives honours; --force-not-root lets an unprivileged user
    run it; dependencies outside the scratch root (libc6, clang-tidy-<N>)
    are not installed there, hence --force-depends. Never --force-overwrite:
    a file two packages ship must fail the installation."""
    env = {"PATH": os.pathsep.join(
        [os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])}
    return run(["dpkg", "--root=" + root, "--force-script-chrootless",
                "--force-not-root", "--force-depends",
                "--log=" + os.path.join(root, "var", "log", "dpkg.log")] +
               list(args), env=env, expect=expect)


def in_root(root, path):
    """Resolves path (absolute, as seen inside root) through symlinks, each
    absolute link target taken inside root too, as a chroot would."""
    for _ in range(40):
        host = os.path.join(root, path.lstrip("/"))
        if not os.path.islink(host):
            return host
        target = os.readlink(host)
        path = target if target.startswith("/") else \
            os.path.normpath(os.path.join(os.path.dirname(path), target))
    fail("symlink loop at " + path)


def legacy_project(proj, include_dir):
    """A one-file project under PROJ against the headers in INCLUDE_DIR,
    with one legacy hand-off: (source, build dir with its compile
    database, the finding's pattern)."""
    src = os.path.join(proj, "src", "app.cpp")
    write(src, """#include <transformers/transformers.h>

transformers::GenerateOutput
resume(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids,
       const transformers::LegacyCache &legacy) {
  return model.generate(ids, {}, {.past_key_values = legacy});
}
""")
    build = os.path.join(proj, "build")
    write_compile_db(build, [src], [include_dir])
    finding = re.compile(
        r"app\.cpp:7:54: warning: .*\[transformers-legacy-cache\]")
    return src, build, finding
