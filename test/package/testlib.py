"""Small helpers shared by the install, package and client tests.

These tests are ctest tests (not lit): each drives real external programs
(cmake --install, cpack, dpkg-deb, a consumer CMake project, run-clang-tidy,
a JSON Schema validator) and asserts on their results. A test exits 77
(ctest SKIP_RETURN_CODE) only when an external program it needs is missing.
"""
import os
import shlex
import shutil
import stat
import subprocess
import sys

SKIP = 77


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def skip(message):
    print("SKIP: " + message, flush=True)
    sys.exit(SKIP)


def check(condition, message):
    if not condition:
        fail(message)


def run(cmd, cwd=None, env=None, expect=0, quiet=False):
    """Runs cmd; with `expect` set, fails unless it exits with that status.

    Returns the CompletedProcess with stdout and stderr as text.
    """
    print("$ " + " ".join(shlex.quote(str(c)) for c in cmd), flush=True)
    full_env = dict(os.environ)
    # Keep the user's clang-tidy configuration out of the tests.
    full_env.pop("CLANG_TIDY_CONFIG", None)
    if env:
        full_env.update(env)
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=full_env,
                          capture_output=True, text=True)
    if not quiet or (expect is not None and proc.returncode != expect):
        sys.stdout.write(proc.stdout)
        sys.stdout.write(proc.stderr)
    if expect is not None and proc.returncode != expect:
        fail("exit status %d, expected %d: %s"
             % (proc.returncode, expect, cmd[0]))
    return proc


def require_tool(path_or_name, why):
    """The absolute path of a program, or a clean skip when it is absent."""
    found = path_or_name if os.path.isabs(path_or_name) else \
        shutil.which(path_or_name)
    if not found or not os.access(found, os.X_OK):
        skip("%s not found (%s)" % (path_or_name, why))
    return found


def llvm_tool(name, major, bindir):
    """<bindir>/<name> of the LLVM release the project was built against,
    else <name>-<major> on PATH (Debian's versioned names)."""
    candidate = os.path.join(bindir, name)
    if os.access(candidate, os.X_OK):
        return candidate
    return require_tool("%s-%s" % (name, major),
                        "install the LLVM %s tools" % major)


def remove_tree(path):
    """Removes path if it exists, read-only directories included (Bazel
    leaves its external repositories and outputs read-only)."""
    if not os.path.lexists(path):
        return
    for root, dirs, _ in os.walk(path):
        for d in dirs:
            full = os.path.join(root, d)
            if not os.path.islink(full):
                os.chmod(full, os.stat(full).st_mode | stat.S_IWUSR)
    shutil.rmtree(path)


def fresh_dir(path):
    remove_tree(path)
    os.makedirs(path)
    return path


def copy_tree(src, dest):
    remove_tree(dest)
    shutil.copytree(src, dest)
    return dest


def read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def bazel_rules_files(source_dir, datadir):
    """The installed paths of the Bazel rules (bazel/ of the source tree),
    relative to the prefix."""
    rules = os.path.join(source_dir, "bazel")
    files = set()
    for root, dirs, names in os.walk(rules):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in names:
            files.add(os.path.join(datadir, "transformers-tidy", "bazel",
                                   os.path.relpath(os.path.join(root, name),
                                                   rules)))
    check(any(f.endswith("defs.bzl") for f in files),
          "no Bazel rules found under " + rules)
    return files


def write_compile_db(build_dir, sources, include_dirs, std="-std=c++20"):
    """compile_commands.json compiling each source with -I include_dirs."""
    import json
    os.makedirs(build_dir, exist_ok=True)
    entries = [{
        "directory": build_dir,
        "file": src,
        "arguments": ["clang++", std] + ["-I" + d for d in include_dirs] +
                     ["-c", src, "-o", os.path.basename(src) + ".o"],
    } for src in sources]
    with open(os.path.join(build_dir, "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=2)
