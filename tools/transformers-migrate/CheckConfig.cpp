//===- CheckConfig.cpp ----------------------------------------------------===//

#include "CheckConfig.h"
#include "clang-tidy/GlobList.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang::tidy;

namespace tmigrate {

const std::vector<std::string> &knownChecks() {
  static const std::vector<std::string> Checks = {
      "transformers-cache-implementation-conflict",
      "transformers-legacy-cache"};
  return Checks;
}

llvm::StringRef checkDescription(llvm::StringRef Check) {
  if (Check == "transformers-legacy-cache")
    return "A tuple-shaped legacy cache reaches a transformers::PastKeyValues "
           "sink; transformers rejects it at runtime. Wrap it in "
           "DynamicCache::from_legacy_cache.";
  if (Check == "transformers-cache-implementation-conflict")
    return "A call passes both a cache and a GenerationConfig whose "
           "cache_implementation is set; transformers raises ValueError.";
  if (Check == "clang-diagnostic-error")
    return "The translation unit does not compile.";
  if (Check == "clang-tidy-nolint")
    return "A NOLINTBEGIN/NOLINTEND comment without its counterpart.";
  return "";
}

static llvm::Expected<ClangTidyOptions> parseConfigText(llvm::StringRef Text,
                                                        llvm::StringRef Name) {
  auto Parsed = parseConfiguration(llvm::MemoryBufferRef(Text, Name));
  if (!Parsed)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(), "invalid configuration in %s: %s",
        Name.str().c_str(), Parsed.getError().message().c_str());
  return *Parsed;
}

llvm::Expected<std::unique_ptr<CheckConfig>>
CheckConfig::create(const ConfigRequest &R) {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "transformers-*";
  ClangTidyOptions Overrides;
  if (!R.Checks.empty())
    Overrides.Checks = R.Checks;
  if (R.HeaderFilter)
    Overrides.HeaderFilterRegex = *R.HeaderFilter;

  auto Result = std::unique_ptr<CheckConfig>(new CheckConfig());
  if (!R.Config.empty() && !R.ConfigFile.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--config and --config-file are mutually exclusive");
  if (!R.Config.empty() || !R.ConfigFile.empty()) {
    std::string Text = R.Config, Name = "--config";
    if (!R.ConfigFile.empty()) {
      auto Buf = llvm::MemoryBuffer::getFile(R.ConfigFile);
      if (!Buf)
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(), "cannot read config file '%s': %s",
            R.ConfigFile.c_str(), Buf.getError().message().c_str());
      Text = (*Buf)->getBuffer().str();
      Name = R.ConfigFile;
    }
    auto Parsed = parseConfigText(Text, Name);
    if (!Parsed)
      return Parsed.takeError();
    Result->Provider = std::make_unique<ConfigOptionsProvider>(
        Global, Defaults, std::move(*Parsed), Overrides);
  } else {
    Result->Provider = std::make_unique<FileOptionsProvider>(
        Global, Defaults, Overrides, llvm::vfs::createPhysicalFileSystem());
  }
  return std::move(Result);
}

FileConfig CheckConfig::configFor(llvm::StringRef File) {
  ClangTidyOptions Opts;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Opts = Provider->getOptions(File);
  }
  FileConfig C;
  C.ChecksGlob = Opts.Checks.value_or("");
  CachedGlobList Globs(C.ChecksGlob);
  for (const std::string &Check : knownChecks())
    if (Globs.contains(Check)) {
      C.EnabledChecks.push_back(Check);
      C.Options.push_back(readCheckOptions(Opts.CheckOptions, Check));
    }
  C.HeaderFilter = Opts.HeaderFilterRegex.value_or("");
  C.SystemHeaders = Opts.SystemHeaders.value_or(false);
  return C;
}

static const std::string *lookup(const ClangTidyOptions::OptionMap &Map,
                                 llvm::StringRef Check, llvm::StringRef Key,
                                 bool AllowGlobal) {
  auto It = Map.find((Check + "." + Key).str());
  if (It != Map.end())
    return &It->getValue().Value;
  if (AllowGlobal) {
    It = Map.find(Key);
    if (It != Map.end())
      return &It->getValue().Value;
  }
  return nullptr;
}

static bool parseBool(llvm::StringRef V, bool Default) {
  if (V.equals_insensitive("true") || V == "1")
    return true;
  if (V.equals_insensitive("false") || V == "0")
    return false;
  return Default;
}

transformers_tidy::CheckOptions
readCheckOptions(const ClangTidyOptions::OptionMap &Map,
                 llvm::StringRef Check) {
  transformers_tidy::CheckOptions O;
  if (auto *V = lookup(Map, Check, "TensorTypes", false))
    O.TensorTypes = transformers_tidy::parseList(*V);
  if (auto *V = lookup(Map, Check, "SinkTypes", false))
    O.SinkTypes = transformers_tidy::parseList(*V);
  if (auto *V = lookup(Map, Check, "CacheFactory", false))
    O.CacheFactory = *V;
  if (auto *V = lookup(Map, Check, "EncoderDecoderCacheFactory", false))
    O.EncoderDecoderCacheFactory = *V;
  if (auto *V = lookup(Map, Check, "IncludeHeader", false))
    O.IncludeHeader = *V;
  if (auto *V = lookup(Map, Check, "IncludeStyle", true))
    transformers_tidy::parseIncludeStyle(*V, O.Style);
  if (auto *V = lookup(Map, Check, "IgnoreMacros", true))
    O.IgnoreMacros = parseBool(*V, O.IgnoreMacros);
  return O;
}

} // namespace tmigrate
