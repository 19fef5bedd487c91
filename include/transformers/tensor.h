// A tiny float32 tensor: row-major, immutable, cheap to copy.
#ifndef TRANSFORMERS_TENSOR_H
#define TRANSFORMERS_TENSOR_H

#include <cstdint>
#include <memory>
#include <vector>

namespace transformers {

/// Shape of a tensor, outermost dimension first.
using Shape = std::vector<int64_t>;

/// A float32, row-major tensor. Copies share the (immutable) storage, so
/// passing tensors around by value is cheap. A default-constructed tensor is
/// undefined (`defined() == false`, shape `{0}`).
class Tensor {
public:
  Tensor();

  /// All-zero tensor of the given shape.
  static Tensor zeros(Shape shape);
  /// Tensor from explicit data; `data.size()` must equal the shape's product.
  static Tensor from_data(Shape shape, std::vector<float> data);
  /// Deterministic standard-normal values: the same `(shape, seed)` always
  /// gives the same tensor on every platform.
  static Tensor randn(Shape shape, uint64_t seed);

  const Shape &shape() const { return shape_; }
  int64_t dim() const { return static_cast<int64_t>(shape_.size()); }
  /// Size of dimension `d`; negative `d` counts from the end.
  int64_t size(int64_t d) const;
  int64_t numel() const;
  /// The elements in row-major order.
  const std::vector<float> &data() const;
  /// Whether this tensor has storage (not default-constructed).
  bool defined() const { return static_cast<bool>(data_); }

  /// Same shape and bitwise-equal values.
  bool equal(const Tensor &other) const;
  /// Same shape and |a - b| <= atol + rtol * |b| element-wise.
  bool allclose(const Tensor &other, double rtol = 1e-5,
                double atol = 1e-8) const;

private:
  Tensor(Shape shape, std::shared_ptr<const std::vector<float>> data);

  Shape shape_;
  std::shared_ptr<const std::vector<float>> data_;
};

/// Concatenates tensors along `dim` (negative allowed). All other dimensions
/// must agree.
Tensor cat(const std::vector<Tensor> &tensors, int64_t dim);
/// The slice `[start, start + length)` of dimension `dim`.
Tensor narrow(const Tensor &t, int64_t dim, int64_t start, int64_t length);
/// Gathers the given indices (negative allowed) of dimension `dim`.
Tensor index_select(const Tensor &t, int64_t dim,
                    const std::vector<int64_t> &index);
/// Repeats every slice of dimension `dim` `repeats` times in place:
/// `[a, b]` -> `[a, a, b, b]` for `repeats == 2`.
Tensor repeat_interleave(const Tensor &t, int64_t repeats, int64_t dim);

} // namespace transformers

#endif // TRANSFORMERS_TENSOR_H
