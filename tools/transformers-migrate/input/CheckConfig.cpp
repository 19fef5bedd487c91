//===- CheckConfig.cpp ----------------------------------------------------===//

#include "input/CheckConfig.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/GlobList.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "support/BoundedInput.h"
#include "transformers-tidy/CheckCatalog.h"
#include "transformers-tidy/LLVMCompat.h"
#include TT_CLANG_TIDY_MODULE_REGISTRY_H
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang::tidy;

namespace tmigrate {

const std::vector<std::string> &knownChecks() {
  static const std::vector<std::string> Checks = [] {
    ClangTidyCheckFactories Factories;
    for (const ClangTidyModuleRegistry::entry &Module :
         ClangTidyModuleRegistry::entries())
      Module.instantiate()->addCheckFactories(Factories);
    std::vector<std::string> Names;
    for (const auto &Factory : Factories)
      Names.push_back(Factory.getKey().str());
    llvm::sort(Names);
    return Names;
  }();
  return Checks;
}

llvm::StringRef checkDescription(llvm::StringRef Check) {
  if (const transformers_tidy::CheckInfo *Info =
          transformers_tidy::findCheckInfo(Check))
    return Info->Summary;
  // clang-tidy's own diagnostics that the tool reports.
  if (Check == "clang-diagnostic-error")
    return "The translation unit does not compile.";
  if (Check == "clang-tidy-nolint")
    return "A NOLINTBEGIN/NOLINTEND comment without its counterpart.";
  return "";
}

bool isTypeOption(llvm::StringRef Option) {
  auto [Check, Key] = Option.rsplit('.');
  const transformers_tidy::CheckInfo *Info =
      transformers_tidy::findCheckInfo(Check);
  return Info && llvm::is_contained(Info->TypeOptions, Key);
}

std::vector<TypeOptionEntry> typeOptionEntries(const FileConfig &Config) {
  std::vector<TypeOptionEntry> Out;
  for (const auto &Option : Config.CheckOptions) {
    if (!isTypeOption(Option.getKey()))
      continue;
    for (llvm::StringRef T :
         clang::tidy::utils::options::parseStringList(Option.getValue().Value))
      Out.push_back({Option.getKey().str(), T.str()});
  }
  // The option map is unordered: one order for every run.
  llvm::sort(Out);
  return Out;
}

bool isDefaultTypeName(llvm::StringRef Option, llvm::StringRef Name) {
  // What every check stores when nothing is configured.
  static const ClangTidyOptions::OptionMap Defaults = [] {
    ClangTidyOptions O = ClangTidyOptions::getDefaults();
    O.Checks = "-*," + llvm::join(knownChecks(), ",");
    return getCheckOptions(O, /*AllowEnablingAnalyzerAlphaCheckers=*/
                           false TT_TIDY_CUSTOM_CHECKS_ARG);
  }();
  auto It = Defaults.find(Option);
  return It != Defaults.end() &&
         llvm::is_contained(
             clang::tidy::utils::options::parseStringList(It->getValue().Value),
             Name);
}

namespace {

constexpr unsigned MaxConfigDepth = 64;
constexpr unsigned MaxConfigEntries = 10000;

llvm::Error configError(llvm::StringRef Name, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid configuration in '" + Name +
                                     "': " + Why);
}

/// Bounds checked on the raw text, before any YAML parser sees it (LLVM's
/// parser recurses per nesting level and compares every key of a mapping
/// with every other). Deliberately conservative: brackets count wherever
/// they are, quoted or not, so no quoting trick hides nesting; only absurd
/// configurations exceed the bounds.
std::optional<std::string> structureProblem(llvm::StringRef Text) {
  unsigned Flow = 0, Entries = 0, Line = 1;
  std::vector<size_t> Indents; // the block structure's indentation stack
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    for (char C : L) {
      if (C == '[' || C == '{') {
        if (++Flow > MaxConfigDepth)
          return "nested more than " + std::to_string(MaxConfigDepth) +
                 " levels deep (line " + std::to_string(Line) + ")";
      } else if ((C == ']' || C == '}') && Flow) {
        --Flow;
      } else if (C == ',') {
        ++Entries;
      }
    }
    llvm::StringRef Body = L.ltrim(' ');
    if (!Body.trim().empty() && !Body.starts_with("#")) {
      ++Entries;
      size_t Indent = L.size() - Body.size();
      while (!Indents.empty() && Indents.back() > Indent)
        Indents.pop_back();
      if (Indents.empty() || Indents.back() < Indent)
        Indents.push_back(Indent);
      // "- - - x" opens one sequence per dash on a single line.
      size_t Dashes = 0;
      for (llvm::StringRef R = Body; R.starts_with("- ") || R == "-";
           R = R.drop_front(std::min<size_t>(2, R.size())).ltrim(' '))
        ++Dashes;
      if (Indents.size() + Dashes > MaxConfigDepth)
        return "nested more than " + std::to_string(MaxConfigDepth) +
               " levels deep (line " + std::to_string(Line) + ")";
    }
    if (Entries > MaxConfigEntries)
      return "more than " + std::to_string(MaxConfigEntries) + " entries";
    ++Line;
  }
  return std::nullopt;
}

} // namespace

