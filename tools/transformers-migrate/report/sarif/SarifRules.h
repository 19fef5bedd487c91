//===- SarifRules.h - What SARIF says about each rule ----------*- C++ -*-===//
//
// The reportingDescriptor of each rule a SARIF log names: the module's checks
// (described by include/transformers-tidy/CheckCatalog.h, with their docs
// pages) and the pseudo-checks clang-tidy reports under its own names
// (clang-diagnostic-error, clang-diagnostic-<warning>, clang-tidy-nolint).
// Code-scanning services show these to the person looking at an alert, and
// GitHub rejects rules without help text.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_SARIFRULES_H
#define TRANSFORMERS_MIGRATE_SARIFRULES_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace tmigrate {

struct RuleDescription {
  /// A PascalCase identifier ("TransformersLegacyCache"): SARIF wants the
  /// name to be readable and different from the opaque id.
  std::string Name;
  std::string ShortDescription;
  std::string FullDescription;
  std::string HelpText;
  std::string HelpMarkdown;
  /// Where the rule is documented (an absolute URI).
  std::string HelpUri;
};

/// The description of the rule \p Id.
RuleDescription describeRule(llvm::StringRef Id);

/// "transformers-legacy-cache" -> "TransformersLegacyCache".
std::string pascalCaseName(llvm::StringRef Id);

/// The project's home page (the SARIF driver's informationUri).
llvm::StringRef projectUri();

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_SARIFRULES_H
