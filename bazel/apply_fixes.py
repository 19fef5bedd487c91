#!/usr/bin/env python3
"""Apply the fixes of transformers_tidy_aspect to the source tree.

    bazel run @transformers_tidy//:apply_fixes -- [OPTIONS] [BUILD ARGUMENTS...]

Runs `bazel build BUILD ARGUMENTS --aspects=<the aspect>
--output_groups=transformers_tidy_fixes` in the workspace (cached actions are
not run again), takes the export-fixes YAML files that build produced from its
build event protocol file (only those of this build, never stale ones left in
bazel-bin), and applies them with clang-apply-replacements, which merges the
edits of every translation unit: an edit to a header that several targets
include is made once, and conflicting edits are reported and not applied.

BUILD ARGUMENTS are the targets (default //...) and flags such as the
--config that sets the aspect's clang_tidy and plugin. The YAML files name
sources relative to the execution root, which for the workspace's own files
is the workspace root; a fix that edits anything else (an absolute path,
another repository's file, a generated one) is refused, and nothing is
applied.

Options (before the build arguments): see --help.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

DEFAULT_ASPECT = "@transformers_tidy//:defs.bzl%transformers_tidy_aspect"
FIXES_GROUP = "transformers_tidy_fixes"
FIXES_SUFFIX = ".yaml"
FIXES_DIR_MARK = ".transformers_tidy/"

# The YAML that clang-tidy's --export-fixes writes (LLVM's YAML I/O): a
# scalar is plain, 'single-quoted' ('' for ') or "double-quoted".
SCALAR = r"""(?:'(?P<single>(?:[^']|'')*)'|"(?P<double>(?:[^"\\]|\\.)*)"|(?P<plain>[^'"\s].*?))"""
FILE_PATH = re.compile(r"^\s*(?:-\s+)?FilePath:\s*" + SCALAR + r"\s*$")
REPLACEMENTS = re.compile(r"^\s*Replacements:\s*$")
BUILD_DIRECTORY = re.compile(r"^(\s*BuildDirectory:\s*)" + SCALAR + r"\s*$")


def scalar(match):
    if match.group("single") is not None:
        return match.group("single").replace("''", "'")
    if match.group("double") is not None:
        return json.loads('"%s"' % match.group("double"))
    return match.group("plain")


def parse_args(argv):
    """This command's options come first; everything from the first other
    argument on (or after `--`) is for bazel build."""
    parser = argparse.ArgumentParser(
        prog="apply_fixes",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__[:__doc__.index("\nOptions")].strip(),
        usage="bazel run @transformers_tidy//:apply_fixes -- [OPTIONS] [BUILD ARGUMENTS...]",
    )
    parser.add_argument("--bazel", default="bazel", metavar="PATH",
                        help="the bazel to run (default: bazel on PATH)")
    parser.add_argument("--clang-apply-replacements", dest="car", metavar="PATH",
                        help="default: clang-apply-replacements-<N> of the "
                        "newest LLVM on PATH, then the plain name")
    parser.add_argument("--aspect", default=DEFAULT_ASPECT, metavar="LABEL%NAME",
                        help="default: " + DEFAULT_ASPECT.replace("%", "%%"))
    parser.add_argument("--dry-run", action="store_true",
                        help="list the files that would change; apply nothing")
    own, rest = [], list(argv)
    takes_value = ("--bazel", "--clang-apply-replacements", "--aspect")
    while rest and rest[0] != "--":
        name = rest[0].split("=", 1)[0]
        if name in ("-h", "--help", "--dry-run"):
            own.append(rest.pop(0))
        elif name in takes_value:
            own.append(rest.pop(0))
            if "=" not in own[-1] and rest:
                own.append(rest.pop(0))
        else:
            break
    if rest[:1] == ["--"]:
        rest = rest[1:]
    args = parser.parse_args(own)
    args.build_args = rest
    if not any(not a.startswith("-") for a in rest):
        args.build_args.append("//...")
    return args


def find_clang_apply_replacements(explicit):
    if explicit:
        return explicit
    for major in range(30, 13, -1):
        found = shutil.which("clang-apply-replacements-%d" % major)
        if found:
            return found
    found = shutil.which("clang-apply-replacements")
    if not found:
        sys.exit("apply_fixes: no clang-apply-replacements found "
                 "(install clang-tools-<N>, or pass --clang-apply-replacements)")
    return found


