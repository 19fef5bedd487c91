//===- IdentifierScan.h - Identifiers a source text spells -----*- C++ -*-===//
//
// The prefilter's question about one file (Prefilter.h): which of a few
// identifiers does it spell as identifiers, the way the compiler tokenizes
// it? Words in comments, string and character literals (raw strings
// included) are not identifiers: a header that says "Tensor" in a comment
// or a log message cannot declare a Tensor type. And which of its
// directives the dependency scan cannot evaluate (the same raw lexer finds
// them).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_IDENTIFIERSCAN_H
#define TRANSFORMERS_MIGRATE_IDENTIFIERSCAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
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

/// The include that exposeUnscannedDirectives() puts before a directive:
/// of a path that cannot exist (/dev/null is not a directory), so that
/// preprocessing fails where, and only where, clang reaches the directive.
extern const char UnscannedDirectiveMark[];

/// \p Text as the prefilter's dependency scan should see it, or nothing when
/// it is \p Text itself. clang's dependency-directives scanner keeps only
/// the directives that decide which files are read (#include, #define,
/// #if...), so it cannot fail on one that fails a compilation by itself:
/// #error, #warning (an error under -Werror), #pragma GCC error|warning, an
/// invalid directive (#assert, #inlcude), a malformed #line, line marker or
/// #ident. Each of those gets the line UnscannedDirectiveMark before it, in
/// the same conditional block: the scan then fails exactly when clang
/// would evaluate it. \p Text must be followed by a NUL byte.
std::optional<std::string> exposeUnscannedDirectives(llvm::StringRef Text);

} // namespace tmigrate

#endif
