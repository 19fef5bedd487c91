/// \file
/// Umbrella header of the reference `transformers` library: a small C++ port
/// of the Hugging Face `transformers` generation-cache API (tensors, per-layer
/// KV caches, legacy tuple formats, `GenerationConfig`, tiny Llama and Mamba
/// models with `forward` and `generate`). Namespace `transformers`. See
/// docs/library.md for the Python-to-C++ mapping.
#ifndef TRANSFORMERS_TRANSFORMERS_H
#define TRANSFORMERS_TRANSFORMERS_H

#include <transformers/cache_utils.h>
#include <transformers/configuration_utils.h>
#include <transformers/errors.h>
#include <transformers/generation/configuration_utils.h>
#include <transformers/generation/utils.h>
#include <transformers/modeling.h>
#include <transformers/tensor.h>

#endif // TRANSFORMERS_TRANSFORMERS_H
