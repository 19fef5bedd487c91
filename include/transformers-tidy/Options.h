//===- Options.h - Options of the transformers checks ----------*- C++ -*-===//
//
// One options struct shared by both front ends. The clang-tidy module reads
// and stores it through ClangTidyCheck's OptionsView; the standalone tool
// through the same .clang-tidy / --config keys. Keys and defaults live here
// only.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_OPTIONS_H
#define TRANSFORMERS_TIDY_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace transformers_tidy {

enum class IncludeStyle { LLVM, Google };

struct CheckOptions {
  /// Fully qualified tensor types that make a tuple "legacy cache shaped"
  /// (option key "TensorTypes", ';'-separated).
  std::vector<std::string> TensorTypes = {"::transformers::Tensor"};
  /// Fully qualified types a legacy value must not implicitly convert to
  /// (option key "SinkTypes", ';'-separated).
  std::vector<std::string> SinkTypes = {"::transformers::PastKeyValues"};
  /// Spelling of the factory wrapped around 2-tensor legacy values.
  std::string CacheFactory = "transformers::DynamicCache::from_legacy_cache";
  /// Spelling of the factory wrapped around 4-tensor (encoder-decoder) values.
  std::string EncoderDecoderCacheFactory =
      "transformers::EncoderDecoderCache::from_legacy_cache";
  /// Header declaring the factories; "<...>" or "\"...\"" selects the form.
  std::string IncludeHeader = "<transformers/cache_utils.h>";
  IncludeStyle Style = IncludeStyle::LLVM;
  /// When true, nothing is reported for code inside macro bodies.
  bool IgnoreMacros = false;
};

/// Splits a ';'-separated option value, trimming blanks and dropping empties.
std::vector<std::string> parseList(llvm::StringRef Value);
/// Joins a list back into its ';'-separated option form.
std::string serializeList(const std::vector<std::string> &Items);

/// "llvm" / "google" (as clang-tidy's IncludeStyle options).
bool parseIncludeStyle(llvm::StringRef Value, IncludeStyle &Out);
llvm::StringRef includeStyleName(IncludeStyle Style);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_OPTIONS_H
