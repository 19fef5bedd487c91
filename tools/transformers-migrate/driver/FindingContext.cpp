//===- FindingContext.cpp - What identifies a finding beyond its line -----===//

#include "driver/FindingContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace tmigrate {

/// A bound on the subject: expressions are short, but a generated one may
/// not be, and the subject only has to tell findings of one scope apart.
static constexpr size_t MaxSubject = 200;

std::string findingSubject(const tooling::DiagnosticMessage &Message,
                           llvm::StringRef Text) {
  llvm::StringRef Code;
  if (!Message.Ranges.empty()) {
    const tooling::FileByteRange &R = Message.Ranges.front();
    if (R.FilePath == Message.FilePath && R.FileOffset <= Text.size() &&
        R.Length <= Text.size() - R.FileOffset)
      Code = Text.substr(R.FileOffset, R.Length);
  }
  if (Code.trim().empty() && Message.FileOffset <= Text.size()) {
    size_t Begin = Text.take_front(Message.FileOffset).rfind('\n');
    Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
    size_t End = Text.find('\n', Message.FileOffset);
    Code = Text.slice(Begin, End);
  }
  std::string Subject;
  for (char C : Code)
    if (!llvm::isSpace(C))
      Subject += C;
  if (Subject.size() > MaxSubject) {
    // Cut at a character boundary: the subject is cached as JSON text.
    size_t Cut = MaxSubject;
    while (Cut > 0 && (static_cast<unsigned char>(Subject[Cut]) & 0xC0) == 0x80)
      --Cut;
    Subject.resize(Cut);
  }
  return Subject;
}

/// Whether \p D's text, with macros expanded to where they are used, is in
/// \p File and holds \p Offset.
static bool holds(const SourceManager &SM, const Decl &D, FileID File,
                  unsigned Offset) {
  // The cheap test first: most declarations of a TU are in other files.
  if (SM.getFileID(SM.getExpansionLoc(D.getLocation())) != File)
    return false;
  CharSourceRange Range = SM.getExpansionRange(D.getSourceRange());
  auto [BeginFile, Begin] = SM.getDecomposedLoc(Range.getBegin());
  auto [EndFile, End] = SM.getDecomposedLoc(Range.getEnd());
  return BeginFile == File && EndFile == File && Begin <= Offset &&
         Offset <= End;
}

std::string enclosingDeclaration(const ASTContext &Ctx, llvm::StringRef Path,
                                 unsigned Offset) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Entry = SM.getFileManager().getOptionalFileRef(Path);
  if (!Entry)
    return "";
  FileID File = SM.translateFile(*Entry);
  if (File.isInvalid())
    return "";
  const NamedDecl *Found = nullptr;
  const DeclContext *Scope = Ctx.getTranslationUnitDecl();
  while (Scope) {
    const DeclContext *Inner = nullptr;
    // noload_decls: a preamble's declarations are not deserialized for this.
    for (const Decl *D : Scope->noload_decls()) {
      if (D->isImplicit() || !holds(SM, *D, File, Offset))
        continue;
      if (const auto *T = dyn_cast<TemplateDecl>(D))
        if (const NamedDecl *Pattern = T->getTemplatedDecl())
          D = Pattern;
      const auto *Named = dyn_cast<NamedDecl>(D);
      if (Named && !isa<NamespaceDecl>(Named))
        Found = Named;
      // Namespaces and classes are searched further; a function's body, a
      // variable's initialiser are the finding's place.
      if (isa<NamespaceDecl, RecordDecl, LinkageSpecDecl, ExportDecl>(D))
        Inner = cast<DeclContext>(D);
      break;
    }
    Scope = Inner;
  }
  return Found ? Found->getQualifiedNameAsString() : "";
}

} // namespace tmigrate
