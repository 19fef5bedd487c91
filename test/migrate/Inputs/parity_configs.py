"""Differential test: clang-tidy with the plugin and transformers-migrate
over the whole lit corpus under generated configurations.

  parity_configs.py CLANG_TIDY PLUGIN MIGRATE INCLUDE_DIR CORPUS_DIR \
                    PROJECT_DIR WORK_DIR

The corpus is every source of CORPUS_DIR (the plugin's lit suite) plus the
project sources of PROJECT_DIR (a header included by two files, NOLINT
forms), in one compilation database, each file with the -std its RUN lines
name. Configurations are generated from dimensions; configuration i takes
value i mod n of each dimension of n values, so every value of every
dimension is used:

  - over every file: the Checks glob, WarningsAsErrors, HeaderFilterRegex,
    ExcludeHeaderFilterRegex, SystemHeaders, a --line-filter (none, whole
    files, line ranges), the include style (each name and an invalid one),
    type lists, the cache factory and the include header;
  - over the files where they can change a result (macros, NOLINT forms,
    the conflict check's sources), so that the suite stays fast: every
    boolean option with each spelling clang-tidy knows (true/false/yes/no/
    on/off/1/0, any case) and one invalid value, locally and globally.

For each configuration both tools run once over its files; the test requires
byte-identical diagnostics (stdout), the same closing summary (stderr, with
clang-tidy's per-file progress and "Error while processing" lines left out
and only its last cumulative "N warnings generated." line kept) and
identical --export-fixes YAML.
Prints one line per difference and "compared N configurations x M files,
D differences".
"""
import concurrent.futures
import difflib
import glob
import json
import os
import re
import shutil
import subprocess
import sys

tidy, plugin, migrate, include, corpus, project, work = sys.argv[1:8]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(os.path.join(work, "src"))
os.makedirs(os.path.join(work, "build"))

# --- the corpus, as one project -------------------------------------------
sources = sorted(glob.glob(os.path.join(corpus, "*.cpp")))
for src in sources:
    shutil.copy(src, os.path.join(work, "src"))
shutil.copytree(os.path.join(project, "include"), os.path.join(work, "include"))
for name in ("legacy.cpp", "user1.cpp", "user2.cpp", "nolint.cpp",
             "nolint-unmatched.cpp", "clean.cpp"):
    shutil.copy(os.path.join(project, "src", name), os.path.join(work, "src"))
files = sorted(glob.glob(os.path.join(work, "src", "*.cpp")))
entries = []
for f in files:
    m = re.search(r"-std=(c\+\+\d+)", open(f).read())
    std = "-std=" + (m.group(1) if m else "c++20")
    entries.append({"directory": os.path.join(work, "build"), "file": f,
                    "arguments": ["clang++", std, "-I" + include,
                                  "-I" + os.path.join(work, "include"),
                                  "-fsyntax-only", f]})
with open(os.path.join(work, "build", "compile_commands.json"), "w") as db:
    json.dump(entries, db, indent=1)

# --- the configurations ---------------------------------------------------
booleans = ["true", "false", "yes", "no", "on", "off", "1", "0", "maybe",
            "TRUE", "Off"]
every_file = {
    "Checks": ["-*,transformers-*", "-*,transformers-legacy-cache",
               "-*,transformers-*,-transformers-cache-*"],
    "WarningsAsErrors": [None, "transformers-*,-transformers-legacy-cache",
                         "transformers-legacy-cache"],
    "HeaderFilterRegex": [".*", "include/shared", None],
    "ExcludeHeaderFilterRegex": [None, None, "shared"],
    "SystemHeaders": [None, "false", "true"],
    "transformers-legacy-cache.IncludeStyle": ["llvm", "google", "bogus"],
    "transformers-legacy-cache.TensorTypes": [
        None, "::transformers::Tensor;::torch::Tensor", "::transformers::Tensor"],
    "transformers-legacy-cache.SinkTypes": [
        None, "::transformers::PastKeyValues;::torchcompat::PastKeyValues"],
    "transformers-legacy-cache.CacheFactory": [
        None, "torchcompat::DynamicCache::from_legacy_cache"],
    "transformers-legacy-cache.IncludeHeader": [
        None, "<transformers/transformers.h>", "\"transformers/cache_utils.h\""],
    "line-filter": [
        None,
        [{"name": "legacy-cache-nolint.cpp"}, {"name": "shared.h"},
         {"name": "user1.cpp"}],
        # A range never starts after a file's first fixed finding: that
        # finding carries the file's #include edit in the plugin, and
        # clang-tidy drops the edit with it (docs/migrate.md, "Known
        # differences"); the tool keeps it with the next finding.
        [{"name": "-positive.cpp", "lines": [[1, 30]]},
         {"name": "legacy.cpp", "lines": [[8, 8]]},
         {"name": "shared.h", "lines": [[1, 3]]}],
    ],
}
spellings = {
    "Checks": ["-*,transformers-*", "-*,transformers-cache-*"],
    "WarningsAsErrors": [None, "transformers-cache-*"],
    "HeaderFilterRegex": [None, "nothing-matches"],
    "transformers-legacy-cache.IgnoreMacros": booleans,
    "IgnoreMacros": [None, "yes", "off"],
    "transformers-cache-implementation-conflict.IgnoreMacros": [
        None, "on", "0", "invalid"],
    "IncludeStyle": [None, "google", "LLVM"],
}
spelling_files = [f for f in files if re.search(
    r"macro|nolint|conflict-positive|checks-together",
    os.path.basename(f))]
