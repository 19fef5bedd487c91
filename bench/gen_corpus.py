#!/usr/bin/env python3
"""Generates a synthetic codebase for bench/run.sh (issue 5).

  gen_corpus.py OUT --tus N --share P [--include DIR] [--seed S]

OUT/src/tu_<i>.cpp: N translation units. Every TU includes a few shared
project headers (OUT/include/common_<k>.h, each pulling STL-heavy headers:
<map>, <unordered_map>, <vector>, <string>, <algorithm>, <functional>,
<memory>, <optional>, <variant>, <sstream>, ...) and has some ordinary code.
A share P (percent) of them also use the reference library: half of those
include <transformers/transformers.h> directly, half through a shared project
header (OUT/include/model_api.h), and each makes one legacy hand-off
(model.forward / model.generate with a legacy tuple cache) next to already
migrated code. OUT/build/compile_commands.json lists every TU.
"""
import argparse
import json
import os
import random

BASE = ["<algorithm>", "<map>", "<string>", "<vector>"]
STL = ["<functional>", "<memory>", "<optional>", "<set>", "<sstream>",
       "<tuple>", "<unordered_map>", "<variant>", "<iostream>", "<numeric>",
       "<regex>", "<chrono>"]


def common_header(k, rng):
    incs = BASE + rng.sample(STL, 5)
    body = "\n".join("#include %s" % i for i in sorted(incs))
    return f"""#pragma once
{body}

namespace proj{k} {{
struct Record {{
  std::string name;
  std::vector<int> values;
  std::map<std::string, double> attrs;
}};
inline double total(const std::vector<Record> &rs) {{
  double t = 0;
  for (const auto &r : rs)
    for (const auto &[k, v] : r.attrs)
      t += v + static_cast<double>(k.size());
  return t;
}}
template <class T> std::vector<T> sorted(std::vector<T> v) {{
  std::sort(v.begin(), v.end());
  return v;
}}
}} // namespace proj{k}
"""


def plain_code(i, k):
    return f"""
namespace tu{i} {{
double work(std::vector<proj{k}::Record> rs) {{
  std::sort(rs.begin(), rs.end(), [](const auto &a, const auto &b) {{
    return a.name < b.name;
  }});
  auto v = proj{k}::sorted(std::vector<int>{{3, 1, 2}});
  return proj{k}::total(rs) + static_cast<double>(v.front());
}}
}} // namespace tu{i}
"""


def library_code(i, direct):
    inc = ("#include <transformers/transformers.h>" if direct
           else '#include "model_api.h"')
    return inc, f"""
namespace tu{i} {{
transformers::GenerateOutput
answer(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids,
       const transformers::LegacyCache &legacy) {{
  auto migrated = transformers::DynamicCache::from_legacy_cache(legacy);
  auto peek = model.forward(ids, migrated);
  (void)peek;
  return model.generate(ids, {{}}, {{.past_key_values = legacy}});
}}
}} // namespace tu{i}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--tus", type=int, default=60)
    ap.add_argument("--share", type=float, default=100.0)
    ap.add_argument("--include", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "include"))
    ap.add_argument("--headers", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = os.path.abspath(a.out)
    inc = os.path.abspath(a.include)
    for d in ("src", "include", "build"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    for k in range(a.headers):
        with open(os.path.join(out, "include", f"common_{k}.h"), "w") as fh:
            fh.write(common_header(k, rng))
    with open(os.path.join(out, "include", "model_api.h"), "w") as fh:
        fh.write("#pragma once\n#include <vector>\n"
                 "#include <transformers/transformers.h>\n")
    n_lib = round(a.tus * a.share / 100.0)
    lib_tus = set(rng.sample(range(a.tus), n_lib))
    entries = []
    for i in range(a.tus):
        k1, k2 = rng.sample(range(a.headers), 2)
        text = f'#include "common_{k1}.h"\n#include "common_{k2}.h"\n'
        body = plain_code(i, k1)
        if i in lib_tus:
            lib_inc, lib_body = library_code(i, direct=(i % 2 == 0))
            text += lib_inc + "\n"
            body += lib_body
        path = os.path.join(out, "src", f"tu_{i}.cpp")
        with open(path, "w") as fh:
            fh.write(text + body)
        entries.append({
            "directory": os.path.join(out, "build"),
            "file": path,
            "arguments": ["clang++", "-std=c++20", "-I" + inc,
                          "-I" + os.path.join(out, "include"), "-c", path,
                          "-o", f"tu_{i}.o"],
        })
    with open(os.path.join(out, "build", "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=1)
    print(f"{out}: {a.tus} TUs, {n_lib} using the library")


if __name__ == "__main__":
    main()
