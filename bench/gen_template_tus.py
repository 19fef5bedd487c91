#!/usr/bin/env python3
"""gen_template_tus.py OUT [--tus T] [--templates N] [--instantiations K]

Writes T translation units where every finding comes from template
instantiations: each TU has N function templates whose call depends on the
model type and whose legacy operand does not (issue 28's form), each
instantiated with K model types of the TU's own that all convert it, plus
one class template member of the same shape. So every finding needs the
instantiation check (InstantiationAgreement.h) before it gets its fix: the
worst case of its cost, for ab_migrate.sh --corpus OUT.
OUT/build/compile_commands.json lists the TUs (C++20, the repository's
include/).
"""
import argparse
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
include = os.path.join(os.path.dirname(here), "include")


def tu(index, templates, instantiations):
    out = ["#include <transformers/transformers.h>", "",
           "using transformers::LegacyCache;",
           "using transformers::TokenIds;", ""]
    for k in range(instantiations):
        out += [f"struct Model{k} {{",
                "  const transformers::LlamaForCausalLM &llama;",
                "  transformers::CausalLMOutput forward(const TokenIds &ids,",
                "      transformers::PastKeyValues past) const {",
                "    return llama.forward(ids, past);",
                "  }",
                "};", ""]
    for n in range(templates):
        out += ["template <class M>",
                f"long step{n}(const M &model, const TokenIds &ids,",
                "           const LegacyCache &saved) {",
                "  return model.forward(ids, saved).logits.numel();",
                "}", ""]
    out += ["template <class M> struct Session {",
            "  M model;",
            "  long resume(const TokenIds &ids, const LegacyCache &saved) const {",
            "    return model.forward(ids, saved).logits.numel();",
            "  }",
            "};", "",
            f"long run{index}(const transformers::LlamaForCausalLM &llama,",
            "          const TokenIds &ids, const LegacyCache &saved) {",
            "  long total = 0;"]
    for k in range(instantiations):
        out.append(f"  Model{k} m{k}{{llama}};")
        for n in range(templates):
            out.append(f"  total += step{n}(m{k}, ids, saved);")
        out.append(f"  total += Session<Model{k}>{{m{k}}}.resume(ids, saved);")
    out += ["  return total;", "}", ""]
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--tus", type=int, default=10)
    p.add_argument("--templates", type=int, default=20)
    p.add_argument("--instantiations", type=int, default=5)
    a = p.parse_args()
    out = os.path.abspath(a.out)
    os.makedirs(os.path.join(out, "src"), exist_ok=True)
    os.makedirs(os.path.join(out, "build"), exist_ok=True)
    commands = []
    for i in range(a.tus):
        path = os.path.join(out, "src", f"templates_{i}.cpp")
        with open(path, "w") as f:
            f.write(tu(i, a.templates, a.instantiations))
        commands.append({"directory": os.path.join(out, "build"),
                         "file": path,
                         "arguments": ["clang++", "-std=c++20", "-I" + include,
                                       "-c", path]})
    with open(os.path.join(out, "build", "compile_commands.json"), "w") as f:
        json.dump(commands, f, indent=1)


if __name__ == "__main__":
    main()
