//===- SarifRules.cpp -----------------------------------------------------===//

#include "report/sarif/SarifRules.h"
#include "input/CheckConfig.h"
#include "transformers-tidy/CheckCatalog.h"
#include "llvm/ADT/StringExtras.h"

namespace tmigrate {

llvm::StringRef projectUri() { return TT_MIGRATE_PROJECT_URL; }

/// \p Page (relative to the repository root) as a URI under TT_DOCS_URL.
static std::string docsUri(llvm::StringRef Page) {
  llvm::StringRef Base = TT_MIGRATE_DOCS_URL;
  return (Base.rtrim('/') + "/" + Page).str();
}

std::string pascalCaseName(llvm::StringRef Id) {
  std::string Out;
  bool Upper = true;
  for (char C : Id) {
    if (!llvm::isAlnum(C)) {
      Upper = true;
      continue;
    }
    Out += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Out;
}

/// Help as plain text and as Markdown: the description, then where to read
/// more.
static void setHelp(RuleDescription &D, llvm::StringRef Body,
                    llvm::StringRef LinkText) {
  D.HelpText = (Body + "\n\n" + LinkText + ": " + D.HelpUri).str();
  D.HelpMarkdown = (Body + "\n\n[" + LinkText + "](" + D.HelpUri + ")").str();
}

RuleDescription describeRule(llvm::StringRef Id) {
  RuleDescription D;
  D.Name = pascalCaseName(Id);
  for (const transformers_tidy::CheckInfo &Info :
       transformers_tidy::AllChecks) {
    if (Id != Info.Name)
      continue;
    D.ShortDescription = Info.Title;
    D.FullDescription = Info.Summary;
    D.HelpUri = docsUri(Info.DocsPage);
    setHelp(D, Info.Summary,
            "What the check finds and fixes, its options, and when it gives "
            "no fix");
    return D;
  }
  if (Id == "clang-diagnostic-error") {
    D.ShortDescription = "Translation unit does not compile";
    D.FullDescription =
        (checkDescription(Id) + " It was neither analysed nor fixed; the other "
                                "translation units were.")
            .str();
    D.HelpUri = docsUri("docs/migrate.md#bad-input");
    setHelp(D,
            D.FullDescription + " Fix the error, or the file's compile "
                                "command in the compilation database, and "
                                "run again.",
            "How transformers-migrate handles bad input");
    return D;
  }
  if (Id == "clang-tidy-nolint") {
    D.ShortDescription = "Unmatched NOLINTBEGIN or NOLINTEND";
    D.FullDescription = checkDescription(Id).str();
    D.HelpUri = "https://clang.llvm.org/extra/clang-tidy/"
                "#suppressing-undesired-diagnostics";
    setHelp(D, D.FullDescription, "Suppressing diagnostics in clang-tidy");
    return D;
  }
  // Compiler warnings a configuration enables with clang-diagnostic-*.
  llvm::StringRef Warning = Id;
  if (Warning.consume_front("clang-diagnostic-")) {
    D.ShortDescription = ("Compiler warning -W" + Warning).str();
    D.FullDescription =
        ("clang's warning -W" + Warning + ", reported through clang-tidy.")
            .str();
    D.HelpUri = ("https://clang.llvm.org/docs/DiagnosticsReference.html#w" +
                 Warning.lower());
    setHelp(D, D.FullDescription, "clang's diagnostics reference");
    return D;
  }
  D.ShortDescription = Id.str();
  D.FullDescription = ("The diagnostic " + Id + " of clang-tidy.").str();
  D.HelpUri = "https://clang.llvm.org/extra/clang-tidy/checks/list.html";
  setHelp(D, D.FullDescription, "clang-tidy's checks");
  return D;
}

} // namespace tmigrate