plans = []
for dims, subset in ((every_file, files), (spellings, spelling_files)):
    for i in range(max(len(v) for v in dims.values())):
        plans.append(({k: v[i % len(v)] for k, v in dims.items()}, subset))


def yaml_quote(value):
    return "'" + value.replace("'", "''") + "'"


def configuration(pick):
    top, options = [], []
    for key, value in pick.items():
        if value is None or key == "line-filter":
            continue
        if key in ("Checks", "WarningsAsErrors", "HeaderFilterRegex",
                   "ExcludeHeaderFilterRegex"):
            top.append("%s: %s" % (key, yaml_quote(value)))
        elif key == "SystemHeaders":
            top.append("%s: %s" % (key, value))
        else:
            options.append("%s: %s" % (key, yaml_quote(value)))
    text = "{" + ", ".join(top + ["CheckOptions: {" + ", ".join(options) +
                                  "}"]) + "}"
    line_filter = pick.get("line-filter")
    return text, (json.dumps(line_filter) if line_filter else None)


progress = re.compile(r"^(\[\d+/\d+\] Processing file .*|Error while "
                      r"processing .*)\.$")
generated = re.compile(r"^\d+ warnings? (and \d+ errors? )?generated\.$")


def closing_lines(stderr, from_tidy):
    """clang-tidy's stderr without progress lines and with only the last
    cumulative count of generated warnings."""
    lines = [l for l in stderr.splitlines() if not progress.match(l)]
    if from_tidy:
        counts = [l for l in lines if generated.match(l)]
        lines = [l for l in lines if not generated.match(l)]
        lines = counts[-1:] + lines
    return lines


def show_diff(what, a, b):
    print("  %s differs:" % what)
    for line in list(difflib.unified_diff(a, b, "clang-tidy",
                                          "transformers-migrate",
                                          lineterm=""))[:40]:
        print("    " + line)


def run_plan(i, pick, subset):
    """Both tools over \p subset under configuration i: (stdout lines,
    closing lines, YAML lines) of each."""
    config, line_filter = configuration(pick)
    extra = ["--config=" + config]
    if line_filter:
        extra.append("--line-filter=" + line_filter)
    out = {}
    for tool in ("tidy", "migrate"):
        yaml_path = os.path.join(work, "fixes-%d-%s.yaml" % (i, tool))
        if tool == "tidy":
            cmd = [tidy, "-load", plugin, "-p", "build"]
        else:
            # --no-verify: the tool's own check of its fixes has no clang-tidy
            # counterpart; --no-cache: every run analyses; --no-prefilter:
            # a file that cannot have a finding (a corpus file without the
            # library) is otherwise never parsed, so its per-file
            # configuration warnings (an invalid IncludeStyle) are not in
            # the summary's count (prefilter.test: same findings either way).
            cmd = [migrate, "-p", "build", "--no-cache", "--no-verify",
                   "--no-prefilter"]
        run = subprocess.run(cmd + extra + ["--export-fixes=" + yaml_path] +
                             subset, cwd=work, capture_output=True, text=True)
        fixes = open(yaml_path).read() if os.path.exists(yaml_path) else ""
        out[tool] = (run.stdout.splitlines(),
                     closing_lines(run.stderr, tool == "tidy"),
                     fixes.splitlines())
    return out


# Each configuration is independent of the others (its own YAML files); two
# run at once, so that clang-tidy, which analyses one file at a time, keeps
# both cores busy. Results are compared in configuration order.
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    outputs = list(pool.map(lambda plan: run_plan(plan[0], *plan[1]),
                            enumerate(plans)))

differences = 0
silent = 0
parses = 0
for i, ((pick, subset), out) in enumerate(zip(plans, outputs)):
    config, line_filter = configuration(pick)
    parses += len(subset)
    tidy_out, migrate_out = out["tidy"], out["migrate"]
    silent += not tidy_out[0]
    problems = [(what, index) for index, what in enumerate(
        ("diagnostics", "closing summary", "export-fixes YAML"))
        if tidy_out[index] != migrate_out[index]]
    if problems:
        differences += len(problems)
        print("configuration %d (%d files): %s%s" % (
            i, len(subset), config,
            " --line-filter=" + line_filter if line_filter else ""))
        for what, index in problems:
            show_diff(what, tidy_out[index], migrate_out[index])
# Configurations under which clang-tidy reports nothing test little: most
# must report something.
if silent * 4 > len(plans):
    differences += 1
    print("%d of %d configurations gave no diagnostic at all" %
          (silent, len(plans)))
print("compared %d configurations, %d files (%d runs of each tool over a "
      "file), %d differences" % (len(plans), len(files), parses, differences))
sys.exit(1 if differences else 0)
