"""The SARIF logs the SARIF tests check: transformers-migrate --format=sarif
over every corpus of test/clients/Inputs, in the ways a CI job runs it.

  logs = make_logs(migrate, include_dir, inputs, work)

Each entry of `logs` is a Log: its name, the project copy it was made in
(the project's root, %SRCROOT%), the path of the .sarif file and the parsed
document. Every run's exit status is checked.
"""
import collections
import json
import os

from testlib import check, copy_tree, run, write, write_compile_db

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
