"""The scratch Bazel workspace of the Bazel client tests, and what they read
from a build.

Shared by bazel_aspect.py (the aspect, with a --disk_cache) and
bazel_remote_cache.py (the same aspect with an HTTP --remote_cache):
Inputs/bazel-workspace with the WORKSPACE, .bazelrc and commands of
docs/integrations.md's Bazel blocks (the scratch install's paths), Debian's
Bazel run offline (local stand-ins for rules_cc and rules_java, given with
--override_repository) under an output root of the test's own.
"""
import argparse
import json
import os
import shutil

from testlib import check, copy_tree, fresh_dir, read, write
from scratchlib import doc_block

TIDY = "TransformersTidy"


def parse_args():
    p = argparse.ArgumentParser()
    for opt in ("bazel", "doc", "prefix", "datadir", "llvm-major",
                "clang-tidy", "include-dir", "lib-dir", "inputs", "work"):
        p.add_argument("--" + opt, required=True)
    return p.parse_args()


def bazel_wrapper(path, bazel_real, output_user_root):
    """A `bazel` at PATH that uses OUTPUT_USER_ROOT and the rc files of the
    system (Debian's install base) and the workspace, not the user's."""
    write(path, "#!/bin/sh\nexec %s --output_user_root=%s --nohome_rc "
          "--max_idle_secs=300 \"$@\"\n" % (bazel_real, output_user_root))
    os.chmod(path, 0o755)


def setup(a, work, cache_lines):
    """A fresh WORK with the workspace (WORK/ws), the library's sources, the
    stand-ins and a `bazel` (WORK/bin, output root WORK/root). The
    workspace's .bazelrc has CACHE_LINES (the test's cache settings) before
    the page's block. Returns a namespace: ws, env (PATH and HOME for
    `bazel`), bazel_real, rules_dir and the page's commands (report_cmd,
    gate_cmd, apply_cmd, each a list of words)."""
    major = a.llvm_major
    fresh_dir(work)
    ws = copy_tree(a.inputs, os.path.join(work, "ws"))
    os.remove(os.path.join(ws, "WORKSPACE.in"))
    lib = os.path.join(work, "transformers-lib")
    os.makedirs(lib)
    os.symlink(os.path.abspath(a.include_dir), os.path.join(lib, "include"))
    os.symlink(os.path.abspath(a.lib_dir), os.path.join(lib, "lib"))

    stubs = os.path.join(work, "stubs")
    for repo, pkg, rules in (
            ("rules_cc", "cc", ["cc_binary", "cc_import", "cc_library",
                                "cc_test", "cc_toolchain",
                                "cc_toolchain_suite"]),
            ("rules_java", "java", ["java_binary", "java_import",
                                    "java_library", "java_plugin",
                                    "java_runtime", "java_test",
                                    "java_toolchain"])):
        write(os.path.join(stubs, repo, "WORKSPACE"), "")
        write(os.path.join(stubs, repo, "BUILD"), "")
        write(os.path.join(stubs, repo, pkg, "BUILD"), "")
        write(os.path.join(stubs, repo, pkg, "defs.bzl"), "".join(
            "def %s(**kwargs):\n    native.%s(**kwargs)\n\n" % (r, r)
            for r in rules))

    bindir = os.path.join(work, "bin")
    bazel_real = shutil.which(a.bazel)
    # `bazel` for the page's commands (apply_fixes runs it too).
    bazel_wrapper(os.path.join(bindir, "bazel"), bazel_real,
                  os.path.join(work, "root"))
    env = {"PATH": bindir + os.pathsep + os.environ["PATH"],
           "HOME": os.path.join(work, "home")}
    os.makedirs(env["HOME"])

    # --- The page's WORKSPACE and .bazelrc, with the install's paths.
    rules_dir = os.path.join(a.prefix, a.datadir, "transformers-tidy", "bazel")
    check(os.path.isfile(os.path.join(rules_dir, "defs.bzl")),
          "the install has no Bazel rules in " + rules_dir)
    workspace = doc_block(a.doc, "bazel WORKSPACE", "python")
    check("/usr/share/transformers-tidy/bazel" in workspace
          and "llvm_major = 19)" in workspace,
          "the page's WORKSPACE block no longer has the path and call this "
          "test adapts")
    workspace = workspace.replace("/usr/share/transformers-tidy/bazel",
                                  rules_dir)
    workspace = workspace.replace(
        "llvm_major = 19)",
        'llvm_major = %s, prefix = "%s", clang_tidy = "%s")'
        % (major, a.prefix, shutil.which(a.clang_tidy)))
    workspace = workspace.replace("llvm19", "llvm" + major)
    template = read(os.path.join(a.inputs, "WORKSPACE.in"))
    write(os.path.join(ws, "WORKSPACE"),
          template.replace("@WORKSPACE@", workspace).replace("@LIB_DIR@", lib))

    bazelrc = doc_block(a.doc, "bazel .bazelrc", "sh").replace(
        "llvm19", "llvm" + major)
    write(os.path.join(ws, ".bazelrc"), "\n".join([
        "# This test's: offline stand-ins, quiet sandbox, the cache.",
        "build --override_repository=rules_cc=%s"
        % os.path.join(stubs, "rules_cc"),
        "build --override_repository=rules_java=%s"
        % os.path.join(stubs, "rules_java"),
        "build --nosandbox_debug --cxxopt=-std=c++20"]
        + list(cache_lines) + [
        "# docs/integrations.md:",
        bazelrc]))

    commands = [line for line in
                doc_block(a.doc, "bazel commands", "sh").splitlines()
                if line.strip()]
    check(len(commands) == 3, "the page's Bazel commands block has %d "
          "commands, this test knows 3 (report, gate, apply)" % len(commands))
    report_cmd, gate_cmd, apply_cmd = [c.split("#")[0].split()
                                       for c in commands]
    return argparse.Namespace(ws=ws, env=env, bazel_real=bazel_real,
                              rules_dir=rules_dir, report_cmd=report_cmd,
                              gate_cmd=gate_cmd, apply_cmd=apply_cmd)


def spawns(log):
    """The spawns of an --execution_log_json_file (concatenated objects)."""
    text, decoder, pos, out = read(log), json.JSONDecoder(), 0, []
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos == len(text):
            return out
        obj, pos = decoder.raw_decode(text, pos)
        out.append(obj)


def tidy_spawns(log):
    return [s for s in spawns(log) if s.get("mnemonic") == TIDY]


def outputs(ws):
    """The aspect's reports and fix files in WS's bazel-bin: two dicts, by
    path relative to it."""
    found = {".txt": {}, ".yaml": {}}
    bin_dir = os.path.join(ws, "bazel-bin")
    for root, _, files in os.walk(bin_dir):
        if ".transformers_tidy" not in root:
            continue
        for f in files:
            kind = os.path.splitext(f)[1]
            if kind in found:
                path = os.path.join(root, f)
                found[kind][os.path.relpath(path, bin_dir)] = read(path)
    return found[".txt"], found[".yaml"]
