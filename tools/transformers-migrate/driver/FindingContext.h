//===- FindingContext.h - What identifies a finding beyond its line -*- C++
//-*-===//
//
// A baseline (report/Baseline.h) must recognise a finding after the code
// around it moved, on another machine. Line numbers do not survive that;
// what does is the finding's own code and the declaration it is in. Both
// are taken here, while the translation unit's text and AST are alive, and
// kept in the Record (and the result cache) beside clang-tidy's diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_FINDINGCONTEXT_H
#define TRANSFORMERS_MIGRATE_FINDINGCONTEXT_H

#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class ASTContext;
} // namespace clang

namespace tmigrate {

/// The code a diagnostic is about, with every whitespace character removed
/// (so reformatting or re-indenting does not change it): the text of its
/// first range when that range is in the message's file (the legacy
/// expression), else the line that holds the message. \p Text is the
/// message's file as the translation unit read it. Longer texts are cut at
/// 200 bytes: enough to tell findings apart, bounded for huge expressions.
std::string findingSubject(const clang::tooling::DiagnosticMessage &Message,
                           llvm::StringRef Text);

/// The qualified name of the declaration written around \p Offset of the
/// file \p Path in \p Ctx's translation unit: the function (or method,
/// function template, variable, field, class) whose text holds it, without
/// parameters ("ns::Runner::resume"); nested classes and namespaces are
/// searched, function bodies are not (a lambda's finding belongs to its
/// function). Empty at namespace scope or when the file is not in the TU.
/// Declarations from a precompiled preamble are not loaded for this.
std::string enclosingDeclaration(const clang::ASTContext &Ctx,
                                 llvm::StringRef Path, unsigned Offset);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_FINDINGCONTEXT_H
