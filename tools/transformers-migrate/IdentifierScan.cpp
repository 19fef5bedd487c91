//===- IdentifierScan.cpp - Identifiers a source text spells --------------===//

#include "IdentifierScan.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace tmigrate {

namespace {

LangOptions rawCxx() {
  LangOptions LO;
  // Every C++ lexical rule that can hide text from an older mode: raw
  // strings (C++11) and digit separators (C++14), which would otherwise
  // open a character literal.
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 =
      LO.CPlusPlus20 = true;
  LO.LineComment = true;
  LO.Digraphs = true;
  return LO;
}

/// An identifier's text without its line splices ("Ten\\\nsor").
std::string withoutSplices(llvm::StringRef Raw) {
  std::string Out;
  for (char C : Raw)
    if (!llvm::is_contained(llvm::StringRef("\\\r\n \t\v\f"), C))
      Out += C;
  return Out;
}

/// Whether \p Text has a backslash that ends a line (blanks between them
/// are allowed, as clang allows them): a line splice, which may join the
/// pieces of an identifier that the bytes do not contain whole.
bool hasLineSplice(llvm::StringRef Text) {
  for (size_t P = Text.find('\\'); P != llvm::StringRef::npos;
       P = Text.find('\\', P + 1)) {
    llvm::StringRef Rest = Text.drop_front(P + 1).ltrim(" \t\v\f");
    if (Rest.starts_with("\n") || Rest.starts_with("\r"))
      return true;
  }
  return false;
}

} // namespace

std::vector<bool> spelledIdentifiers(llvm::StringRef Text,
                                     llvm::ArrayRef<std::string> Wanted) {
  // Cheap first: bytes that do not contain a word do not spell it, unless
  // a line splice joins its pieces.
  std::vector<bool> Candidate(Wanted.size(), false);
  bool Splices = hasLineSplice(Text);
  unsigned Left = 0;
  for (size_t I = 0; I < Wanted.size(); ++I)
    Left += Candidate[I] =
        !Wanted[I].empty() && (Splices || Text.contains(Wanted[I]));
  if (Left == 0)
    return Candidate;
  if (Text.contains('\0')) {
    for (size_t I = 0; I < Wanted.size(); ++I)
      Candidate[I] = Candidate[I] && Text.contains(Wanted[I]);
    return Candidate;
  }

  std::vector<bool> Spelled(Wanted.size(), false);
  static const LangOptions LO = rawCxx();
  Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  Token T;
  while (Left > 0) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (!T.is(tok::raw_identifier))
      continue;
    llvm::StringRef Id = T.getRawIdentifier();
    std::string Clean;
    if (T.needsCleaning()) {
      Clean = withoutSplices(Id);
      Id = Clean;
    }
    const std::string *It = llvm::lower_bound(Wanted, Id);
    if (It == Wanted.end() || *It != Id)
      continue;
    size_t I = It - Wanted.begin();
    if (Candidate[I] && !Spelled[I]) {
      Spelled[I] = true;
      --Left;
    }
  }
  return Spelled;
}

} // namespace tmigrate