llvm::Expected<ClangTidyOptions> parseConfigChecked(llvm::StringRef Text,
                                                    llvm::StringRef Name) {
  if (Text.size() > MaxConfigBytes)
    return configError(Name, "it is larger than " +
                                 llvm::Twine(MaxConfigBytes >> 10) + " KiB");
  if (std::optional<std::string> Problem = structureProblem(Text))
    return configError(Name, *Problem);
  std::string First;
  auto OnDiag = [&First](const llvm::SMDiagnostic &D) {
    if (First.empty())
      First = std::to_string(D.getLineNo()) + ":" +
              std::to_string(D.getColumnNo() + 1) + ": " + D.getMessage().str();
  };
  llvm::ErrorOr<ClangTidyOptions> Parsed =
      parseConfigurationWithDiags(llvm::MemoryBufferRef(Text, Name), OnDiag);
  if (!Parsed)
    return configError(Name,
                       First.empty() ? Parsed.getError().message() : First);
  return std::move(*Parsed);
}

namespace {
/// The real file system, noting every .clang-tidy that exists but cannot be
/// used (not a regular file, unreadable): clang-tidy would skip it and use
/// the parent directory's or the default configuration.
class ConfigFileGuardFS : public llvm::vfs::ProxyFileSystem {
public:
  ConfigFileGuardFS(std::shared_ptr<std::vector<std::string>> Errors,
                    std::shared_ptr<std::vector<std::string>> Read)
      : ProxyFileSystem(llvm::vfs::createPhysicalFileSystem()),
        Errors(std::move(Errors)), Read(std::move(Read)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(Path);
    if (S && isConfig(Path) && !S->isRegularFile())
      Errors->push_back("invalid configuration '" + Path.str() +
                        "': it is not a regular file");
    return S;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F && isConfig(Path))
      Errors->push_back("cannot read configuration '" + Path.str() +
                        "': " + F.getError().message());
    else if (F && isConfig(Path))
      Read->push_back(Path.str());
    return F;
  }

private:
  static bool isConfig(const llvm::Twine &Path) {
    return llvm::sys::path::filename(Path.str()) == ".clang-tidy";
  }
  std::shared_ptr<std::vector<std::string>> Errors;
  /// The .clang-tidy files opened (the run's inputs, OutputTargets.h).
  std::shared_ptr<std::vector<std::string>> Read;
};
} // namespace

/// clang-tidy's FileOptionsProvider with the .clang-tidy handler and file
/// system replaced by the guarded ones.
class CheckConfig::GuardedProvider : public FileOptionsProvider {
public:
  GuardedProvider(ClangTidyGlobalOptions Global, ClangTidyOptions Defaults,
                  ClangTidyOptions Overrides,
                  std::shared_ptr<std::vector<std::string>> Errors,
                  std::shared_ptr<std::vector<std::string>> Read)
      : FileOptionsProvider(
            std::move(Global), std::move(Defaults), std::move(Overrides),
            llvm::makeIntrusiveRefCnt<ConfigFileGuardFS>(Errors, Read)) {
    ConfigHandlers.clear();
    ConfigHandlers.emplace_back(
        ".clang-tidy",
        [Errors](llvm::MemoryBufferRef Buf) -> llvm::ErrorOr<ClangTidyOptions> {
          auto Parsed =
              parseConfigChecked(Buf.getBuffer(), Buf.getBufferIdentifier());
          if (Parsed)
            return std::move(*Parsed);
          // Recorded: the run stops before these options are used.
          Errors->push_back(llvm::toString(Parsed.takeError()));
          return ClangTidyOptions();
        });
  }
};

