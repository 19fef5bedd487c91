//===- IdentifierScan.cpp - Identifiers a source text spells --------------===//

#include "fastpath/IdentifierScan.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

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

const char UnscannedDirectiveMark[] =
    "#include \"/dev/null/transformers-migrate: a directive the dependency "
    "scan cannot evaluate\"";

namespace {

/// One directive: its tokens after the '#', as the raw lexer spells them.
using DirectiveTokens = llvm::SmallVector<llvm::StringRef, 4>;

/// A decimal number in [\p Min, 2^31 - 1], as #line and line markers want.
bool isLineNumber(llvm::StringRef S, unsigned Min) {
  unsigned V;
  return llvm::all_of(S, llvm::isDigit) && !S.getAsInteger(10, V) && V >= Min &&
         V <= 2147483647u;
}

/// A plain narrow string literal: a file name (#line) or an #ident text.
bool isPlainString(llvm::StringRef S) {
  return S.size() >= 2 && S.front() == '"' && S.back() == '"';
}

/// Whether clang accepts the operands \p Ops of a #line (a number and a
/// file name) or of a line marker (also flags: 1, 3 and 4 in order; 2 pops
/// an include clang may not have entered).
bool isPlainLineDirective(llvm::ArrayRef<llvm::StringRef> Ops, bool Marker) {
  if (Ops.empty() || !isLineNumber(Ops[0], Marker ? 0 : 1))
    return false;
  if (Ops.size() == 1)
    return true;
  if (!isPlainString(Ops[1]) || (!Marker && Ops.size() > 2))
    return false;
  unsigned Last = 0;
  for (llvm::StringRef Flag : Ops.drop_front(2)) {
    unsigned V;
    if (Flag.getAsInteger(10, V) || V <= Last || V == 2 || V > 4)
      return false;
    Last = V;
  }
  return true;
}

/// Whether the directive \p D (its tokens after the '#') is one the
/// dependency scanner drops and that can fail a compilation by itself.
bool isUnscannedFailure(llvm::ArrayRef<llvm::StringRef> D) {
  if (D.empty())
    return false; // the null directive
  llvm::StringRef Name = D.front();
  // Kept by the scanner: evaluated there, their errors are the scan's.
  static const llvm::StringRef Kept[] = {
      "include", "include_next", "import",  "__include_macros",
      "define",  "undef",        "if",      "ifdef",
      "ifndef",  "elif",         "elifdef", "elifndef",
      "else",    "endif"};
  if (llvm::is_contained(Kept, Name))
    return false;
  if (Name == "pragma")
    return D.size() >= 3 && D[1] == "GCC" &&
           (D[2] == "error" || D[2] == "warning");
  if (Name == "line")
    return !isPlainLineDirective(D.drop_front(), /*Marker=*/false);
  if (!Name.empty() && llvm::isDigit(Name.front()))
    return !isPlainLineDirective(D, /*Marker=*/true);
  if (Name == "ident" || Name == "sccs")
    return !(D.size() == 2 && isPlainString(D[1]));
  // #error, #warning, and anything clang does not know (#assert).
  return true;
}

} // namespace

std::optional<std::string> exposeUnscannedDirectives(llvm::StringRef Text) {
  if (Text.contains('\0'))
    return std::nullopt; // not source text (spelledIdentifiers)
  static const LangOptions LO = rawCxx();
  Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  std::vector<size_t> Marks; // offsets of the '#' of each such directive
  Token T;
  L.LexFromRawLexer(T);
  while (T.isNot(tok::eof)) {
    if (T.isNot(tok::hash) || !T.isAtStartOfLine()) {
      L.LexFromRawLexer(T);
      continue;
    }
    // The raw lexer stops right after the token it returns.
    size_t Hash = L.getBufferLocation() - Text.begin() - T.getLength();
    // The directive: the tokens up to the next line's first one (comments
    // are not tokens, line splices join lines).
    DirectiveTokens D;
    for (L.LexFromRawLexer(T); T.isNot(tok::eof) && !T.isAtStartOfLine();
         L.LexFromRawLexer(T))
      D.push_back(llvm::StringRef(L.getBufferLocation() - T.getLength(),
                                  T.getLength()));
    if (isUnscannedFailure(D))
      Marks.push_back(Hash);
  }
  if (Marks.empty())
    return std::nullopt;
  // Before the '#': a directive that starts a line of its own, however the
  // '#' line starts (blanks, a comment).
  std::string Out;
  Out.reserve(Text.size() + Marks.size() * sizeof(UnscannedDirectiveMark));
  size_t From = 0;
  for (size_t At : Marks) {
    Out.append(Text.data() + From, At - From);
    Out.append("\n").append(UnscannedDirectiveMark).append("\n");
    From = At;
  }
  Out.append(Text.data() + From, Text.size() - From);
  return Out;
}

} // namespace tmigrate
