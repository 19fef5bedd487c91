"""The Bazel aspect (bazel/, docs/integrations.md "Bazel") in a real workspace.

  bazel_aspect.py --bazel BAZEL --doc docs/integrations.md
                  --prefix INSTALL_PREFIX --datadir share --llvm-major N
                  --clang-tidy CT --include-dir I --lib-dir L
                  --inputs Inputs/bazel-workspace --work W

Builds Inputs/bazel-workspace (a library //:kv whose header kv/prefix.h the
binary //:app includes too, and //:reference, written with caches) with
Debian's Bazel, the rules and plugin of the scratch install (fixture
tt-installed), and the WORKSPACE, .bazelrc and commands of the page's blocks
as written (with the install's paths). Lines marked FINDING are the expected
findings. It must:
  1. report exactly those findings (the header's in both targets' reports),
     with no absolute path in any output;
  2. fail the gate; pass it with `checks` set to another check; keep the
     report building under a `config` with WarningsAsErrors, its check
     options applied; stop with a message when the plugin setting is missing;
     the sources do not compile without their target's copts, local_defines
     and C++20, so each action must use its target's compile command;
  3. apply the fixes with apply_fixes, the header edited once; the workspace
     then builds and //:app prints what //:reference prints (before: the
     ValueError);
  4. pass the gate, run no tidy action on a second build, and after
     `bazel clean` take every tidy result from the --disk_cache; so does a
     copy of the workspace at another path (the cache keys hold no path of
     the checkout), with the same outputs.

Bazel runs offline: its built-in workspace wants rules_cc and rules_java from
the network, for which local stand-ins (forwarding to the native rules) are
given with --override_repository, in this test only.
"""
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import check, fail, fresh_dir, read, run, write  # noqa: E402
import bazel_workspace  # noqa: E402
from bazel_workspace import tidy_spawns  # noqa: E402

FINDING = re.compile(r"^(\S+):(\d+):\d+: warning: .* \[([\w-]+)\]$", re.M)

a = bazel_workspace.parse_args()
major = a.llvm_major
work = os.path.abspath(a.work)
check(shutil.which(a.bazel), "%s not found: scripts/dev.sh installs Debian's "
      "bazel-bootstrap" % a.bazel)

# A fresh work directory: the workspace of the page's blocks, with the disk
# cache (bazel_workspace.py).
disk_cache = os.path.join(work, "disk-cache")
scratch = bazel_workspace.setup(a, work, ["build --disk_cache=%s" % disk_cache])
ws, env, rules_dir = scratch.ws, scratch.env, scratch.rules_dir
report_cmd, gate_cmd, apply_cmd = (scratch.report_cmd, scratch.gate_cmd,
                                   scratch.apply_cmd)


def bazel(*args, expect=0):
    return run(["bazel"] + list(args), cwd=ws, env=env, expect=expect)


def page(cmd, *extra, expect=0):
    """One of the page's commands as written (`bazel` is this test's)."""
    check(cmd[0] == "bazel", "the page's command does not start with bazel")
    return bazel(*(cmd[1:] + list(extra)), expect=expect)


def outputs():
    """The aspect's reports and fix files in the current checkout."""
    return bazel_workspace.outputs(ws)


def apply_with(*options):
    """The page's apply command with apply_fixes OPTIONS (after its `--`)."""
    at = apply_cmd.index("--") + 1
    return apply_cmd[:at] + list(options) + apply_cmd[at:]


def check_all_cached(log, where):
    """The gate in the current checkout takes every tidy result from the
    disk cache, and the outputs are those built first (`built`)."""
    page(gate_cmd, "--execution_log_json_file=" + log)
    hits = tidy_spawns(log)
    check(len(hits) == 3 and all(s.get("remoteCacheHit") for s in hits),
          "%s, not every tidy action was a cache hit: %s"
          % (where, [(s.get("mnemonic"), s.get("remoteCacheHit"),
                      s.get("runner")) for s in hits]))
    page(report_cmd)
    check(outputs() == built, "%s, the outputs differ from those built" % where)


def findings(reports):
    """(file, line, check) of every finding in the reports."""
    return {(m.group(1), int(m.group(2)), m.group(3))
            for text in reports.values() for m in FINDING.finditer(text)}


def expected_findings():
    found = set()
    for root, _, files in os.walk(a.inputs):
        for f in files:
            path = os.path.join(root, f)
            rel = os.path.relpath(path, a.inputs)
            for n, line in enumerate(read(path).splitlines(), 1):
                if line.rstrip().endswith("// FINDING"):
                    found.add((rel, n, "transformers-legacy-cache"))
    check(len(found) == 3, "expected 3 FINDING lines in the workspace, got %s"
          % sorted(found))
    return found