/// The worker's view of the shared provider (see workerProvider()).
class CheckConfig::WorkerProvider : public ClangTidyOptionsProvider {
public:
  explicit WorkerProvider(CheckConfig &Shared) : Shared(Shared) {}
  const ClangTidyGlobalOptions &getGlobalOptions() override {
    // Set once in create(), read-only afterwards.
    return Shared.Provider->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef File) override {
    std::vector<OptionsSource> Sources;
    {
      std::lock_guard<std::mutex> Lock(Shared.Mutex);
      Sources = Shared.Provider->getRawOptions(File);
    }
    ClangTidyOptions OnlyTheModule;
    OnlyTheModule.Checks = "-clang-analyzer-*,-clang-diagnostic-*";
    Sources.emplace_back(std::move(OnlyTheModule), "transformers-migrate");
    return Sources;
  }

private:
  CheckConfig &Shared;
};

CheckConfig::~CheckConfig() = default;

llvm::Expected<std::unique_ptr<CheckConfig>>
CheckConfig::create(const ConfigRequest &R) {
  ClangTidyGlobalOptions Global;
  if (!R.LineFilter.empty())
    if (std::error_code EC = parseLineFilter(R.LineFilter, Global))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "invalid --line-filter '" + R.LineFilter +
                                         "': " + EC.message());
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "transformers-*";
  ClangTidyOptions Overrides;
  if (!R.Checks.empty())
    Overrides.Checks = R.Checks;
  if (!R.WarningsAsErrors.empty())
    Overrides.WarningsAsErrors = R.WarningsAsErrors;
  if (R.HeaderFilter)
    Overrides.HeaderFilterRegex = *R.HeaderFilter;
  if (R.ExcludeHeaderFilter)
    Overrides.ExcludeHeaderFilterRegex = *R.ExcludeHeaderFilter;
  if (R.SystemHeaders)
    Overrides.SystemHeaders = *R.SystemHeaders;
  if (R.UseColor)
    Overrides.UseColor = *R.UseColor;

  auto Result = std::unique_ptr<CheckConfig>(new CheckConfig());
  Result->LineFilter = R.LineFilter;
  if (!R.Config.empty() && !R.ConfigFile.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--config and --config-file are mutually exclusive");
  if (!R.Config.empty() || !R.ConfigFile.empty()) {
    std::string Text = R.Config, Name = "--config";
    if (!R.ConfigFile.empty()) {
      llvm::Expected<std::string> File =
          readBoundedFile(R.ConfigFile, MaxConfigBytes, "config file");
      if (!File)
        return File.takeError();
      Text = std::move(*File);
      Name = R.ConfigFile;
      Result->FilesRead->push_back(R.ConfigFile);
    }
    auto Parsed = parseConfigChecked(Text, Name);
    if (!Parsed)
      return Parsed.takeError();
    Result->Provider = std::make_unique<ConfigOptionsProvider>(
        Global, Defaults, std::move(*Parsed), Overrides);
  } else {
    Result->Provider = std::make_unique<GuardedProvider>(
        Global, Defaults, Overrides, Result->Errors, Result->FilesRead);
  }
  return std::move(Result);
}

std::vector<std::string> CheckConfig::errors() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::vector<std::string> Out;
  for (const std::string &E : *Errors)
    if (!llvm::is_contained(Out, E))
      Out.push_back(E);
  return Out;
}

std::vector<std::string> CheckConfig::filesRead() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return *FilesRead;
}

std::unique_ptr<ClangTidyOptionsProvider> CheckConfig::workerProvider() {
  return std::make_unique<WorkerProvider>(*this);
}

std::vector<ClangTidyOptionsProvider::OptionsSource>
CheckConfig::explain(llvm::StringRef File) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Provider->getRawOptions(File);
}

FileConfig CheckConfig::configFor(llvm::StringRef File) {
  FileConfig C;
  std::lock_guard<std::mutex> Lock(Mutex);
  C.Options =
      ClangTidyOptions::getDefaults().merge(Provider->getOptions(File), 0);
  C.Identity = configurationAsText(C.Options) + "\nLineFilter: " + LineFilter;
  // Files of one directory (of one configuration) share the answers.
  auto [It, New] = Answers.try_emplace(C.Identity);
  if (New) {
    // clang-tidy's own answers (as for --list-checks and --dump-config):
    // the registered checks the glob enables, and the options they read.
    for (std::string &Name :
         getCheckNames(C.Options, /*AllowEnablingAnalyzerAlphaCheckers=*/
                       false TT_TIDY_CUSTOM_CHECKS_ARG))
      if (llvm::binary_search(knownChecks(), Name))
        It->second.first.push_back(std::move(Name));
    if (!It->second.first.empty())
      It->second.second =
          getCheckOptions(C.Options, false TT_TIDY_CUSTOM_CHECKS_ARG);
  }
  C.EnabledChecks = It->second.first;
  C.CheckOptions = It->second.second;
  return C;
}

} // namespace tmigrate
