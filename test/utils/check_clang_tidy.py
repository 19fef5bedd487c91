#!/usr/bin/env python3
"""Runs one clang-tidy check on an annotated source file and verifies it.

Usage (in a lit RUN line; lit.cfg.py supplies the tool paths):

  %check_clang_tidy [options] <source> <check-name> <temp-prefix>
                    [-- <clang-tidy args> [-- <compiler args>]]

Options:
  -std=<std>[,<std>...]   language standard(s); one full run per standard
                          (default: c++17)
  -check-suffixes=A,B     use CHECK-MESSAGES-A, CHECK-FIXES-B, ... instead of
                          the unsuffixed prefixes
  -no-compile-fixed       do not compile the fixed file against the library
  -expect-clean           the check must report nothing and change nothing;
                          the file must then carry no CHECK lines of its own
  -no-plugin              do not -load the plugin (for built-in checks)

What is verified, for every standard:
  1. clang-tidy (with -fix) exits with 0.
  2. CHECK-MESSAGES[-S]: the diagnostics, FileCheck'ed with
     -implicit-check-not='{{warning|error}}:' so any unexpected warning or
     error fails the test.
  3. CHECK-NOTES[-S]: as above but notes count too (the "FIX-IT applied"
     notes clang-tidy adds with -fix are filtered out first).
  4. CHECK-FIXES[-S]: the fixed file, FileCheck'ed with -strict-whitespace.
     Without any CHECK-FIXES prefix the fixed file must be byte-identical to
     the input: a test that expects no fix also proves no edit was made.
  5. Unless -no-compile-fixed: the fixed file is compiled with
     clang++ -fsyntax-only against the real library headers, so a fix that
     breaks the build fails the test.

The `// CHECK-...:` comments are blanked (to `//`) in the copy given to
clang-tidy, so line numbers stay the same and the expectations cannot match
themselves in the fixed file.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

CHECK_LINE_RE = re.compile(r"//[ \t]*CHECK-[A-Z0-9-]*:[^\r\n]*")
FIXIT_NOTE_RE = re.compile(r"note: FIX-IT applied suggested code changes\s*$")
# Source snippets and carets under a diagnostic: "   12 | code", "      |  ^".
SNIPPET_RE = re.compile(r"^\s*\d*\s\|")
KINDS = ("MESSAGES", "NOTES", "FIXES")


class HarnessError(Exception):
    """A failure of the test (or a defect of the test file)."""


def fail(message):
    raise HarnessError(message)


def split_dash_dash(argv):
    """Splits argv at the first two '--' into (own, tidy, compiler)."""
    if "--" not in argv:
        return argv, [], []
    i = argv.index("--")
    own, rest = argv[:i], argv[i + 1:]
    if "--" not in rest:
        return own, rest, []
    j = rest.index("--")
    return own, rest[:j], rest[j + 1:]


def parse_args(argv):
    own, tidy_args, compiler_args = split_dash_dash(argv)
    p = argparse.ArgumentParser(
        prog="check_clang_tidy.py", allow_abbrev=False,
        description="Run a clang-tidy check on an annotated file and verify "
                    "its diagnostics, notes, fixes, and that the fixed file "
                    "compiles.")
    # Tool locations, supplied by lit.cfg.py's %check_clang_tidy.
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("--filecheck", required=True)
    p.add_argument("--clangxx", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--include-dir", required=True)
    # Options of the test writer.
    p.add_argument("-std", default="c++17",
                   help="language standard(s), comma separated")
    p.add_argument("-check-suffixes", "-check-suffix", default="",
                   help="comma separated CHECK prefix suffixes")
    p.add_argument("-no-compile-fixed", action="store_true")
    p.add_argument("-expect-clean", action="store_true")
    p.add_argument("-no-plugin", action="store_true")
    p.add_argument("input_file")
    p.add_argument("check_name")
    p.add_argument("temp_prefix")
    args = p.parse_args(own)
    args.tidy_args = tidy_args
    args.compiler_args = compiler_args
    return args


def run(cmd, what):
    """Runs cmd; returns (exit code, combined stdout+stderr)."""
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, check=False)
    except OSError as exc:
        fail("cannot run %s (%s): %s" % (what, cmd[0], exc))
    return proc.returncode, proc.stdout.decode("utf-8", errors="replace")


def show_cmd(cmd):
    return " ".join(shlex.quote(c) for c in cmd)


class Prefixes:
    """The CHECK prefixes of one run, and which of them the file uses."""

    def __init__(self, suffixes, text):
        # "-check-suffixes=,A" means the unsuffixed prefixes and the -A ones.
        self.suffixes = [s.strip() for s in suffixes.split(",")] \
            if suffixes else []
        for s in self.suffixes:
            if s and not re.fullmatch(r"[A-Z0-9][A-Z0-9-]*", s, re.IGNORECASE):
                fail("invalid check suffix '%s' (use letters, digits, '-')" % s)
        if len(set(self.suffixes)) != len(self.suffixes):
            fail("duplicate check suffix in '%s'" % suffixes)
        groups = self.suffixes or [""]
        self.used = {kind: [] for kind in KINDS}
        for suffix in groups:
            found = []
            for kind in KINDS:
                prefix = "CHECK-" + kind + ("-" + suffix if suffix else "")
                # A directive is the prefix followed by ':' or by one of
                # FileCheck's modifiers (-NOT, -NEXT, -SAME, -DAG, -EMPTY).
                if re.search(r"\b%s(-NOT|-NEXT|-SAME|-DAG|-EMPTY|-COUNT-\d+)?:"
                             % re.escape(prefix), text):
                    self.used[kind].append(prefix)
                    found.append(kind)
            if "MESSAGES" in found and "NOTES" in found:
                fail("both CHECK-MESSAGES%s and CHECK-NOTES%s are used; "
                     "CHECK-NOTES already checks the warnings, use only one"
                     % (("-" + suffix,) * 2 if suffix else ("", "")))
            if not found:
                name = "-" + suffix if suffix else ""
                fail("no CHECK-MESSAGES%s, CHECK-NOTES%s or CHECK-FIXES%s "
                     "line found in the test file: a test that asserts "
                     "nothing is a defect (use -expect-clean for a file that "
                     "must produce no finding)" % (name, name, name))

    def any_used(self):
        return any(self.used[k] for k in KINDS)


def filecheck(args, prefixes, input_path, extra, header, what, output):
    cmd = [args.filecheck, "-input-file=" + input_path, args.input_file,
           "-check-prefixes=" + ",".join(prefixes)] + extra
    code, out = run(cmd, "FileCheck")
    if code != 0:
        fail("%s%s did not match the expectations\n"
             "FileCheck: %s\n"
             "---------------- %s ----------------\n%s"
             "---------------- FileCheck output ----------------\n%s"
             % (header, what, show_cmd(cmd), what, output, out))


def read_text(path):
    with open(path, "r", encoding="utf-8", newline="") as f:
        return f.read()


def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def run_one_standard(args, std, original, cleaned, prefixes):
    ext = os.path.splitext(args.input_file)[1] or ".cpp"
    tag = std.replace("+", "x")
    base = "%s.%s" % (args.temp_prefix, tag)
    temp_file = base + ext
    os.makedirs(os.path.dirname(os.path.abspath(temp_file)), exist_ok=True)
    write_text(temp_file, cleaned)

    tidy_cmd = [args.clang_tidy]
    if not args.no_plugin:
        if not os.path.exists(args.plugin):
            fail("the plugin %s does not exist: build the TransformersTidyModule "
                 "target first (cmake --build <build-dir>)" % args.plugin)
        tidy_cmd.append("-load=" + args.plugin)
    tidy_cmd += [temp_file, "-fix", "--checks=-*," + args.check_name]
    # Keep the test independent of any .clang-tidy above the build tree
    # unless the test gives its own configuration.
    if not any(a.startswith(("-config", "--config")) for a in args.tidy_args):
        tidy_cmd.append("--config={}")
    tidy_cmd += args.tidy_args
    compile_flags = ["-std=" + std, "-I" + args.include_dir] + args.compiler_args
    tidy_cmd += ["--"] + compile_flags

    code, output = run(tidy_cmd, "clang-tidy")
    header = "[%s] clang-tidy: %s\n" % (std, show_cmd(tidy_cmd))
    if "-load request ignored" in output:
        fail("%sthe plugin could not be loaded into %s (built against "
             "another clang-tidy version, or unresolved symbols):\n%s"
             % (header, args.clang_tidy,
                "\n".join(output.splitlines()[:3])))
    # TransformersTidyModule.so's shim says in one line why it loaded no
    # checks (another clang-tidy major, module missing or not loadable).
    refusals = [line for line in output.splitlines()
                if line.startswith("transformers-tidy: ")]
    if refusals:
        fail("%sthe plugin loaded no checks into %s:\n%s"
             % (header, args.clang_tidy, refusals[0]))
    if "Error: no checks enabled" in output:
        fail("%sno check matches '%s': is it registered by the plugin?"
             % (header, args.check_name))
    if code != 0:
        fail("%sclang-tidy exited with %d:\n%s" % (header, code, output))

    fixed = read_text(temp_file)
    # Drop clang-tidy's own notes about applied fixes (not findings) and the
    # source snippets (they quote the test's own text).
    lines = [l for l in output.splitlines()
             if not FIXIT_NOTE_RE.search(l) and not SNIPPET_RE.match(l)]
    diag_output = "\n".join(lines) + "\n"
    diag_file = base + ".diags"
    write_text(diag_file, diag_output)

    if args.expect_clean:
        if re.search(r"\b(warning|error|note):", diag_output):
            fail("%s-expect-clean: clang-tidy reported something:\n%s"
                 % (header, diag_output))
        if fixed != cleaned:
            fail("%s-expect-clean: the file was changed by clang-tidy:\n%s"
                 % (header, fixed))
    else:
        if prefixes.used["MESSAGES"]:
            filecheck(args, prefixes.used["MESSAGES"], diag_file,
                      ["-implicit-check-not={{warning|error}}:"],
                      header, "diagnostics", diag_output)
        elif not prefixes.used["NOTES"]:
            # Only CHECK-FIXES lines: still, no warning may go unchecked.
            if re.search(r"\b(warning|error):", diag_output):
                fail("%sdiagnostics are reported but the test has no "
                     "CHECK-MESSAGES or CHECK-NOTES line to check them:\n%s"
                     % (header, diag_output))
        if prefixes.used["NOTES"]:
            filecheck(args, prefixes.used["NOTES"], diag_file,
                      ["-implicit-check-not={{note|warning|error}}:"],
                      header, "diagnostics and notes", diag_output)
        if prefixes.used["FIXES"]:
            filecheck(args, prefixes.used["FIXES"], temp_file,
                      ["-strict-whitespace"], header, "fixed file", fixed)
        elif fixed != cleaned:
            fail("%sthe file was changed, but the test has no CHECK-FIXES "
                 "line; fixed file:\n%s" % (header, fixed))

    if not args.no_compile_fixed:
        cc_cmd = [args.clangxx, "-fsyntax-only", "-x", "c++"] + compile_flags \
            + [temp_file]
        code, out = run(cc_cmd, "clang++")
        if code != 0:
            fail("[%s] the fixed file does not compile against the library "
                 "(use -no-compile-fixed for inputs that must not compile)\n"
                 "command: %s\n%s\n---------------- fixed file ----------------"
                 "\n%s" % (std, show_cmd(cc_cmd), out, fixed))


def main(argv):
    args = parse_args(argv)
    try:
        original = read_text(args.input_file)
    except OSError as exc:
        print("error: cannot read %s: %s" % (args.input_file, exc), file=sys.stderr)
        return 2
    try:
        cleaned = CHECK_LINE_RE.sub("//", original)
        if args.expect_clean:
            if CHECK_LINE_RE.search(original):
                fail("-expect-clean is given but the file has CHECK lines")
            if args.check_suffixes:
                fail("-expect-clean cannot be combined with -check-suffixes")
            prefixes = None
        else:
            prefixes = Prefixes(args.check_suffixes, original)
        stds = [s.strip() for s in args.std.split(",") if s.strip()]
        if not stds:
            fail("-std needs at least one standard")
        for std in stds:
            run_one_standard(args, std, original, cleaned, prefixes)
    except HarnessError as exc:
        print("check_clang_tidy.py: FAIL: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
