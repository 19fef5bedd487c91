//===- HelpText.h - --help wrapped like clang-tidy's ------------*- C++ -*-===//
//
// LLVM's option printer writes each description on one line, however long.
// clang-tidy's descriptions are wrapped by hand to fit 100 columns; the
// tool's are wrapped here, once, to the width the printer leaves them.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_HELPTEXT_H
#define TRANSFORMERS_MIGRATE_HELPTEXT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"

namespace tmigrate {

/// Word-wraps the description of every visible option of \p Categories so
/// that --help lines are at most \p Columns wide. Call before parsing.
void wrapOptionHelp(llvm::ArrayRef<const llvm::cl::OptionCategory *> Categories,
                    unsigned Columns);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_HELPTEXT_H
