#include "checks.h"

#include <transformers/errors.h>
#include <transformers/tensor.h>

#include <cmath>
#include <string>

namespace transformers {
namespace {

const std::vector<float> &empty_data() {
  static const std::vector<float> empty;
  return empty;
}

int64_t product(const Shape &shape) {
  for (int64_t d : shape)
    if (d < 0)
      throw ValueError("Trying to create tensor with negative dimension " +
                       std::to_string(d) + ": " + checks::shape_str(shape));
  int64_t n = 1;
  for (int64_t d : shape)
    n = checks::checked_mul(n, d, "tensor size");
  return n;
}

int64_t wrap_dim(int64_t d, int64_t ndim) {
  if (ndim == 0)
    throw IndexError("Dimension specified as " + std::to_string(d) +
                     " but tensor has no dimensions");
  int64_t w = d < 0 ? d + ndim : d;
  if (w < 0 || w >= ndim)
    throw IndexError("Dimension out of range (expected to be in range of [" +
                     std::to_string(-ndim) + ", " + std::to_string(ndim - 1) +
                     "], but got " + std::to_string(d) + ")");
  return w;
}

// outer x dim x inner decomposition of a shape around dimension d.
struct Split {
  int64_t outer = 1, dim = 1, inner = 1;
};
Split split(const Shape &shape, int64_t d) {
  Split s;
  for (int64_t i = 0; i < d; ++i)
    s.outer *= shape[i];
  s.dim = shape[d];
  for (std::size_t i = d + 1; i < shape.size(); ++i)
    s.inner *= shape[i];
  return s;
}

// SplitMix64: a small, portable, well-mixed generator.
uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

Tensor gather(const Tensor &t, int64_t dim, const std::vector<int64_t> &index) {
  int64_t d = wrap_dim(dim, t.dim());
  Split s = split(t.shape(), d);
  std::vector<int64_t> idx;
  idx.reserve(index.size());
  for (int64_t i : index) {
    int64_t w = i < 0 ? i + s.dim : i;
    if (w < 0 || w >= s.dim)
      throw IndexError("index " + std::to_string(i) +
                       " is out of bounds for dimension " + std::to_string(d) +
                       " with size " + std::to_string(s.dim));
    idx.push_back(w);
  }
  Shape shape = t.shape();
  shape[d] = static_cast<int64_t>(idx.size());
  std::vector<float> out;
  out.reserve(static_cast<std::size_t>(s.outer) * idx.size() * s.inner);
  const std::vector<float> &in = t.data();
  for (int64_t o = 0; o < s.outer; ++o)
    for (int64_t i : idx) {
      auto first = in.begin() + (o * s.dim + i) * s.inner;
      out.insert(out.end(), first, first + s.inner);
    }
  return Tensor::from_data(std::move(shape), std::move(out));
}

} // namespace

Tensor::Tensor() : shape_{0} {}

Tensor::Tensor(Shape shape, std::shared_ptr<const std::vector<float>> data)
    : shape_(std::move(shape)), data_(std::move(data)) {}

Tensor Tensor::zeros(Shape shape) {
  auto n = static_cast<std::size_t>(product(shape));
  return Tensor(std::move(shape),
                std::make_shared<const std::vector<float>>(n, 0.0f));
}

Tensor Tensor::from_data(Shape shape, std::vector<float> data) {
  int64_t n = product(shape);
  if (n != static_cast<int64_t>(data.size()))
    throw ValueError("shape '" + checks::shape_str(shape) +
                     "' is invalid for input of size " +
                     std::to_string(data.size()));
  return Tensor(std::move(shape),
                std::make_shared<const std::vector<float>>(std::move(data)));
}

Tensor Tensor::randn(Shape shape, uint64_t seed) {
  auto n = static_cast<std::size_t>(product(shape));
  std::vector<float> data(n);
  uint64_t state = seed;
  const double two_pi = 6.283185307179586;
  for (std::size_t i = 0; i < n; i += 2) {
    // Box-Muller on two uniforms in (0, 1].
    double u1 =
        (static_cast<double>(splitmix64(state) >> 11) + 1.0) * 0x1.0p-53;
    double u2 = static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-53;
    double r = std::sqrt(-2.0 * std::log(u1));
    data[i] = static_cast<float>(r * std::cos(two_pi * u2));
    if (i + 1 < n)
      data[i + 1] = static_cast<float>(r * std::sin(two_pi * u2));
  }
  return Tensor(std::move(shape),
                std::make_shared<const std::vector<float>>(std::move(data)));
}

int64_t Tensor::size(int64_t d) const { return shape_[wrap_dim(d, dim())]; }

int64_t Tensor::numel() const { return product(shape_); }

const std::vector<float> &Tensor::data() const {
  return data_ ? *data_ : empty_data();
}

bool Tensor::equal(const Tensor &other) const {
  return shape_ == other.shape_ && data() == other.data();
}

bool Tensor::allclose(const Tensor &other, double rtol, double atol) const {
  if (shape_ != other.shape_)
    return false;
  const auto &a = data();
  const auto &b = other.data();
  for (std::size_t i = 0; i < a.size(); ++i) {
    double diff = std::fabs(static_cast<double>(a[i]) - b[i]);
    if (!(diff <= atol + rtol * std::fabs(static_cast<double>(b[i]))))
      return false;
  }
  return true;
}

Tensor cat(const std::vector<Tensor> &tensors, int64_t dim) {
  if (tensors.empty())
    throw ValueError("cat(): expected a non-empty list of Tensors");
  const Tensor &first = tensors.front();
  for (std::size_t i = 0; i < tensors.size(); ++i)
    if (tensors[i].dim() == 0)
      throw ValueError("cat(): zero-dimensional tensor (at position " +
                       std::to_string(i) + ") cannot be concatenated");
  int64_t d = wrap_dim(dim, first.dim());
  Shape shape = first.shape();
  shape[d] = 0;
  for (std::size_t n = 0; n < tensors.size(); ++n) {
    const Tensor &t = tensors[n];
    if (t.dim() != first.dim())
      throw ValueError(
          "cat(): Tensors must have same number of dimensions: got " +
          std::to_string(first.dim()) + " and " + std::to_string(t.dim()));
    for (int64_t i = 0; i < first.dim(); ++i)
      if (i != d && t.shape()[i] != first.shape()[i])
        throw ValueError("cat(): Sizes of tensors must match except in "
                         "dimension " +
                         std::to_string(d) + ". Expected size " +
                         std::to_string(first.shape()[i]) + " but got size " +
                         std::to_string(t.shape()[i]) + " for tensor number " +
                         std::to_string(n) + " in the list.");
    shape[d] += t.shape()[d];
  }
  Split s = split(first.shape(), d);
  std::vector<float> out;
  out.reserve(static_cast<std::size_t>(product(shape)));
  for (int64_t o = 0; o < s.outer; ++o)
    for (const Tensor &t : tensors) {
      int64_t chunk = t.shape()[d] * s.inner;
      auto begin = t.data().begin() + o * chunk;
      out.insert(out.end(), begin, begin + chunk);
    }
  return Tensor::from_data(std::move(shape), std::move(out));
}

Tensor narrow(const Tensor &t, int64_t dim, int64_t start, int64_t length) {
  int64_t d = wrap_dim(dim, t.dim());
  int64_t size = t.shape()[d];
  if (length < 0)
    throw ValueError("narrow(): length must be non-negative.");
  if (start < -size || start > size)
    throw IndexError("start out of range (expected to be in range of [" +
                     std::to_string(-size) + ", " + std::to_string(size) +
                     "], but got " + std::to_string(start) + ")");
  if (start < 0)
    start += size;
  // `length > size - start`: no signed overflow for huge lengths.
  if (length > size - start)
    throw IndexError("start (" + std::to_string(start) + ") + length (" +
                     std::to_string(length) + ") exceeds dimension size (" +
                     std::to_string(size) + ").");
  std::vector<int64_t> idx(static_cast<std::size_t>(length));
  for (int64_t i = 0; i < length; ++i)
    idx[i] = start + i;
  return gather(t, d, idx);
}

Tensor index_select(const Tensor &t, int64_t dim,
                    const std::vector<int64_t> &index) {
  return gather(t, dim, index);
}

Tensor repeat_interleave(const Tensor &t, int64_t repeats, int64_t dim) {
  if (repeats < 0)
    throw ValueError("repeats can not be negative");
  int64_t d = wrap_dim(dim, t.dim());
  Shape shape = t.shape();
  shape[d] = checks::checked_mul(shape[d], repeats, "repeat_interleave()");
  if (product(shape) == 0)
    // Nothing to copy: no index list (which could be huge for an empty
    // tensor with a large dimension or many repeats).
    return Tensor::zeros(std::move(shape));
  std::vector<int64_t> idx;
  idx.reserve(static_cast<std::size_t>(shape[d]));
  for (int64_t i = 0; i < t.shape()[d]; ++i)
    for (int64_t r = 0; r < repeats; ++r)
      idx.push_back(i);
  return gather(t, d, idx);
}

} // namespace transformers
