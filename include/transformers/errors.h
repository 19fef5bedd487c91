/// \file
/// Python-style exception types of the reference library.
///
/// Messages are verbatim copies of upstream Hugging Face `transformers` (or of
/// the torch error it would surface) where upstream has one, so that ported
/// code and the migration checks can match on the exact text. Each type
/// derives from the standard exception closest to its Python meaning, so
/// `catch (const std::invalid_argument &)` catches both `ValueError` and
/// `TypeError`, and `catch (const std::out_of_range &)` both `IndexError` and
/// `KeyError`.
#ifndef TRANSFORMERS_ERRORS_H
#define TRANSFORMERS_ERRORS_H

#include <stdexcept>
#include <string>

namespace transformers {

/// Python `ValueError`: an argument has the right type but a wrong value
/// (e.g. a legacy tuple cache passed to `generate`, a cache combined with
/// `cache_implementation`, mismatched tensor shapes).
class ValueError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// Python `TypeError`: an object of the wrong kind, where C++ typing cannot
/// catch it at compile time (e.g. a `StaticCache` given to
/// `MambaForCausalLM`).
class TypeError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// Python `IndexError` (and torch's index errors): a tensor dimension, a
/// tensor index, a token id or a static cache position out of range.
class IndexError : public std::out_of_range {
public:
  using std::out_of_range::out_of_range;
};

/// Python `KeyError`, as `std::out_of_range`: raised by `Cache::operator[]`
/// and `Cache::layer` for a layer index out of range, with upstream's text
/// "Cache only has N layers, attempted to access layer with index I".
class KeyError : public std::out_of_range {
public:
  using std::out_of_range::out_of_range;
};

} // namespace transformers

#endif // TRANSFORMERS_ERRORS_H
