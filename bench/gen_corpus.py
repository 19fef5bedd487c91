#!/usr/bin/env python3
"""Generates a synthetic codebase for bench/run.sh (issue 5).

  gen_corpus.py OUT --tus N --share P [--include DIR] [--seed S] [--ml]

OUT/src/tu_<i>.cpp: N translation units. Every TU includes a few shared
project headers (OUT/include/common_<k>.h, each pulling STL-heavy headers:
<map>, <unordered_map>, <vector>, <string>, <algorithm>, <functional>,
<memory>, <optional>, <variant>, <sstream>, ...) and has some ordinary code.
A share P (percent) of them also use the reference library: half of those
include <transformers/transformers.h> directly, half through a shared project
header (OUT/include/model_api.h), and each makes one legacy hand-off
(model.forward / model.generate with a legacy tuple cache) next to already
migrated code. OUT/build/compile_commands.json lists every TU.

--ml (issue 14: the prefilter in an ML codebase full of "Tensor"): every
shared header also includes OUT/include/ml/tensor.h, the project's own tensor
library in the style of ggml.h: "Tensor", "transformers", "PastKeyValues" and
"GenerationConfig" in comments and string literals, and classes of its own
named Tensor, PastKeyValues and GenerationConfig (in namespace ml) with a
tuple-shaped KV cache of ml::Tensor; every TU uses them. Only the P% that
include the reference library can have a finding.

--light (for test/stress, where the point is the number of TUs, not their
parse weight): the shared headers include only <cstddef>, and the library is
a small stand-in written to OUT/include/transformers/cache_utils.h (the
prefilter's library marker) with the same names and shapes (Tensor,
PastKeyValues, a std::array of std::pair layers, GenerateKwargs,
DynamicCache::from_legacy_cache); its TUs include <array> and <utility> only.
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


# An ML project's own tensor library, as ggml.h is to llama.cpp: it names
# every word of the reference library in comments and strings, and has
# classes of the same unqualified names; none of them is a configured type.
ML_TENSOR = """#pragma once
// ML Tensor Library: a Tensor is an n-dimensional array of floats.
// Weights converted from Hugging Face transformers checkpoints; the
// past_key_values of a transformers::PastKeyValues become the KV cache below,
// and a transformers::GenerationConfig becomes ml::GenerationConfig.
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace ml {
struct Tensor {
  std::vector<int64_t> ne;
  std::vector<float> data;
  std::string name = "Tensor";
};
/* A tuple-shaped cache, like transformers' legacy one, of ml::Tensor. */
using KVCache = std::vector<std::tuple<Tensor, Tensor>>;
struct PastKeyValues {
  KVCache layers;
  PastKeyValues() = default;
  PastKeyValues(const KVCache &legacy) : layers(legacy) {}
};
struct GenerationConfig {
  int64_t max_new_tokens = 16;
  std::string cache_implementation = "transformers::DynamicCache";
};
inline const char *model_arch() { return "transformers::LlamaForCausalLM"; }
inline int64_t decode(const PastKeyValues &past, const GenerationConfig &c) {
  return static_cast<int64_t>(past.layers.size()) + c.max_new_tokens;
}
} // namespace ml
"""


def ml_code(i):
    return f"""
namespace tu{i}_ml {{
int64_t step(const ml::KVCache &kv) {{
  ml::GenerationConfig config;
  return ml::decode(kv, config); // "Tensor" tuples into ml::PastKeyValues
}}
}} // namespace tu{i}_ml
"""


def light_header(k):
    return f"""#pragma once
#include <cstddef>

namespace proj{k} {{
struct Record {{
  int id;
  double weight;
}};
inline double total(const Record *rs, std::size_t n) {{
  double t = 0;
  for (std::size_t i = 0; i < n; ++i)
    t += rs[i].weight * rs[i].id;
  return t;
}}
template <class T> T largest(const T *v, std::size_t n) {{
  T m = v[0];
  for (std::size_t i = 1; i < n; ++i)
    m = v[i] > m ? v[i] : m;
  return m;
}}
}} // namespace proj{k}
"""


def light_plain_code(i, k):
    return f"""
