"""The SARIF logs the SARIF tests check: transformers-migrate --format=sarif
over every corpus of test/clients/Inputs, in the ways a CI job runs it.

  logs = make_logs(migrate, include_dir, inputs, work)

Each entry of `logs` is a Log: its name, the project copy it was made in
(the project's root, %SRCROOT%), the path of the .sarif file and the parsed
document. Every run's exit status is checked.

  bl = make_baseline_logs(migrate, include_dir, inputs, work, plain=True)

The logs of a baseline's life (--write-baseline, then --baseline after a
change): see make_baseline_logs.
"""
import collections
import json
import os

from testlib import check, copy_tree, read, run, write, write_compile_db

Log = collections.namedtuple("Log", "name project path doc")

# (name, corpus under Inputs/, sources under src/, extra arguments, status)
RUNS = [
    # Findings in two sources and a shared header, each with its fix.
    ("project", "project", ("generate.cpp", "kwargs.cpp", "clean.cpp"),
     ["--header-filter=.*/include/shared\\.h"], 1),
    # The same with --fix: fixApplied, positions in the text before the fix.
    ("project-fix", "project", ("generate.cpp", "kwargs.cpp", "clean.cpp"),
     ["--header-filter=.*/include/shared\\.h", "--fix"], 0),
    # Non-ASCII text before a finding and before a note.
    ("unicode", "unicode", ("greet.cpp", "conflict.cpp"), [], 1),
    # A translation unit that does not compile: clang-diagnostic-error and
    # a failed invocation, beside a finding.
    ("broken", "unicode", ("greet.cpp", "broken.cpp"), [], 3),
]


def make_logs(migrate, include_dir, inputs, work, names=None):
    logs = []
    for name, corpus, sources, extra, status in RUNS:
        if names and name not in names:
            continue
        project = copy_tree(os.path.join(inputs, corpus),
                            os.path.join(work, name))
        if name == "broken":
            # It includes the library: the prefilter must not skip it.
            write(os.path.join(project, "src", "broken.cpp"),
                  "#include <transformers/transformers.h>\n"
                  "int broken() { return not_declared; }\n")
        write_compile_db(os.path.join(project, "build"),
                         [os.path.join(project, "src", s) for s in sources],
                         [include_dir, os.path.join(project, "include")])
        res = run([migrate, "-p", os.path.join(project, "build"),
                   "--format=sarif", "--no-cache", "--quiet"] + extra,
                  expect=status, quiet=True)
        path = os.path.join(work, name + ".sarif")
        write(path, res.stdout)
        doc = json.loads(res.stdout)
        check(doc["runs"][0].get("results"), "%s: no results" % name)
        logs.append(Log(name, project, path, doc))
    return logs


BaselineLogs = collections.namedtuple("BaselineLogs",
                                      "baseline before after after_plain")

# The change between the two trees of make_baseline_logs: src/generate.cpp
# moves down three lines and gains a function with a new finding;
# src/kwargs.cpp has its finding fixed; include/shared.h is untouched.
MOVED_BY = ("// Three lines of comment\n// move every line\n"
            "// of this file down.\n")
ADDED = """
transformers::GenerateOutput
continue_again(const transformers::LlamaForCausalLM &model,
               const transformers::TokenIds &ids,
               const transformers::LegacyCache &cache) {
  return model.generate(ids, {}, {.past_key_values = cache});
}
"""

# What --baseline says of each result of the changed tree, by (uri under
# %SRCROOT%, startLine): the finding at its place is accepted unchanged, the
# moved one accepted but "updated" (its line is not the entry's), the added
# one new, the fixed one's entry absent (at the line the baseline recorded).
BASELINE_STATES = {
    ("include/shared.h", 9): "unchanged",
    ("src/generate.cpp", 11): "updated",  # line 8 before the change
    ("src/generate.cpp", 18): "new",
    ("src/kwargs.cpp", 8): "absent",
}


FINGERPRINT_KEY = "transformersTidy/v1"


def fingerprint(result):
    """The result's transformers-migrate fingerprint (32 hex digits), or
    None."""
    value = result.get("partialFingerprints", {}).get(FINGERPRINT_KEY)
    ok = isinstance(value, str) and len(value) == 32 and \
        all(c in "0123456789abcdef" for c in value)
    return value if ok else None


