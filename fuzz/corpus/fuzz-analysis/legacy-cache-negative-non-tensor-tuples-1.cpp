// FUZZ-CONFIG: {Checks: '-*,transformers-legacy-cache', WarningsAsErrors: '*'}
// RUN: %check_clang_tidy -expect-clean %s transformers-legacy-cache %t
// Tuples and pairs of non-tensors, tensor tuples of the wrong arity and plain
// tensors are not legacy caches.
#include <transformers/transformers.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

struct Sink {
  Sink(transformers::PastKeyValues past);
  Sink(std::vector<std::tuple<int, int>> ints);
  Sink(std::vector<std::pair<std::string, transformers::Tensor>> named);
  Sink(std::vector<std::tuple<transformers::Tensor, transformers::Tensor,
                              transformers::Tensor>> three);
  Sink(const transformers::Tensor &single);
  Sink(std::vector<transformers::Tensor> flat);
};

void not_legacy(const transformers::Tensor &t) {
  Sink a(std::vector<std::tuple<int, int>>{{1, 2}});
  Sink b(std::vector<std::pair<std::string, transformers::Tensor>>{{"k", t}});
  Sink c(std::vector<std::tuple<transformers::Tensor, transformers::Tensor,
                                transformers::Tensor>>{{t, t, t}});
  Sink d(t);
  Sink e(std::vector<transformers::Tensor>{t, t});
  std::tuple<transformers::Tensor, transformers::Tensor> layer{t, t};
  std::pair<transformers::Tensor, transformers::Tensor> kv{t, t};
  (void)layer;
  (void)kv;
}
