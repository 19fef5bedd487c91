//===- CheckConfig.h - Checks and check options per file -------*- C++ -*-===//
//
// Reads clang-tidy configuration exactly as clang-tidy does (it is clang-tidy's
// own ClangTidyOptions / FileOptionsProvider): .clang-tidy discovery upwards
// from each file, --config, --config-file, then --checks / --header-filter
// overrides. Translates it into the core's CheckOptions per analysis.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_CHECKCONFIG_H
#define TRANSFORMERS_MIGRATE_CHECKCONFIG_H

#include "clang-tidy/ClangTidyOptions.h"
#include "transformers-tidy/Options.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tmigrate {

/// The checks the tool knows, in a stable order.
const std::vector<std::string> &knownChecks();
/// One line describing a check, for --list-checks and SARIF rule metadata.
llvm::StringRef checkDescription(llvm::StringRef Check);

struct ConfigRequest {
  std::string Checks;                      // --checks, empty if unset
  std::optional<std::string> HeaderFilter; // --header-filter
  std::string Config;                      // --config
  std::string ConfigFile;                  // --config-file
};

/// The effective configuration for one file.
struct FileConfig {
  std::vector<std::string> EnabledChecks;
  /// Core options per enabled check.
  std::vector<transformers_tidy::CheckOptions> Options;
  std::string HeaderFilter;
  bool SystemHeaders = false;
  /// The raw clang-tidy Checks string (for NOLINT glob semantics).
  std::string ChecksGlob;
};

class CheckConfig {
public:
  /// Validates --config / --config-file eagerly (exit code 2 on error).
  static llvm::Expected<std::unique_ptr<CheckConfig>>
  create(const ConfigRequest &R);

  /// Thread-safe; the provider caches per directory.
  FileConfig configFor(llvm::StringRef File);

private:
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider;
  std::mutex Mutex;
};

/// Reads the options of \p Check from clang-tidy CheckOptions, with the same
/// keys and fallbacks as the plugin ("<check>.<Key>", IncludeStyle and
/// IgnoreMacros also from the global key).
transformers_tidy::CheckOptions
readCheckOptions(const clang::tidy::ClangTidyOptions::OptionMap &Map,
                 llvm::StringRef Check);

} // namespace tmigrate

#endif