def result_key(result):
    """(uri, startLine) of a result's first location."""
    loc = result["locations"][0]["physicalLocation"]
    return (loc["artifactLocation"]["uri"], loc["region"]["startLine"])


def _project(inputs, include_dir, dest):
    project = copy_tree(os.path.join(inputs, "project"), dest)
    write_compile_db(os.path.join(project, "build"),
                     [os.path.join(project, "src", s)
                      for s in ("generate.cpp", "kwargs.cpp", "clean.cpp")],
                     [include_dir, os.path.join(project, "include")])
    return project


def _sarif(migrate, project, extra, status, path):
    res = run([migrate, "-p", os.path.join(project, "build"),
               "--format=sarif", "--no-cache", "--quiet",
               "--header-filter=.*/include/shared\\.h"] + extra,
              expect=status, quiet=True)
    write(path, res.stdout)
    return json.loads(res.stdout)


def make_baseline_logs(migrate, include_dir, inputs, work, plain=True):
    """A baseline's life on Inputs/project, in two checkouts (two project
    copies, so %SRCROOT% differs as on two machines):

      before:      the original tree, run with --write-baseline=baseline
                   (its SARIF has no baselineState: nothing was compared);
      after:       the changed tree (MOVED_BY, ADDED, kwargs.cpp fixed) run
                   with --baseline: BASELINE_STATES, checked here;
      after_plain: (with `plain`) the changed tree without a baseline, for
                   tools that do their own matching; else None.

    Each is a Log; `baseline` is the baseline file's path."""
    baseline = os.path.join(work, "baseline.json")
    before = _project(inputs, include_dir, os.path.join(work, "before"))
    path = os.path.join(work, "before.sarif")
    doc = _sarif(migrate, before, ["--write-baseline=" + baseline], 0, path)
    check(len(json.loads(read(baseline))["findings"]) == 3,
          "the baseline does not hold the 3 findings of Inputs/project")
    logs = [Log("before", before, path, doc)]

    after = _project(inputs, include_dir, os.path.join(work, "after"))
    generate = os.path.join(after, "src", "generate.cpp")
    write(generate, MOVED_BY + read(generate) + ADDED)
    kwargs = os.path.join(after, "src", "kwargs.cpp")
    text = read(kwargs)
    fixed = text.replace(
        '#include "shared.h"\n',
        '#include "shared.h"\n#include <transformers/cache_utils.h>\n'
    ).replace("kwargs.past_key_values = legacy;",
              "kwargs.past_key_values =\n"
              "      transformers::DynamicCache::from_legacy_cache(legacy);")
    check(fixed.count("from_legacy_cache") == 1, "kwargs.cpp was not fixed")
    write(kwargs, fixed)
    path = os.path.join(work, "after.sarif")
    # Exit 1: the new finding is reported.
    doc = _sarif(migrate, after, ["--baseline=" + baseline], 1, path)
    states = {result_key(r): r.get("baselineState")
              for r in doc["runs"][0]["results"]}
    check(states == BASELINE_STATES,
          "--baseline: baselineStates %s, expected %s"
          % (states, BASELINE_STATES))
    # The reported results first, then the accepted ones, then the absent.
    order = [r["baselineState"] for r in doc["runs"][0]["results"]]
    rank = {"new": 0, "unchanged": 1, "updated": 1, "absent": 2}
    check(order == sorted(order, key=rank.get),
          "--baseline: results in the order %s" % order)
    # Every result has its fingerprint; the moved finding keeps its own,
    # the absent result carries the fixed finding's.
    old = {result_key(r): fingerprint(r)
           for r in logs[0].doc["runs"][0]["results"]}
    new = {result_key(r): fingerprint(r) for r in doc["runs"][0]["results"]}
    check(None not in old.values() and None not in new.values(),
          "a result without its fingerprint: %s, %s" % (old, new))
    check(new[("src/generate.cpp", 11)] == old.get(("src/generate.cpp", 8))
          and new[("src/kwargs.cpp", 8)] == old.get(("src/kwargs.cpp", 8)),
          "the fingerprints of the changed tree %s, of the original %s"
          % (new, old))
    logs.append(Log("after", after, path, doc))

    if plain:
        path = os.path.join(work, "after-plain.sarif")
        doc = _sarif(migrate, after, [], 1, path)
        logs.append(Log("after-plain", after, path, doc))
    else:
        logs.append(None)
    return BaselineLogs(baseline, *logs)
