#pragma once
#include <memory>
#include <tuple>
#include <vector>

namespace torch {
struct Tensor {};
} // namespace torch

namespace torchcompat {
using TorchLegacy = std::vector<std::tuple<torch::Tensor, torch::Tensor>>;
struct KVSink {
  KVSink(const TorchLegacy &legacy);
};
void forward(KVSink past_key_values);
} // namespace torchcompat
