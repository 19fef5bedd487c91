// The tool's standard input, a pipe here: read once, by the parse, as clang
// reads it (the scan never opens a pipe). When the scan read it first, the
// parse found it empty: dev_stdin_value was undeclared, and the finding
// below was lost behind a compiler error.
#include "/dev/stdin"
#include <transformers/transformers.h>

int dev_stdin(const transformers::LlamaForCausalLM &model,
              const transformers::TokenIds &ids,
              const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
  return dev_stdin_value;
}
