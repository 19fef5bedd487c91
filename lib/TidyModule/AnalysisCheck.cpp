//===- AnalysisCheck.cpp - A ClangTidyCheck driving one core Analysis -----===//

#include "AnalysisCheck.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace clang::tidy;

namespace transformers_tidy {

namespace {
/// Emits findings through ClangTidyCheck::diag(), so NOLINT, header filters,
/// -fix and --export-fixes work as for any check.
///
/// The #include edit: the core attaches it to every fixed finding. clang-tidy
/// -fix concatenates identical insertions at one offset (verified with
/// clang-tidy 19: three findings gave three copies of the #include), so unless
/// diagnostics are self-contained (clangd applies one fix at a time) the edit
/// is kept only until one diagnostic carrying it has actually been reported
/// for the file. "Reported" is observed on the diagnostic consumer's counters:
/// a diagnostic suppressed by NOLINT does not count, so a NOLINT on the first
/// finding does not lose the #include of the others.
class DiagFindingConsumer final : public FindingConsumer {
public:
  DiagFindingConsumer(AnalysisCheck &Check, bool SelfContained)
      : Check(Check), SelfContained(SelfContained) {}

  void consume(const Finding &F, const SourceManager &SM) override {
    const DiagnosticConsumer *Client = SM.getDiagnostics().getClient();
    auto Reported = [Client] {
      return Client ? Client->getNumWarnings() + Client->getNumErrors() : 0;
    };
    bool WithInclude = false;
    FileID IncludeFile;
    unsigned Before = Reported();
    {
      // The message is an argument, never a format string: a '%' in a type
      // or macro name must not be interpreted.
      DiagnosticBuilder D = Check.diag(F.Loc, "%0") << F.Message;
      if (F.Range.isValid())
        D << F.Range;
      for (size_t I = 0; I < F.Fixes.size(); ++I) {
        const FixItHint &H = F.Fixes[I];
        if (static_cast<int>(I) == F.IncludeFixIndex) {
          IncludeFile = SM.getFileID(H.RemoveRange.getBegin());
          if (!SelfContained && IncludeDelivered.count(IncludeFile))
            continue;
          WithInclude = true;
        }
        D << H;
      }
    }
    if (WithInclude && (!Client || Reported() != Before))
      IncludeDelivered.insert(IncludeFile);
    for (const FindingNote &N : F.Notes)
      Check.diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
  }

private:
  AnalysisCheck &Check;
  bool SelfContained;
  llvm::DenseSet<FileID> IncludeDelivered;
};
} // namespace

AnalysisCheck::AnalysisCheck(llvm::StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context) {}

bool AnalysisCheck::isLanguageVersionSupported(const LangOptions &LO) const {
  return Core ? Core->isLanguageSupported(LO) : LO.CPlusPlus;
}

void AnalysisCheck::registerMatchers(ast_matchers::MatchFinder *Finder) {
  if (Core)
    Core->registerMatchers(*Finder, this);
}

void AnalysisCheck::check(const ast_matchers::MatchFinder::MatchResult &R) {
  if (Core)
    Core->check(R);
}

void AnalysisCheck::onStartOfTranslationUnit() {
  if (Core)
    Core->onStartOfTranslationUnit();
}

void AnalysisCheck::onEndOfTranslationUnit() {
  if (!Core)
    return;
  DiagFindingConsumer Out(*this, areDiagsSelfContained());
  Core->onEndOfTranslationUnit(Out);
}

CheckOptions AnalysisCheck::readOptions() {
  // Booleans are parsed by the core rather than OptionsView::get<bool>:
  // that template's mangled name differs between GCC and Clang builds, and
  // the plugin must resolve every symbol in the clang-tidy binary.
  return readCheckOptions(
      [this](llvm::StringRef Key,
             bool AllowGlobal) -> std::optional<std::string> {
        std::optional<llvm::StringRef> V =
            AllowGlobal ? Options.getLocalOrGlobal(Key) : Options.get(Key);
        if (!V)
          return std::nullopt;
        return V->str();
      },
      [this](llvm::StringRef Key, llvm::StringRef Value,
             llvm::StringRef Expected) {
        configurationDiag("invalid configuration value '%0' for option "
                          "'%1.%2'; expected %3")
            << Value << getID() << Key << Expected;
      });
}

void AnalysisCheck::storeSharedOptions(ClangTidyOptions::OptionMap &Map,
                                       const CheckOptions &O,
                                       llvm::ArrayRef<llvm::StringRef> Keys) {
  auto Wanted = [&](llvm::StringRef Key) {
    return Keys.empty() || llvm::is_contained(Keys, Key);
  };
  if (Wanted("TensorTypes"))
    Options.store(Map, "TensorTypes", serializeList(O.TensorTypes));
  if (Wanted("SinkTypes"))
    Options.store(Map, "SinkTypes", serializeList(O.SinkTypes));
  if (Wanted("CacheFactory"))
    Options.store(Map, "CacheFactory", O.CacheFactory);
  if (Wanted("EncoderDecoderCacheFactory"))
    Options.store(Map, "EncoderDecoderCacheFactory",
                  O.EncoderDecoderCacheFactory);
  if (Wanted("IncludeHeader"))
    Options.store(Map, "IncludeHeader", O.IncludeHeader);
  if (Wanted("IncludeStyle"))
    Options.store(Map, "IncludeStyle", includeStyleName(O.Style));
  if (Wanted("IgnoreMacros"))
    Options.store(Map, "IgnoreMacros", O.IgnoreMacros ? "true" : "false");
}

} // namespace transformers_tidy