def built_fix_files(bep_path):
    """The fix files a build produced, as local paths, from its BEP JSON file."""
    files = set()
    with open(bep_path, encoding="utf-8") as bep:
        for line in bep:
            line = line.strip()
            if not line:
                continue
            event = json.loads(line)
            for f in event.get("namedSetOfFiles", {}).get("files", []):
                uri = f.get("uri", "")
                name = f.get("name", "")
                if not (name.endswith(FIXES_SUFFIX) and FIXES_DIR_MARK in name):
                    continue
                if not uri.startswith("file://"):
                    sys.exit("apply_fixes: %s is not a local file (%s): build "
                             "with --remote_download_outputs=all or toplevel"
                             % (name, uri))
                files.add(urllib.request.url2pathname(urllib.parse.urlparse(uri).path))
    return sorted(files)


def outside_workspace(path):
    return (os.path.isabs(path) or path.startswith(("external/", "bazel-out/", "../"))
            or "/../" in path)


def prepare(fix_files, workspace, scratch):
    """Copies the non-empty fix files into scratch, with the workspace as
    their build directory. Returns the workspace files they edit."""
    edited = set()
    for index, fix_file in enumerate(fix_files):
        with open(fix_file, encoding="utf-8") as f:
            lines = f.read().splitlines(keepends=True)
        if not lines:
            continue
        out = []
        # Only the FilePath of an entry under `Replacements:` is an edit; a
        # diagnostic's or a note's may name any file (another repository's
        # header, say).
        replacements_indent = None
        for line in lines:
            indent = len(line) - len(line.lstrip(" -"))
            if replacements_indent is not None and line.strip() and \
                    indent <= replacements_indent:
                replacements_indent = None
            if REPLACEMENTS.match(line):
                replacements_indent = indent
            m = FILE_PATH.match(line)
            if m and replacements_indent is not None:
                path = scalar(m)
                if outside_workspace(path):
                    sys.exit("apply_fixes: %s edits %s, outside the workspace; "
                             "nothing applied" % (fix_file, path))
                edited.add(path)
            m = BUILD_DIRECTORY.match(line)
            if m:
                if scalar(m) != ".":
                    sys.exit("apply_fixes: %s was built in %s, not in the "
                             "execution root; nothing applied"
                             % (fix_file, scalar(m)))
                line = "%s'%s'\n" % (m.group(1), workspace.replace("'", "''"))
            out.append(line)
        with open(os.path.join(scratch, "%05d.yaml" % index), "w", encoding="utf-8") as f:
            f.writelines(out)
    return sorted(edited)


def main(argv):
    args = parse_args(argv)
    workspace = os.environ.get("BUILD_WORKSPACE_DIRECTORY") or os.getcwd()
    car = None if args.dry_run else find_clang_apply_replacements(args.car)

    with tempfile.TemporaryDirectory(prefix="transformers-tidy-fixes.") as scratch:
        bep = os.path.join(scratch, "bep.json")
        command = [args.bazel, "build"] + args.build_args + [
            "--aspects=" + args.aspect,
            "--output_groups=" + FIXES_GROUP,
            "--build_event_json_file=" + bep,
        ]
        print("apply_fixes: " + " ".join(command), file=sys.stderr, flush=True)
        built = subprocess.run(command, cwd=workspace)
        if built.returncode != 0:
            sys.exit("apply_fixes: bazel build failed (exit status %d); nothing applied"
                     % built.returncode)
        fix_files = built_fix_files(bep)
        fixes_dir = os.path.join(scratch, "fixes")
        os.mkdir(fixes_dir)
        edited = prepare(fix_files, workspace, fixes_dir)
        if not edited:
            print("apply_fixes: no fixes in %d fix files" % len(fix_files), file=sys.stderr)
            return 0
        if args.dry_run:
            for path in edited:
                print(path)
            return 0
        applied = subprocess.run([car, fixes_dir], cwd=workspace)
        if applied.returncode != 0:
            sys.exit("apply_fixes: %s failed (exit status %d); files with "
                     "conflicting edits were left unchanged"
                     % (car, applied.returncode))
    print("apply_fixes: fixed %d files (from %d fix files): %s"
          % (len(edited), len(fix_files), " ".join(edited)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
