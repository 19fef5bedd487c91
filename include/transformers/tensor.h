/// \file
/// A tiny float32 tensor (the subset of `torch.Tensor` the caches and models
/// use): row-major, immutable, cheap to copy.
#ifndef TRANSFORMERS_TENSOR_H
#define TRANSFORMERS_TENSOR_H

#include <cstdint>
#include <memory>
#include <vector>

namespace transformers {

/// Shape of a tensor, outermost dimension first (`torch.Size`).
using Shape = std::vector<int64_t>;

/// A float32, row-major tensor (upstream: `torch.Tensor`, float32 on CPU).
/// Copies share the (immutable) storage, so passing tensors around by value
/// is cheap; every operation returns a new tensor. A default-constructed
/// tensor is undefined (`defined() == false`, shape `{0}`), the analogue of
/// a Python `None` tensor slot. KV-cache tensors are
/// `[batch, kv_heads, seq, head_dim]`.
class Tensor {
public:
  /// An undefined tensor: no storage, shape `{0}`.
  Tensor();

  /// All-zero tensor of the given shape (`torch.zeros(shape)`).
  /// \throws ValueError if a dimension is negative.
  static Tensor zeros(Shape shape);
  /// Tensor from explicit row-major data
  /// (`torch.tensor(data).reshape(shape)`).
  /// \throws ValueError if `data.size()` differs from the shape's product or
  /// a dimension is negative.
  static Tensor from_data(Shape shape, std::vector<float> data);
  /// Deterministic standard-normal values (`torch.randn(shape)` after
  /// `torch.manual_seed(seed)`, but not torch's values): the same
  /// `(shape, seed)` always gives the same tensor on every platform.
  /// \throws ValueError if a dimension is negative.
  static Tensor randn(Shape shape, uint64_t seed);

  /// The shape (`t.shape`).
  const Shape &shape() const { return shape_; }
  /// Number of dimensions (`t.dim()`).
  int64_t dim() const { return static_cast<int64_t>(shape_.size()); }
  /// Size of dimension `d` (`t.size(d)` / `t.shape[d]`); negative `d` counts
  /// from the end.
  /// \throws IndexError if `d` is out of `[-dim(), dim())`.
  int64_t size(int64_t d) const;
  /// Number of elements (`t.numel()`).
  int64_t numel() const;
  /// The elements in row-major order (`t.flatten().tolist()`); empty for an
  /// undefined tensor.
  const std::vector<float> &data() const;
  /// Whether this tensor has storage (not default-constructed).
  bool defined() const { return static_cast<bool>(data_); }

  /// Same shape and bitwise-equal values (`torch.equal(a, b)`).
  bool equal(const Tensor &other) const;
  /// Same shape and `|a - b| <= atol + rtol * |b|` element-wise
  /// (`torch.allclose(a, b, rtol, atol)`, same defaults). Returns false,
  /// instead of broadcasting or throwing, when the shapes differ.
  bool allclose(const Tensor &other, double rtol = 1e-5,
                double atol = 1e-8) const;

private:
  Tensor(Shape shape, std::shared_ptr<const std::vector<float>> data);

  Shape shape_;
  std::shared_ptr<const std::vector<float>> data_;
};

/// Concatenates tensors along `dim` (negative allowed); all other dimensions
/// must agree (`torch.cat(tensors, dim)`). Caches grow with `cat` on dim -2.
/// \throws ValueError for an empty list or mismatched shapes.
/// \throws IndexError if `dim` is out of range.
Tensor cat(const std::vector<Tensor> &tensors, int64_t dim);
/// The slice `[start, start + length)` of dimension `dim`
/// (`torch.narrow(t, dim, start, length)`); negative `dim` and `start` count
/// from the end. `t[..., -n:, :]` is `narrow(t, -2, t.size(-2) - n, n)`.
/// \throws IndexError if `dim` or the slice is out of range.
/// \throws ValueError if `length` is negative.
Tensor narrow(const Tensor &t, int64_t dim, int64_t start, int64_t length);
/// Gathers the given indices (negative allowed) of dimension `dim`
/// (`t.index_select(dim, torch.tensor(index))`); `reorder_cache` and
/// `batch_select_indices` use it on dim 0.
/// \throws IndexError if `dim` or an index is out of range.
Tensor index_select(const Tensor &t, int64_t dim,
                    const std::vector<int64_t> &index);
/// Repeats every slice of dimension `dim` `repeats` times in place:
/// `[a, b]` -> `[a, a, b, b]` for `repeats == 2`
/// (`t.repeat_interleave(repeats, dim)`).
/// \throws ValueError if `repeats` is negative.
/// \throws IndexError if `dim` is out of range.
Tensor repeat_interleave(const Tensor &t, int64_t repeats, int64_t dim);

} // namespace transformers

#endif // TRANSFORMERS_TENSOR_H
