//===- TypeOptions.h - Reading and storing a type option -------*- C++ -*-===//
//
// A type option (TensorTypes, SinkTypes) is a ';'-separated list of
// qualified type names (TypeNames.h), read and written with clang-tidy's own
// list helpers (utils::options), so that it takes every spelling clang-tidy's
// list options take and --dump-config shows it as clang-tidy would.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_TIDYMODULE_TYPEOPTIONS_H
#define TRANSFORMERS_TIDY_TIDYMODULE_TYPEOPTIONS_H

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "transformers-tidy/TypeNames.h"
#include <string>
#include <vector>

namespace transformers_tidy {

/// The entries of a type option's value.
inline std::vector<std::string> parseTypeList(llvm::StringRef Value) {
  std::vector<std::string> Out;
  for (llvm::StringRef Item :
       clang::tidy::utils::options::parseStringList(Value))
    Out.push_back(Item.str());
  return Out;
}

/// The check-local type option \p Key, or \p Default.
inline TypeNames
readTypeOption(const clang::tidy::ClangTidyCheck::OptionsView &Options,
               llvm::StringRef Key, llvm::StringRef Default) {
  return TypeNames(parseTypeList(Options.get(Key, Default)));
}

inline void
storeTypeOption(const clang::tidy::ClangTidyCheck::OptionsView &Options,
                clang::tidy::ClangTidyOptions::OptionMap &Map,
                llvm::StringRef Key, const TypeNames &Types) {
  std::vector<llvm::StringRef> Entries(Types.entries().begin(),
                                       Types.entries().end());
  Options.store(Map, Key,
                clang::tidy::utils::options::serializeStringList(Entries));
}

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TIDYMODULE_TYPEOPTIONS_H
