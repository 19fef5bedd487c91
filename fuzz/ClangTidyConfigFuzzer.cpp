//===- ClangTidyConfigFuzzer.cpp - fuzz-clang-tidy-config -----------------===//
//
// Two paths by which a configuration reaches the module's checks, and what
// the checks' option handling promises on each:
//
//  - The input as .clang-tidy / --config text, through the path
//    transformers-migrate takes (tools/transformers-migrate/input/
//    CheckConfig.cpp: clang-tidy's parseConfiguration and
//    ConfigOptionsProvider, then the module's checks storing their options,
//    as clang-tidy --dump-config asks them): only known checks are enabled,
//    and only they store options.
//  - The input as the value of every option of every check: the checks are
//    constructed through a ClangTidyContext (their constructors read the
//    value with Options.get / getLocalOrGlobal and clang-tidy's list
//    parser) and asked to store their options.
//
// On both, what a check stores is its own, and reads back: constructed again
// from their stored options, the checks raise no configuration diagnostic
// and store exactly the same map; a type option's entries are non-empty,
// trimmed and free of the separator.
//
//===----------------------------------------------------------------------===//

#include "FuzzCheck.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "input/CheckConfig.h"
#include "transformers-tidy/CheckCatalog.h"
#include "transformers-tidy/LLVMCompat.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using clang::tidy::ClangTidyOptions;

namespace {

/// The options the checks enabled by \p Checks store when configured with
/// \p Configured, as clang-tidy's getCheckOptions asks them, and the
/// configuration diagnostics their constructors raised.
struct Stored {
  ClangTidyOptions::OptionMap Options;
  std::vector<std::string> Diagnostics;
};

Stored storeOptions(llvm::StringRef Checks,
                    const ClangTidyOptions::OptionMap &Configured) {
  ClangTidyOptions O = ClangTidyOptions::getDefaults();
  O.Checks = Checks.str();
  O.CheckOptions = Configured;
  clang::tidy::ClangTidyContext Context(
      std::make_unique<clang::tidy::DefaultOptionsProvider>(
          clang::tidy::ClangTidyGlobalOptions(), O),
      /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  clang::tidy::ClangTidyDiagnosticConsumer Consumer(Context);
  std::unique_ptr<clang::DiagnosticsEngine> Engine =
      transformers_tidy::compat::makeTidyDiagnostics(Context, Consumer);
  Stored S;
  S.Options =
      clang::tidy::ClangTidyASTConsumerFactory(Context).getCheckOptions();
  for (const clang::tidy::ClangTidyError &E : Consumer.take())
    S.Diagnostics.push_back(E.Message.Message);
  return S;
}

bool sameOptions(const ClangTidyOptions::OptionMap &A,
                 const ClangTidyOptions::OptionMap &B) {
  if (A.size() != B.size())
    return false;
  for (const auto &KV : A) {
    auto It = B.find(KV.getKey());
    if (It == B.end() || It->getValue().Value != KV.getValue().Value)
      return false;
  }
  return true;
}

void checkTypeList(llvm::StringRef Value, llvm::StringRef What) {
  std::vector<llvm::StringRef> Items =
      clang::tidy::utils::options::parseStringList(Value);
  for (llvm::StringRef I : Items) {
    TT_FUZZ_CHECK(!I.empty(), What.str() << ": empty item");
    TT_FUZZ_CHECK(I.trim() == I, What.str()
                                     << ": untrimmed item '" << I.str() << "'");
    TT_FUZZ_CHECK(!I.contains(';'),
                  What.str() << ": item with a separator '" << I.str() << "'");
  }
  TT_FUZZ_CHECK(clang::tidy::utils::options::serializeStringList(Items) ==
                    Value,
                What.str() << ": stored '" << Value.str()
                           << "', not its list's serialization");
}

/// What the checks enabled by \p Checks stored (\p S, configured with
/// anything) is theirs, and reads back unchanged and without complaint.
void checkRoundTrip(llvm::StringRef Checks, const Stored &S) {
  for (const auto &KV : S.Options) {
    llvm::StringRef Key = KV.getKey();
    auto [Check, Local] = Key.rsplit('.');
    const transformers_tidy::CheckInfo *Info =
        transformers_tidy::findCheckInfo(Check);
    TT_FUZZ_CHECK(Info, "an option of a check without an entry: " << Key.str());
    if (llvm::is_contained(Info->TypeOptions, Local))
      checkTypeList(KV.getValue().Value, Key);
  }
  Stored Again = storeOptions(Checks, S.Options);
  for (const std::string &D : Again.Diagnostics)
    TT_FUZZ_CHECK(false, "a stored option does not read back: " << D);
  TT_FUZZ_CHECK(sameOptions(S.Options, Again.Options),
                "the stored options change when read back");
}

/// Every option key of the module's checks ("<check>.<Key>"), and the
/// global keys they also read.
const std::vector<std::string> &optionKeys() {
  static const std::vector<std::string> Keys = [] {
    std::vector<std::string> Out;
    for (const auto &KV : storeOptions("-*,transformers-*", {}).Options) {
      Out.push_back(KV.getKey().str());
      Out.push_back(KV.getKey().rsplit('.').second.str());
    }
    llvm::sort(Out);
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
    return Out;
  }();
  return Keys;
}

/// The input as the value of every option.
void fuzzOptionValues(llvm::StringRef Value) {
  ClangTidyOptions::OptionMap Configured;
  for (const std::string &Key : optionKeys())
    Configured[Key] = ClangTidyOptions::ClangTidyValue(Value);
  checkRoundTrip("-*,transformers-*",
                 storeOptions("-*,transformers-*", Configured));
}

/// The input as configuration text, read as transformers-migrate reads it.
void fuzzConfiguration(llvm::StringRef Text) {
  // The tool rejects an empty --config earlier (it means "not given").
  if (Text.empty())
    return;
  tmigrate::ConfigRequest Request;
  Request.Config = Text.str();
  auto Config = tmigrate::CheckConfig::create(Request);
  if (!Config) {
    llvm::consumeError(Config.takeError());
    return;
  }
  tmigrate::FileConfig FC = (*Config)->configFor("/tt-fuzz/project/main.cpp");
  const std::vector<std::string> &Known = tmigrate::knownChecks();
  for (const std::string &Check : FC.EnabledChecks)
    TT_FUZZ_CHECK(std::find(Known.begin(), Known.end(), Check) != Known.end(),
                  "unknown check enabled: " << Check);
  // The options the checks stored are theirs, and read back the same.
  for (const auto &Option : FC.CheckOptions) {
    llvm::StringRef Check = Option.getKey().rsplit('.').first;
    TT_FUZZ_CHECK(
        std::find(FC.EnabledChecks.begin(), FC.EnabledChecks.end(), Check) !=
            FC.EnabledChecks.end(),
        "option of a check that is not enabled: " << Option.getKey().str());
  }
  if (!FC.EnabledChecks.empty())
    checkRoundTrip("-*," + llvm::join(FC.EnabledChecks, ","),
                   Stored{FC.CheckOptions, {}});
  // The diagnostic consumer compiles the header filter into a Regex per TU;
  // matching a short path is what it does with it.
  if (FC.Options.HeaderFilterRegex && !FC.Options.HeaderFilterRegex->empty()) {
    llvm::Regex Filter(*FC.Options.HeaderFilterRegex);
    if (Filter.isValid())
      (void)Filter.match("/tt-fuzz/project/include/model.h");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  fuzzOptionValues(Text);
  fuzzConfiguration(Text);
  return 0;
}
