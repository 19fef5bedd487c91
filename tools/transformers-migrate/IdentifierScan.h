//===- IdentifierScan.h - Identifiers a source text spells -----*- C++ -*-===//
//
// The prefilter's question about one file (FastPath.h): which of a few
// identifiers does it spell as identifiers, the way the compiler tokenizes
// it? Words in comments, string and character literals (raw strings
// included) are not identifiers: a header that says "Tensor" in a comment
// or a log message cannot declare a Tensor type.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_IDENTIFIERSCAN_H
#define TRANSFORMERS_MIGRATE_IDENTIFIERSCAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace tmigrate {

/// For each of \p Wanted (sorted, unique), whether \p Text has it as an
/// identifier token: clang's raw lexer in C++ mode, so directives' tokens
/// and code under #if 0 count too (a superset of what any compilation sees,
/// which is what soundness needs); identifiers split by line splices are
/// joined. \p Text must be followed by a NUL byte (a null-terminated
/// MemoryBuffer, a std::string). Text with NUL bytes inside is not source
/// (a precompiled header): there every identifier the bytes contain counts.
std::vector<bool> spelledIdentifiers(llvm::StringRef Text,
                                     llvm::ArrayRef<std::string> Wanted);

} // namespace tmigrate

#endif
