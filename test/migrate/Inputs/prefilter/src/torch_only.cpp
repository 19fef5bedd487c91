// Never includes the library: a user tensor and sink type, configured in
// .clang-tidy, are reached through torch_shim.h.
#include "torch_shim.h"

void torch_only(const torchcompat::TorchLegacy &legacy) {
  torchcompat::forward(legacy);
}
