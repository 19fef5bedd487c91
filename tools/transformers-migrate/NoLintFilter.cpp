//===- NoLintFilter.cpp ---------------------------------------------------===//

#include "NoLintFilter.h"
#include "clang-tidy/NoLintDirectiveHandler.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include <set>
#include <string>
#include <tuple>

namespace tmigrate {

/// Receives the probe diagnostics and asks clang-tidy's handler about them.
class NoLintFilter::Consumer : public clang::DiagnosticConsumer {
public:
  std::string CheckName;
  bool Suppressed = false;
  clang::tidy::NoLintDirectiveHandler Handler;
  llvm::SmallVector<clang::tooling::Diagnostic, 2> Errors;
  std::set<std::tuple<std::string, unsigned, std::string>> SeenErrors;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    llvm::SmallVector<clang::tooling::Diagnostic, 1> NoLintErrors;
    Suppressed = Handler.shouldSuppress(Level, Info, CheckName, NoLintErrors,
                                        /*AllowIO=*/true,
                                        /*EnableNoLintBlocks=*/true);
    for (clang::tooling::Diagnostic &E : NoLintErrors) {
      auto Key = std::make_tuple(E.Message.FilePath, E.Message.FileOffset,
                                 E.Message.Message);
      if (SeenErrors.insert(Key).second)
        Errors.push_back(std::move(E));
    }
  }
};

NoLintFilter::NoLintFilter(clang::SourceManager &SM)
    : Client(std::make_unique<Consumer>()) {
  Diags = std::make_unique<clang::DiagnosticsEngine>(
      new clang::DiagnosticIDs(), DiagOpts.arg(), Client.get(),
      /*ShouldOwnClient=*/false);
  Diags->setSourceManager(&SM);
}

NoLintFilter::~NoLintFilter() = default;

bool NoLintFilter::isSuppressed(clang::SourceLocation Loc,
                                llvm::StringRef Check) {
  if (Loc.isInvalid())
    return false;
  Client->CheckName = Check.str();
  Client->Suppressed = false;
  unsigned ID = Diags->getCustomDiagID(clang::DiagnosticsEngine::Warning, "%0");
  Diags->Report(Loc, ID) << Check;
  return Client->Suppressed;
}

llvm::SmallVector<clang::tooling::Diagnostic, 2> NoLintFilter::takeErrors() {
  return std::move(Client->Errors);
}

} // namespace tmigrate
