//===- Options.h - Options of the transformers checks ----------*- C++ -*-===//
//
// One options struct, read in one place (readCheckOptions) from clang-tidy's
// CheckOptions: by the module's checks, which both front ends run, and by the
// analysis fuzzer. Keys, defaults and the spellings a value may take live
// here only.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_OPTIONS_H
#define TRANSFORMERS_TIDY_OPTIONS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
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

/// The value of an option key: "<check>.<Key>" only, or, when
/// \p AllowGlobal, also the global "<Key>" (as OptionsView::get /
/// getLocalOrGlobal).
using OptionLookup = llvm::function_ref<std::optional<std::string>(
    llvm::StringRef Key, bool AllowGlobal)>;
/// Told of a value that is not one of \p Expected (it keeps its default).
using InvalidOption = llvm::function_ref<void(
    llvm::StringRef Key, llvm::StringRef Value, llvm::StringRef Expected)>;

/// Reads every option of the checks. Booleans take the spellings clang-tidy
/// knows (true/false, yes/no, on/off, 1/0, any case).
CheckOptions readCheckOptions(OptionLookup Get, InvalidOption Invalid);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_OPTIONS_H
