//===- MacroOrigin.cpp - Where the tokens of an expression come from ------===//

#include "MacroOrigin.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace transformers_tidy {

std::string macroBodyOrigin(SourceLocation Loc, const SourceManager &SM,
                            const LangOptions &LO) {
  std::string Name;
  while (Loc.isMacroID()) {
    if (SM.isMacroArgExpansion(Loc)) {
      // Spelled in an argument: follow it to where the argument was written.
      Loc = SM.getImmediateSpellingLoc(Loc);
      continue;
    }
    // A token of a macro body; the expansion point may itself lie in the
    // body of another macro, which then is what the user sees.
    Name = Lexer::getImmediateMacroName(Loc, SM, LO).str();
    Loc = SM.getImmediateExpansionRange(Loc).getBegin();
  }
  return Name;
}

static void collect(const Stmt *S, const SourceManager &SM,
                    const LangOptions &LO, std::string &Name) {
  if (!S || !Name.empty())
    return;
  for (SourceLocation L : {S->getBeginLoc(), S->getEndLoc()}) {
    if (L.isMacroID()) {
      Name = macroBodyOrigin(L, SM, LO);
      if (!Name.empty())
        return;
    }
  }
  for (const Stmt *Child : S->children())
    collect(Child, SM, LO, Name);
}

std::string macroBodyOrigin(const Expr *E, const SourceManager &SM,
                            const LangOptions &LO) {
  std::string Name;
  collect(E, SM, LO, Name);
  return Name;
}

} // namespace transformers_tidy
