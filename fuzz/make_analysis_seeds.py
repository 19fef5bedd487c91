#!/usr/bin/env python3
"""make_analysis_seeds.py [OUT_DIR]

(Re)writes the seed corpus of fuzz-analysis from the clang-tidy lit tests
(test/clang-tidy/*.cpp), one seed per RUN command, RUN/CHECK lines kept.
What a RUN line passes to the check -- -std=c++17 and -config="..." -- is
turned into the two lines fuzz-analysis reads (see AnalysisFuzzer.cpp):
  // FUZZ-STD: c++17
  // FUZZ-CONFIG: {CheckOptions: {...}}
A test run without a configuration also gets one seed under one of
CONFIG_VARIANTS (in turn): whole clang-tidy configurations -- Checks,
WarningsAsErrors, header filters, SystemHeaders, every boolean spelling and
an invalid one -- so that random configurations are part of the input from
the start.
Default OUT_DIR: fuzz/corpus/fuzz-analysis next to this script.
"""
import glob
import os
import shlex
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)


CONFIG_VARIANTS = [
    "{Checks: '-*,transformers-legacy-cache', WarningsAsErrors: '*'}",
    "{CheckOptions: {transformers-legacy-cache.IgnoreMacros: yes}}",
    "{CheckOptions: {IgnoreMacros: off, transformers-legacy-cache.IncludeStyle: google}}",
    "{HeaderFilterRegex: '.*', SystemHeaders: true}",
    "{Checks: '-*,transformers-cache-implementation-conflict'}",
    "{CheckOptions: {transformers-legacy-cache.IgnoreMacros: maybe}}",
    "{HeaderFilterRegex: 'transformers', ExcludeHeaderFilterRegex: 'cache'}",
    "{CheckOptions: {transformers-legacy-cache.IgnoreMacros: 0, transformers-legacy-cache.TensorTypes: 'transformers::Tensor'}}",
]


def run_commands(text):
    """The RUN commands of a lit test, continuation lines joined."""
    commands, current = [], None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("// RUN:"):
            continue
        part = stripped[len("// RUN:"):].strip()
        current = part if current is None else current + " " + part
        if current.endswith("\\"):
            current = current[:-1]
        else:
            commands.append(current)
            current = None
    return commands


def markers(command):
    lines = []
    try:
        args = shlex.split(command)
    except ValueError:
        return lines
    for arg in args:
        if arg == "-std=c++17":
            lines.append("// FUZZ-STD: c++17")
        elif arg.startswith("-config="):
            config = " ".join(arg[len("-config="):].split())
            lines.append("// FUZZ-CONFIG: " + config)
    return lines


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "corpus", "fuzz-analysis")
    os.makedirs(out, exist_ok=True)
    for old in glob.glob(os.path.join(out, "*.cpp")):
        os.remove(old)
    count = 0
    for test in sorted(glob.glob(os.path.join(root, "test", "clang-tidy",
                                              "*.cpp"))):
        with open(test, encoding="utf-8") as fh:
            text = fh.read()
        stem = os.path.splitext(os.path.basename(test))[0]
        variants = []
        for command in run_commands(text) or [""]:
            head = markers(command)
            if head not in variants:
                variants.append(head)
        if not any(m.startswith("// FUZZ-CONFIG:") for m in variants[0]):
            config = CONFIG_VARIANTS[count % len(CONFIG_VARIANTS)]
            variants.append(variants[0] + ["// FUZZ-CONFIG: " + config])
        for i, head in enumerate(variants):
            name = stem + ("" if i == 0 else "-%d" % i) + ".cpp"
            with open(os.path.join(out, name), "w", encoding="utf-8") as fh:
                fh.write("".join(line + "\n" for line in head) + text)
            count += 1
    print("%d seeds in %s" % (count, out))


if __name__ == "__main__":
    main()