namespace tu{i} {{
double work(const proj{k}::Record *rs, std::size_t n) {{
  int ids[3] = {{3, {i % 7}, 2}};
  return proj{k}::total(rs, n) + proj{k}::largest(ids, 3);
}}
}} // namespace tu{i}
"""


# A stand-in for the reference library with the names and type shapes the
# checks look for, cheap to parse.
LIGHT_LIBRARY = """#pragma once
#include <array>
#include <utility>

namespace transformers {
struct Tensor {
  float value = 0;
};
using LegacyLayer = std::pair<Tensor, Tensor>;
using LegacyCache = std::array<LegacyLayer, 2>;
struct Cache {
  virtual ~Cache() = default;
};
struct DynamicCache : Cache {
  template <class L> static DynamicCache *from_legacy_cache(const L &) {
    return nullptr;
  }
};
class PastKeyValues {
public:
  PastKeyValues() = default;
  PastKeyValues(Cache *C) : C(C) {}
  PastKeyValues(const LegacyCache &) {}

private:
  Cache *C = nullptr;
};
struct GenerateKwargs {
  PastKeyValues past_key_values;
};
struct Model {
  int forward(int ids, PastKeyValues past_key_values = {}) const;
  int generate(int ids, GenerateKwargs kwargs = {}) const;
};
} // namespace transformers
"""


def light_library_code(i):
    return "#include <transformers/cache_utils.h>", f"""
namespace tu{i} {{
int answer(const transformers::Model &model,
           const transformers::LegacyCache &legacy) {{
  transformers::DynamicCache cache;
  int peek = model.forward({i}, &cache);
  return peek + model.generate({i}, {{.past_key_values = legacy}});
}}
}} // namespace tu{i}
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
    ap.add_argument("--ml", action="store_true",
                    help="an ML codebase: its own Tensor library everywhere")
    ap.add_argument("--light", action="store_true",
                    help="cheap TUs: no STL-heavy headers, a stand-in "
                    "library (for test/stress)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = os.path.abspath(a.out)
    inc = os.path.abspath(a.include)
    for d in ("src", "include", "build"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    for k in range(a.headers):
        with open(os.path.join(out, "include", f"common_{k}.h"), "w") as fh:
            fh.write(light_header(k) if a.light else common_header(k, rng))
            if a.ml:
                fh.write('#include "ml/tensor.h"\n')
    if a.ml:
        os.makedirs(os.path.join(out, "include", "ml"), exist_ok=True)
        with open(os.path.join(out, "include", "ml", "tensor.h"), "w") as fh:
            fh.write(ML_TENSOR)
    if a.light:
        os.makedirs(os.path.join(out, "include", "transformers"),
                    exist_ok=True)
        with open(os.path.join(out, "include", "transformers",
                               "cache_utils.h"), "w") as fh:
            fh.write(LIGHT_LIBRARY)
    with open(os.path.join(out, "include", "model_api.h"), "w") as fh:
        fh.write("#pragma once\n" + (
            "#include <transformers/cache_utils.h>\n" if a.light else
            "#include <vector>\n#include <transformers/transformers.h>\n"))
    n_lib = round(a.tus * a.share / 100.0)
    lib_tus = set(rng.sample(range(a.tus), n_lib))
    entries = []
    for i in range(a.tus):
        k1, k2 = rng.sample(range(a.headers), 2)
        text = f'#include "common_{k1}.h"\n#include "common_{k2}.h"\n'
        body = light_plain_code(i, k1) if a.light else plain_code(i, k1)
        if a.ml:
            body += ml_code(i)
        if i in lib_tus:
            if a.light:
                lib_inc, lib_body = light_library_code(i)
                if i % 2:
                    lib_inc = '#include "model_api.h"'
            else:
                lib_inc, lib_body = library_code(i, direct=(i % 2 == 0))
            text += lib_inc + "\n"
            body += lib_body
        path = os.path.join(out, "src", f"tu_{i}.cpp")
        with open(path, "w") as fh:
            fh.write(text + body)
        entries.append({
            "directory": os.path.join(out, "build"),
            "file": path,
            "arguments": ["clang++", "-std=c++20"] +
                         ([] if a.light else ["-I" + inc]) +
                         ["-I" + os.path.join(out, "include"), "-c", path,
                          "-o", f"tu_{i}.o"],
        })
    with open(os.path.join(out, "build", "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=1)
    print(f"{out}: {a.tus} TUs, {n_lib} using the library" +
          (", ML style" if a.ml else ""))


if __name__ == "__main__":
    main()
