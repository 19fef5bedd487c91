#pragma once
// An ML project's own tensor library: it says Tensor, transformers,
// PastKeyValues and torch::Tensor in comments and strings, and has a Tensor
// class of its own, but declares none of the configured types (a qualified
// name needs every one of its components as an identifier).
/* Converted from Hugging Face transformers; torch::Tensor interop below. */
#include <string>

namespace ggml {
struct Tensor {
  std::string name = "transformers::PastKeyValues";
};
inline const char *about() { return R"(torch::Tensor, transformers::Tensor)"; }
} // namespace ggml
