//===- CheckConfig.h - Checks and check options per file -------*- C++ -*-===//
//
// Reads clang-tidy configuration exactly as clang-tidy does (it is clang-tidy's
// own ClangTidyOptions / FileOptionsProvider): .clang-tidy discovery upwards
// from each file, --config, --config-file, then --checks / --header-filter
// overrides. Translates it into the core's CheckOptions per analysis.
//
// Stricter than clang-tidy in one way: a configuration that cannot be read
// or parsed is an error (errors()), never skipped in favour of the parent's
// or the default checks; and every configuration text is bounded in size,
// nesting and entries (parseConfigChecked) before clang-tidy's parser sees
// it, so that no .clang-tidy crashes the tool or costs it minutes.
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

  /// One line per configuration file read so far that could not be read or
  /// parsed (a file's options are then not to be trusted: the caller stops).
  std::vector<std::string> errors() const;

private:
  class GuardedProvider;
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider;
  mutable std::mutex Mutex;
  std::shared_ptr<std::vector<std::string>> Errors =
      std::make_shared<std::vector<std::string>>();
};

/// Parses configuration text as clang-tidy does, after checking the bounds
/// clang-tidy's YAML reader needs to stay linear and on the stack: at most
/// MaxConfigBytes, nesting at most 64 levels, at most 10,000 entries. The
/// error names \p Name and, when the parser gives one, the line and column.
llvm::Expected<clang::tidy::ClangTidyOptions>
parseConfigChecked(llvm::StringRef Text, llvm::StringRef Name);

/// Reads the options of \p Check from clang-tidy CheckOptions, with the same
/// keys and fallbacks as the plugin ("<check>.<Key>", IncludeStyle and
/// IgnoreMacros also from the global key).
transformers_tidy::CheckOptions
readCheckOptions(const clang::tidy::ClangTidyOptions::OptionMap &Map,
                 llvm::StringRef Check);

} // namespace tmigrate

#endif