try:
    # 1. The legacy workspace builds; the app stops with the library's error.
    bazel("build", "//...")
    legacy = run([os.path.join(ws, "bazel-bin", "app")], expect=1)
    check("Passing a tuple of `past_key_values` is not supported anymore"
          in legacy.stderr, "the legacy app did not fail with the ValueError")
    want_output = run([os.path.join(ws, "bazel-bin", "reference")]).stdout
    check(want_output.count("\n") == 3, "the reference printed: " + want_output)

    # Without the plugin setting, the aspect says which setting to give.
    missing = bazel("build", "--aspects=@transformers_tidy//:defs.bzl%"
                    "transformers_tidy_aspect",
                    "--@transformers_tidy//:clang_tidy=@transformers_tidy_llvm%s"
                    "//:clang_tidy" % major,
                    "--output_groups=transformers_tidy_report", "//:kv",
                    expect=1)
    check("--@transformers_tidy//:plugin must name both files" in missing.stderr,
          "a missing plugin setting was not reported as such")

    # A source clang cannot compile fails its action, saying why, with
    # paths relative to the workspace.
    bazel("build", "//broken")
    broken = page(report_cmd[:-1] + ["//broken"], expect=1)
    check("transformers-tidy: clang-tidy failed" in broken.stderr
          and re.search(r"^broken/broken\.cc:\d+:\d+: error:", broken.stderr, re.M),
          "a source clang-tidy cannot compile did not fail its action")

    # 2. The report: exactly the expected findings.
    page(report_cmd)
    reports, fixes = outputs()
    check(sorted(reports) == ["app.transformers_tidy/app/main.cc.txt",
                              "kv.transformers_tidy/kv/prefix.cc.txt",
                              "reference.transformers_tidy/app/reference.cc.txt"],
          "one report per source expected, got %s" % sorted(reports))
    check(len(fixes) == 3, "one fix file per source expected: %s" % sorted(fixes))
    found = findings(reports)
    want = expected_findings()
    check(found == want, "findings differ:\n  missing: %s\n  unexpected: %s"
          % (sorted(want - found), sorted(found - want)))
    for report in ("app.transformers_tidy/app/main.cc.txt",
                   "kv.transformers_tidy/kv/prefix.cc.txt"):
        check("kv/prefix.h:" in reports[report],
              "the shared header's finding is missing from " + report)
    check(not reports["reference.transformers_tidy/app/reference.cc.txt"],
          "the reference (written with caches) has findings")
    for name, text in list(reports.items()) + list(fixes.items()):
        for marker in (work, "/execroot/", "/sandbox/"):
            check(marker not in text, "%s holds an absolute path (%s)"
                  % (name, marker))
        for m in re.finditer(r"(?:FilePath|MainSourceFile|BuildDirectory):\s*'([^']*)'",
                             text):
            check(not m.group(1).startswith("/"),
                  "%s names an absolute path: %s" % (name, m.group(0)))

    # The config setting: the file's WarningsAsErrors fails no report (the
    # gate is what fails), and its check options apply (no include edit).
    page(report_cmd, "--@transformers_tidy//:config=//:tidy-warnings-as-errors.yaml")
    configured_reports, configured_fixes = outputs()
    check(findings(configured_reports) == want,
          "with the config setting, the findings differ: %s"
          % sorted(findings(configured_reports)))
    check(all("#include" not in text for text in configured_fixes.values())
          and any(configured_fixes.values()),
          "the config setting's IncludeHeader: '' did not apply")

    # 3. The gate fails, naming the findings; with another check it passes.
    gate = page(gate_cmd, "--keep_going", expect=1)
    check("transformers-tidy: findings in" in gate.stderr
          and "kv/prefix.h:" in gate.stderr,
          "the failing gate did not print the findings")
    page(gate_cmd, "--@transformers_tidy//:checks="
         "-*,transformers-cache-implementation-conflict")

    # 4. Apply the fixes: first listed only (--dry-run changes nothing),
    # then applied, the header edited once.
    usage = page(apply_with("--help"))
    check("--dry-run" in usage.stdout and "clang-apply-replacements" in usage.stdout,
          "apply_fixes --help does not explain its options:\n" + usage.stdout)
    dry = page(apply_with("--dry-run"))
    check(dry.stdout.split() == ["app/main.cc", "kv/prefix.cc", "kv/prefix.h"],
          "apply_fixes --dry-run listed: %s" % dry.stdout)
    for rel in ("app/main.cc", "kv/prefix.cc", "kv/prefix.h"):
        check(read(os.path.join(ws, rel)) == read(os.path.join(a.inputs, rel)),
              "apply_fixes --dry-run changed " + rel)
    page(apply_cmd)
    header = read(os.path.join(ws, "kv", "prefix.h"))
    check(header.count("from_legacy_cache(") == 1
          and header.count("#include <transformers/cache_utils.h>") == 1,
          "the shared header was not edited exactly once:\n" + header)
    for rel, line, _ in sorted(want):
        text = read(os.path.join(ws, rel)).splitlines()
        hit = [l for l in text if l.rstrip().endswith("// FINDING")]
        check(all("transformers::DynamicCache::from_legacy_cache(" in l for l in hit),
              "%s: not every legacy hand-off was fixed: %s" % (rel, hit))

    # The fixed workspace builds and the app prints what the reference does.
    bazel("build", "//...")
    fixed = run([os.path.join(ws, "bazel-bin", "app")]).stdout
    check(fixed == want_output, "the fixed app printed\n%s\nthe reference\n%s"
          % (fixed, want_output))

    # 5. The gate passes; a second build runs no tidy action.
    log = os.path.join(work, "exec-%d.json")
    page(gate_cmd, "--execution_log_json_file=" + log % 1)
    check(len(tidy_spawns(log % 1)) == 2,
          "after the fixes, the two edited sources' actions should run again: "
          "%s" % tidy_spawns(log % 1))
    page(gate_cmd, "--execution_log_json_file=" + log % 2)
    check(not tidy_spawns(log % 2), "a second build ran tidy actions: %s"
          % tidy_spawns(log % 2))

    # 6. After `bazel clean`, every tidy result comes from the disk cache.
    built = outputs()
    bazel("clean")
    check_all_cached(log % 3, "after bazel clean")

    # 7. Another checkout, at another path (another machine, as far as the
    # cache keys go): every tidy result comes from the shared cache, the
    # same bytes. No action key holds a path of the checkout.
    first = ws
    ws = os.path.join(work, "elsewhere", "checkout")
    shutil.copytree(first, ws, ignore=shutil.ignore_patterns("bazel-*"))
    check_all_cached(log % 4, "in a checkout at another path")

    # apply_fixes refuses a fix file that edits a file outside the workspace
    # (another repository's, a generated one, an absolute path).
    sys.path.insert(0, rules_dir)
    import apply_fixes  # noqa: E402
    for outside in ("external/other/x.h", "bazel-out/k8-fastbuild/bin/g.h",
                    "/usr/include/x.h", "../x.h"):
        fix_dir = fresh_dir(os.path.join(work, "refuse"))
        os.makedirs(os.path.join(fix_dir, "out"))
        write(os.path.join(fix_dir, "in.yaml"),
              "---\nMainSourceFile: 'kv/prefix.cc'\nDiagnostics:\n"
              "  - DiagnosticName: transformers-legacy-cache\n"
              "    DiagnosticMessage:\n      Message: 'm'\n"
              "      FilePath: '%s'\n      FileOffset: 0\n"
              "      Replacements:\n        - FilePath: '%s'\n"
              "          Offset: 0\n          Length: 0\n"
              "          ReplacementText: 'x'\n    BuildDirectory: '.'\n...\n"
              % ("kv/prefix.cc", outside))
        try:
            apply_fixes.prepare([os.path.join(fix_dir, "in.yaml")], ws,
                                os.path.join(fix_dir, "out"))
            fail("apply_fixes accepted a fix for " + outside)
        except SystemExit as refused:
            check("outside the workspace" in str(refused.code),
                  "apply_fixes refused %s, but said: %s" % (outside, refused.code))
    # A diagnostic or note may point anywhere; only edits are judged.
    write(os.path.join(fix_dir, "in.yaml"),
          read(os.path.join(fix_dir, "in.yaml"))
          .replace("FilePath: 'kv/prefix.cc'", "FilePath: 'external/other/x.h'")
          .replace("- FilePath: '../x.h'", "- FilePath: 'kv/prefix.h'"))
    check(apply_fixes.prepare([os.path.join(fix_dir, "in.yaml")], ws,
                              os.path.join(fix_dir, "out")) == ["kv/prefix.h"],
          "apply_fixes judged a diagnostic's location as an edit")
finally:
    for checkout in {ws, os.path.join(work, "ws")}:
        if os.path.isdir(checkout):
            run(["bazel", "shutdown"], cwd=checkout, env=env, expect=None,
                quiet=True)

print("bazel aspect: findings, gate, fixes, caching as documented")
