//===- OptionDefaults.h - Defaults of the checks' options ------*- C++ -*-===//
//
// The values an option has when nothing is configured, for the options more
// than one check, or a check and its catalog function, read: each check
// reads and stores its own options (its constructor and storeOptions); only
// the defaults they share are named here, so that they cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_OPTIONDEFAULTS_H
#define TRANSFORMERS_TIDY_UTILS_OPTIONDEFAULTS_H

#include "llvm/ADT/StringRef.h"

namespace transformers_tidy {

/// TensorTypes: the tensor types that make a tuple legacy-cache shaped
/// (';'-separated qualified names, TypeNames.h).
inline constexpr llvm::StringLiteral DefaultTensorTypes =
    "::transformers::Tensor";
/// SinkTypes: the types a legacy value must not implicitly convert to.
inline constexpr llvm::StringLiteral DefaultSinkTypes =
    "::transformers::PastKeyValues";

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_OPTIONDEFAULTS_H
