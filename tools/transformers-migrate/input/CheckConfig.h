//===- CheckConfig.h - Checks and check options per file -------*- C++ -*-===//
//
// Reads clang-tidy configuration exactly as clang-tidy does (it is clang-tidy's
// own ClangTidyOptions / FileOptionsProvider): .clang-tidy discovery upwards
// from each file, --config, --config-file, then the command line's
// overrides. The checks read their own options (TidyDriver.h); this file
// only says which configuration governs a file.
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
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace tmigrate {

/// The checks the tool runs: those the plugin's module registers (the same
/// objects are linked into the tool), sorted.
const std::vector<std::string> &knownChecks();
/// One line describing a check, for --list-checks and SARIF rule metadata.
llvm::StringRef checkDescription(llvm::StringRef Check);

/// clang-tidy's configuration options, as given on the command line. Each
/// one that is set overrides the configuration files, as in clang-tidy.
struct ConfigRequest {
  std::string Checks;                             // --checks
  std::string WarningsAsErrors;                   // --warnings-as-errors
  std::optional<std::string> HeaderFilter;        // --header-filter
  std::optional<std::string> ExcludeHeaderFilter; // --exclude-header-filter
  std::optional<bool> SystemHeaders;              // --system-headers
  std::optional<bool> UseColor;                   // --use-color
  std::string LineFilter;                         // --line-filter (JSON)
  std::string Config;                             // --config
  std::string ConfigFile;                         // --config-file
};

/// The effective configuration of one file.
struct FileConfig {
  /// clang-tidy's options for the file, merged as clang-tidy merges them
  /// (its defaults, the tool's default Checks, .clang-tidy files or
  /// --config, the command line).
  clang::tidy::ClangTidyOptions Options;
  /// The module's checks that Options.Checks enables, sorted.
  std::vector<std::string> EnabledChecks;
  /// Every enabled check's options as the check itself read them (its
  /// storeOptions(), as clang-tidy --dump-config shows them).
  clang::tidy::ClangTidyOptions::OptionMap CheckOptions;
  /// Everything of the configuration a file's result depends on, as text
  /// (part of the result cache's key).
  std::string Identity;
};

/// One entry of a type option (TensorTypes, SinkTypes) as an enabled check
/// read it: "transformers-legacy-cache.TensorTypes" and "::torch::Tensor".
struct TypeOptionEntry {
  std::string Option;
  std::string Name;
  bool operator<(const TypeOptionEntry &O) const {
    return std::tie(Option, Name) < std::tie(O.Option, O.Name);
  }
  bool operator==(const TypeOptionEntry &O) const {
    return Option == O.Option && Name == O.Name;
  }
};

/// Whether \p Option ("<check>.<key>") names types: its check's catalog
/// entry lists the key among its TypeOptions (CheckCatalog.h).
bool isTypeOption(llvm::StringRef Option);

/// Every type option entry of \p Config's enabled checks, in option order.
std::vector<TypeOptionEntry> typeOptionEntries(const FileConfig &Config);

/// Whether \p Name is one of the option's defaults (the library's own
/// types: a project that does not include the library names none of them,
/// and was not configured to).
bool isDefaultTypeName(llvm::StringRef Option, llvm::StringRef Name);

class CheckConfig {
public:
  /// Validates --config / --config-file / --line-filter eagerly (exit code 2
  /// on error).
  static llvm::Expected<std::unique_ptr<CheckConfig>>
  create(const ConfigRequest &R);
  ~CheckConfig();

  /// Thread-safe; the provider caches per directory.
  FileConfig configFor(llvm::StringRef File);

  /// A provider for one worker's clang::tidy::ClangTidyContext: the shared
  /// one, serialised, plus the tool's one restriction (it runs the
  /// module's checks only, see docs/migrate.md: the static analyzer and
  /// compiler warnings a configuration enables are clang-tidy's to run).
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> workerProvider();

  /// Each configuration source of \p File with the options it sets, in
  /// the order clang-tidy merges them (for --explain-config).
  std::vector<clang::tidy::ClangTidyOptionsProvider::OptionsSource>
  explain(llvm::StringRef File);

  /// One line per configuration file read so far that could not be read or
  /// parsed (a file's options are then not to be trusted: the caller stops).
  std::vector<std::string> errors() const;

  /// The configuration files read so far: --config-file and every
  /// .clang-tidy (inputs of the run, which no output may overwrite).
  std::vector<std::string> filesRead() const;

private:
  CheckConfig() = default;
  class GuardedProvider;
  class WorkerProvider;
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider;
  std::string LineFilter;
  /// Per configuration (FileConfig::Identity): the enabled checks and their
  /// options.
  std::map<std::string, std::pair<std::vector<std::string>,
                                  clang::tidy::ClangTidyOptions::OptionMap>>
      Answers;
  mutable std::mutex Mutex;
  std::shared_ptr<std::vector<std::string>> Errors =
      std::make_shared<std::vector<std::string>>();
  std::shared_ptr<std::vector<std::string>> FilesRead =
      std::make_shared<std::vector<std::string>>();
};

/// Parses configuration text as clang-tidy does, after checking the bounds
/// clang-tidy's YAML reader needs to stay linear and on the stack: at most
/// MaxConfigBytes, nesting at most 64 levels, at most 10,000 entries. The
/// error names \p Name and, when the parser gives one, the line and column.
llvm::Expected<clang::tidy::ClangTidyOptions>
parseConfigChecked(llvm::StringRef Text, llvm::StringRef Name);

} // namespace tmigrate

#endif
