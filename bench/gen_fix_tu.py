#!/usr/bin/env python3
"""Generates one translation unit with N findings for bench/fix_scaling.sh.

  gen_fix_tu.py OUT --findings N --include DIR [--held-back]

OUT/src/handoffs.cpp includes <transformers/transformers.h> (DIR is the
reference library's include directory) and has N legacy hand-offs, two per
function as in test/migrate/Inputs/proj/src/legacy.cpp: model.forward and
model.generate with a legacy tuple-shaped cache. Each is one finding whose
fix wraps the cache and inserts #include <transformers/cache_utils.h> (the
same edit in every fix: the fix merge keeps it once). A copy of the file is
left in OUT/handoffs.cpp.orig, to restore it before each --fix.
--held-back adds one more finding whose fix does not compile (an overload
set, as test/migrate/Inputs/verify/src/overload.cpp): the verification
holds back every fix of the file, with a note at each.
OUT/build/compile_commands.json lists the TU, compiled as make_project.py
compiles the tests' projects.
"""
import argparse
import json
import os
import shutil

PAIR = """
transformers::GenerateOutput
answer{i}(const transformers::LlamaForCausalLM &model,
          const transformers::TokenIds &ids,
          const transformers::LegacyCache &legacy) {{
  auto peek = model.forward(ids, legacy);
  (void)peek;
  return model.generate(ids, {{}}, {{.past_key_values = legacy}});
}}
"""

HELD_BACK = """
int step(transformers::PastKeyValues past) { return past.is_legacy() ? 1 : 2; }
int step(std::shared_ptr<transformers::Cache> cache) { return cache ? 3 : 4; }
int run(const transformers::LegacyCache &legacy) { return step(legacy); }
"""

SINGLE = """
transformers::CausalLMOutput
peek{i}(const transformers::LlamaForCausalLM &model,
        const transformers::TokenIds &ids,
        const transformers::LegacyCache &legacy) {{
  return model.forward(ids, legacy);
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--findings", type=int, required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--held-back", action="store_true")
    a = ap.parse_args()
    out, include = os.path.abspath(a.out), os.path.abspath(a.include)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "src"))
    os.makedirs(os.path.join(out, "build"))
    parts = ["// %d legacy hand-offs in one translation unit "
             "(bench/fix_scaling.sh).\n" % a.findings]
    if a.held_back:
        parts.append("#include <memory>\n")
    parts += ["#include <transformers/transformers.h>\n\n",
              "namespace bench {\n"]
    parts += [PAIR.format(i=i) for i in range(a.findings // 2)]
    if a.findings % 2:
        parts.append(SINGLE.format(i=a.findings // 2))
    if a.held_back:
        parts.append(HELD_BACK)
    parts.append("\n} // namespace bench\n")
    src = os.path.join(out, "src", "handoffs.cpp")
    with open(src, "w") as fh:
        fh.write("".join(parts))
    shutil.copyfile(src, os.path.join(out, "handoffs.cpp.orig"))
    with open(os.path.join(out, "build", "compile_commands.json"), "w") as fh:
        json.dump([{
            "directory": os.path.join(out, "build"),
            "file": src,
            "arguments": ["clang++", "-std=c++20", "-I" + include,
                          "-c", src, "-o", "handoffs.cpp.o"],
        }], fh, indent=2)


if __name__ == "__main__":
    main()
