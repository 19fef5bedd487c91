//===- Conversion.h - Findings as LSP diagnostics and code actions -*- C++ -*-//
//
// Turns the driver's findings (clang-tidy's diagnostics, byte offsets) into
// what the client shows and applies: a Diagnostic per finding (range of the
// legacy expression, severity, the check as `code` with its documentation
// page, notes as related information), a `quickfix` per finding with a fix
// (every edit of that fix, the #include insertion too), and the file's
// `source.fixAll.transformers-tidy` (every fix that does not conflict with
// an earlier one, each shared edit once, as --fix applies them).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_CONVERSION_H
#define TRANSFORMERS_TIDY_LSP_CONVERSION_H

#include "analysis/Analyzer.h"
#include "protocol/Positions.h"
#include "llvm/Support/JSON.h"
#include <functional>
#include <optional>

namespace tlsp {

/// The code action kind of fix-all.
inline constexpr llvm::StringLiteral FixAllKind =
    "source.fixAll.transformers-tidy";
/// Every diagnostic's `source`.
inline constexpr llvm::StringLiteral DiagnosticSource = "transformers-tidy";

struct ConversionOptions {
  PositionEncoding Encoding = PositionEncoding::UTF16;
  /// The client takes versioned `documentChanges` in a WorkspaceEdit.
  bool DocumentChanges = false;
  /// The version of an open document by path (for versioned edits); none
  /// for a file that is not open.
  std::function<std::optional<int64_t>(llvm::StringRef Path)> OpenVersion;
};

/// The diagnostics of \p R's document, in the order of its findings.
llvm::json::Array diagnostics(const AnalysisResult &R,
                              const ConversionOptions &O);

/// The code actions for the part [\p Begin, \p End] of \p R's document
/// (a finding whose range touches it gets its quick fix), restricted to
/// the kinds \p Only when it is given.
llvm::json::Array
codeActions(const AnalysisResult &R, LspPosition Begin, LspPosition End,
            const std::optional<std::vector<std::string>> &Only,
            const ConversionOptions &O);

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_CONVERSION_H
