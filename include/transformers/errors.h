// Python-style exception types of the reference library.
//
// Messages are verbatim copies of upstream Hugging Face `transformers` where
// upstream has one, so that ported code and the migration checks can match on
// the exact text.
#ifndef TRANSFORMERS_ERRORS_H
#define TRANSFORMERS_ERRORS_H

#include <stdexcept>
#include <string>

namespace transformers {

/// Python `ValueError`.
class ValueError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// Python `TypeError`.
class TypeError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// Python `IndexError`.
class IndexError : public std::out_of_range {
public:
  using std::out_of_range::out_of_range;
};

/// Python `KeyError` (raised by `Cache::operator[]`).
class KeyError : public std::out_of_range {
public:
  using std::out_of_range::out_of_range;
};

} // namespace transformers

#endif // TRANSFORMERS_ERRORS_H
