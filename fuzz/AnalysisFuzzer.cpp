//===- AnalysisFuzzer.cpp - fuzz-analysis ---------------------------------===//
//
// Takes the input as the text of a C++ main file, runs both analyses of the
// core on it as transformers-migrate does (one MatchFinder per analysis, the
// tool's analysis options, its conversion of fix-its into file edits and its
// merge of the edits of all findings), applies the merged edits with
// tooling::Replacements and checks:
//  - every edit lies inside the file it edits;
//  - the edits of one finding never overlap one another;
//  - no finding is reported twice at one place with one message;
//  - the accepted edits form valid Replacements and apply;
//  - when the input compiled and some fix was applied: the fixed text still
//    compiles, and (no fix having been dropped as a conflict) re-analysing it
//    finds nothing left to fix;
//  - the core's LocalParentMap answers what the analyses ask of it as the
//    ASTContext's parent map does, for every statement of the main file:
//    the first parent and whether it is in a template instantiation.
// The analyses run even on code that does not compile: the clang-tidy
// plugin's checks do (clang-tidy analyses broken ASTs), the tool stops short.
//
// Everything happens in memory: the input, the real reference-library
// headers (include/transformers) and, instead of libstdc++, the
// declarations-only standard library of fuzz/prelude/std, which keeps a parse
// around a millisecond rather than the ~0.7 s libstdc++ costs.
//
// Two optional lines of the input set what the lit tests set on their RUN
// lines (fuzz/make_analysis_seeds.py writes them into the seeds):
//   // FUZZ-STD: c++17                       (default c++20)
//   // FUZZ-CONFIG: {CheckOptions: {...}}    (.clang-tidy YAML, one line)
//
//===----------------------------------------------------------------------===//

#include "FixEdits.h"
#include "FuzzCheck.h"
#include "LocalParentMap.h"
#include "SinkContext.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "transformers-tidy/CacheImplementationConflictAnalysis.h"
#include "transformers-tidy/LegacyCacheAnalysis.h"
#include "transformers-tidy/Options.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace {

constexpr llvm::StringLiteral StdDir = "/tt-fuzz/std";
constexpr llvm::StringLiteral IncludeDir = "/tt-fuzz/include";
constexpr llvm::StringLiteral MainFile = "/tt-fuzz/input.cpp";

/// The headers every parse sees; loaded once.
llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Headers;

struct Edit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  bool operator<(const Edit &O) const {
    return std::tie(Offset, Length, Text) <
           std::tie(O.Offset, O.Length, O.Text);
  }
  bool operator==(const Edit &O) const {
    return Offset == O.Offset && Length == O.Length && Text == O.Text;
  }
};

/// FixApplier's notion of a conflict (tools/transformers-migrate).
bool overlaps(const Edit &A, const Edit &B) {
  if (A.Length == 0 && B.Length == 0)
    return A.Offset == B.Offset;
  if (A.Length == 0)
    return B.Offset < A.Offset && A.Offset < B.Offset + B.Length;
  if (B.Length == 0)
    return A.Offset < B.Offset && B.Offset < A.Offset + A.Length;
  return A.Offset < B.Offset + B.Length && B.Offset < A.Offset + A.Length;
}

struct FuzzFinding {
  std::string Check;
  std::string Message;
  unsigned Offset = 0; // of the diagnostic, in the main file
  std::vector<Edit> Edits;
};

struct AnalysisResult {
  bool CompileErrors = false;
  std::vector<FuzzFinding> Findings; // main-file findings only
};

struct FuzzOptions {
  std::string Std = "c++20";
  transformers_tidy::CheckOptions Legacy, Conflict;
};

/// Converts findings as the tool's Runner does, keeping those in the main
/// file (the tool's default header filter).
class Collector : public transformers_tidy::FindingConsumer,
                  public MatchFinder::MatchCallback {
public:
  Collector(const FuzzOptions &Opts, AnalysisResult &Out) : Out(Out) {
    Analyses.push_back(std::make_unique<transformers_tidy::LegacyCacheAnalysis>(
        Opts.Legacy, /*SelfContainedDiags=*/true));
    Analyses.push_back(std::make_unique<
                       transformers_tidy::CacheImplementationConflictAnalysis>(
        Opts.Conflict));
  }

  void run(const MatchFinder::MatchResult &R) override { Current->check(R); }

  void analyse(ASTContext &Ctx) {
    LangOpts = &Ctx.getLangOpts();
    for (auto &A : Analyses) {
      if (!A->isLanguageSupported(Ctx.getLangOpts()))
        continue;
      MatchFinder Finder;
      Current = A.get();
      A->onStartOfTranslationUnit();
      A->registerMatchers(Finder, this);
      Finder.matchAST(Ctx);
      A->onEndOfTranslationUnit(*this);
    }
  }

  void consume(const transformers_tidy::Finding &F,
               const SourceManager &SM) override {
    SourceLocation Loc = SM.getFileLoc(F.Loc);
    TT_FUZZ_CHECK(Loc.isValid(), "finding without a location: " << F.Message);
    auto [FID, Offset] = SM.getDecomposedLoc(Loc);
    FuzzFinding R;
    R.Check = F.Check;
    R.Message = F.Message;
    R.Offset = Offset;
    bool InMain = FID == SM.getMainFileID();
    // The tool's own conversion (tools/transformers-migrate/FixEdits.cpp).
    if (auto Edits = tmigrate::fileEditsOf(F.Fixes, SM, *LangOpts)) {
      for (const tmigrate::FileEdit &E : *Edits) {
        size_t Size = SM.getBufferData(E.File).size();
        TT_FUZZ_CHECK(E.Offset + E.Length <= Size,
                      "edit [" << E.Offset << ", " << E.Offset + E.Length
                               << ") past the end of a " << Size
                               << "-byte file");
        if (E.File != SM.getMainFileID())
          InMain = false; // the tool would not apply it without a header filter
        R.Edits.push_back({E.Offset, E.Length, E.Text.str()});
      }
    }
    if (InMain)
      Out.Findings.push_back(std::move(R));
  }

private:
  AnalysisResult &Out;
  std::vector<std::unique_ptr<transformers_tidy::Analysis>> Analyses;
  transformers_tidy::Analysis *Current = nullptr;
  const LangOptions *LangOpts = nullptr;
};

/// Compares the core's LocalParentMap with the ASTContext's parent map on
/// every statement of the main file, in what the analyses ask of it: the
/// first parent (what a sink initialises), the enclosing function and the
/// instantiation test (which follows every parent). Statements written
/// inside a type (template arguments, array bounds) are left out: their
/// TypeLoc may be shared with a specialization the library instantiated
/// from it, which clang's map lists first and the local map does not see;
/// no analysis asks about them.
class ParentMapParity : public RecursiveASTVisitor<ParentMapParity> {
public:
  explicit ParentMapParity(ASTContext &Ctx) : Ctx(Ctx), Local(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitStmt(Stmt *S) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = S->getBeginLoc();
    if (L.isInvalid() || !SM.isInMainFile(SM.getExpansionLoc(L)) ||
        isInsideType(*S))
      return true;
    unsigned Offset = SM.getFileOffset(SM.getExpansionLoc(L));
    transformers_tidy::LocalParentMap::NodeList Mine = Local.parents(*S);
    DynTypedNodeList Theirs = Ctx.getParents(*S);
    TT_FUZZ_CHECK(Mine.empty() == Theirs.empty() &&
                      (Mine.empty() || Mine.front() == Theirs[0]),
                  "LocalParentMap: another first parent for a "
                      << S->getStmtClassName() << " at offset " << Offset);
    TT_FUZZ_CHECK(transformers_tidy::enclosingFunction(S, Local) ==
                      enclosingFunction(*S),
                  "LocalParentMap: another enclosing function for a "
                      << S->getStmtClassName() << " at offset " << Offset);
    TT_FUZZ_CHECK(
        transformers_tidy::isInTemplateInstantiation(*S, Local) ==
            !ast_matchers::match(stmt(isInTemplateInstantiation()), *S, Ctx)
                 .empty(),
        "LocalParentMap: isInTemplateInstantiation differs for a "
            << S->getStmtClassName() << " at offset " << Offset);
    return true;
  }

private:
  /// Whether the first-parent chain of \p S meets a type before a
  /// declaration.
  bool isInsideType(const Stmt &S) {
    DynTypedNode N = DynTypedNode::create(S);
    while (!N.get<Decl>()) {
      if (!N.getMemoizationData())
        return true;
      DynTypedNodeList P = Ctx.getParents(N);
      if (P.empty())
        return false;
      N = P[0];
    }
    return false;
  }

  /// SinkContext's enclosingFunction() on clang's map.
  const FunctionDecl *enclosingFunction(const Stmt &S) {
    DynTypedNode N = DynTypedNode::create(S);
    while (true) {
      DynTypedNodeList P = Ctx.getParents(N);
      if (P.empty())
        return nullptr;
      N = P[0];
      if (const auto *FD = N.get<FunctionDecl>())
        return FD;
      if (const auto *LE = N.get<LambdaExpr>())
        return LE->getCallOperator();
    }
  }

  ASTContext &Ctx;
  transformers_tidy::LocalParentMap Local;
};

class CollectorConsumer : public ASTConsumer {
public:
  explicit CollectorConsumer(Collector &C) : C(C) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    C.analyse(Ctx);
    ParentMapParity(Ctx).TraverseAST(Ctx);
  }

private:
  Collector &C;
};

class CollectorAction : public ASTFrontendAction {
public:
  explicit CollectorAction(Collector &C) : C(C) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<CollectorConsumer>(C);
  }

private:
  Collector &C;
};

/// Counts errors, prints nothing.
class QuietDiagnostics : public DiagnosticConsumer {};

AnalysisResult analyse(llvm::StringRef Code, const FuzzOptions &Opts) {
  AnalysisResult Result;
  auto Input = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Input->addFile(MainFile, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Headers);
  Overlay->pushOverlay(Input);
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);
  // Limits keep pathological inputs from spending the time budget inside
  // clang (deep nesting, runaway templates); they are not what is tested.
  std::vector<std::string> Args = {
      "clang++", "-fsyntax-only", "-std=" + Opts.Std, "-nostdinc", "-isystem",
      StdDir.str(), "-I", IncludeDir.str(), "-w",
      // Also silences "N errors generated.".
      "-fno-caret-diagnostics", "-ferror-limit=20", "-fbracket-depth=64",
      "-ftemplate-depth=64", "-fconstexpr-depth=64", "-fconstexpr-steps=100000",
      MainFile.str()};
  Collector C(Opts, Result);
  tooling::ToolInvocation Invocation(
      std::move(Args), std::make_unique<CollectorAction>(C), Files.get());
  QuietDiagnostics Diags;
  Invocation.setDiagnosticConsumer(&Diags);
  bool Ran = Invocation.run();
  Result.CompileErrors = !Ran || Diags.getNumErrors() > 0;
  return Result;
}

/// The value of the first line starting with \p Marker, up to its end.
std::optional<llvm::StringRef> markerLine(llvm::StringRef Code,
                                          llvm::StringRef Marker) {
  size_t Pos = Code.find(Marker);
  if (Pos == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Rest = Code.substr(Pos + Marker.size());
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

FuzzOptions optionsFor(llvm::StringRef Code) {
  FuzzOptions Opts;
  if (auto Std = markerLine(Code, "// FUZZ-STD:");
      Std && Std->trim() == "c++17")
    Opts.Std = "c++17";
  if (auto Config = markerLine(Code, "// FUZZ-CONFIG:")) {
    auto Parsed = clang::tidy::parseConfiguration(
        llvm::MemoryBufferRef(*Config, "FUZZ-CONFIG"));
    if (Parsed) {
      // The checks' own reader (the core's), over the same map.
      auto Read = [&](llvm::StringRef Check) {
        return transformers_tidy::readCheckOptions(
            [&](llvm::StringRef Key,
                bool AllowGlobal) -> std::optional<std::string> {
              const auto &Map = Parsed->CheckOptions;
              auto It = Map.find((Check + "." + Key).str());
              if (It == Map.end() && AllowGlobal)
                It = Map.find(Key);
              if (It == Map.end())
                return std::nullopt;
              return It->getValue().Value;
            },
            [](llvm::StringRef, llvm::StringRef, llvm::StringRef) {});
      };
      Opts.Legacy = Read("transformers-legacy-cache");
      Opts.Conflict = Read("transformers-cache-implementation-conflict");
    }
  }
  return Opts;
}

/// Whether the fixes call the reference library for the library's own
/// types. Options can point the check at other tensor / sink types while the
/// factory stays the library's (or name a header that does not exist): the
/// fix then cannot compile, by configuration, and the tool's fix verification
/// is what catches it.
bool fixesTargetTheLibrary(const FuzzOptions &Opts) {
  const transformers_tidy::CheckOptions Defaults;
  const transformers_tidy::CheckOptions &O = Opts.Legacy;
  llvm::StringRef Header = O.IncludeHeader;
  return O.TensorTypes == Defaults.TensorTypes &&
         O.SinkTypes == Defaults.SinkTypes &&
         O.CacheFactory == Defaults.CacheFactory &&
         O.EncoderDecoderCacheFactory == Defaults.EncoderDecoderCacheFactory &&
         (Header == "<transformers/cache_utils.h>" ||
          Header == "\"transformers/cache_utils.h\"");
}

/// TT_FUZZ_VERBOSE=1 (when reproducing one input): what happened to it.
bool verbose() {
  static const bool V = std::getenv("TT_FUZZ_VERBOSE") != nullptr;
  return V;
}

std::string describe(const FuzzFinding &F) {
  return "[" + F.Check + "] at offset " + std::to_string(F.Offset) + ": " +
         F.Message;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Headers = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto AddTree = [](llvm::StringRef From, llvm::StringRef To) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(From, EC), End;
         It != End && !EC; It.increment(EC)) {
      if (llvm::sys::fs::is_directory(It->path()))
        continue;
      auto Buf = llvm::MemoryBuffer::getFile(It->path());
      TT_FUZZ_CHECK(Buf, "cannot read " << It->path());
      llvm::SmallString<256> Target(To);
      llvm::sys::path::append(Target,
                              llvm::StringRef(It->path()).substr(From.size()));
      Headers->addFile(Target, 0, std::move(*Buf));
    }
    TT_FUZZ_CHECK(!EC, "cannot list " << From << ": " << EC.message());
  };
  AddTree(TT_FUZZ_PRELUDE_STD_DIR, StdDir);
  AddTree(TT_FUZZ_LIBRARY_INCLUDE_DIR "/transformers",
          (IncludeDir + "/transformers").str());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Code(reinterpret_cast<const char *>(Data), Size);
  FuzzOptions Opts = optionsFor(Code);
  AnalysisResult First = analyse(Code, Opts);

  std::set<std::tuple<std::string, unsigned, std::string>> Seen;
  std::set<Edit> Accepted;
  unsigned Applied = 0, Conflicts = 0;
  for (const FuzzFinding &F : First.Findings) {
    TT_FUZZ_CHECK(Seen.insert({F.Check, F.Offset, F.Message}).second,
                  "reported twice: " << describe(F));
    if (F.Edits.empty())
      continue;
    clang::tooling::Replacements Own;
    for (const Edit &E : F.Edits) {
      llvm::Error Err = Own.add(
          clang::tooling::Replacement(MainFile, E.Offset, E.Length, E.Text));
      TT_FUZZ_CHECK(!Err, "the edits of one finding overlap ("
                              << llvm::toString(std::move(Err))
                              << "): " << describe(F));
    }
    bool Conflict = false;
    for (size_t I = 0; I < F.Edits.size() && !Conflict; ++I) {
      const Edit &E = F.Edits[I];
      if (Accepted.count(E))
        continue;
      for (const Edit &A : Accepted)
        Conflict = Conflict || overlaps(A, E);
      for (size_t J = 0; J < I; ++J)
        Conflict = Conflict || (!(F.Edits[J] == E) && overlaps(F.Edits[J], E));
    }
    if (Conflict) {
      ++Conflicts;
      continue;
    }
    Accepted.insert(F.Edits.begin(), F.Edits.end());
    ++Applied;
  }
  if (verbose())
    llvm::errs() << "fuzz-analysis: -std=" << Opts.Std << ", "
                 << (First.CompileErrors ? "does not compile" : "compiles")
                 << ", " << First.Findings.size() << " findings, " << Applied
                 << " fixes applied, " << Conflicts << " in conflict\n";
  if (!Applied)
    return 0;

  clang::tooling::Replacements All;
  size_t Expected = Code.size();
  for (const Edit &E : Accepted) {
    llvm::Error Err = All.add(
        clang::tooling::Replacement(MainFile, E.Offset, E.Length, E.Text));
    TT_FUZZ_CHECK(!Err, "merged edits do not form Replacements: "
                            << llvm::toString(std::move(Err)));
    Expected += E.Text.size() - E.Length;
  }
  llvm::Expected<std::string> Fixed =
      clang::tooling::applyAllReplacements(Code, All);
  TT_FUZZ_CHECK(
      Fixed, "the edits do not apply: " << llvm::toString(Fixed.takeError()));
  TT_FUZZ_CHECK(Fixed->size() == Expected,
                "fixed text has " << Fixed->size() << " bytes, expected "
                                  << Expected);

  // A fix must never break a program that compiled.
  if (First.CompileErrors)
    return 0;
  AnalysisResult Second = analyse(*Fixed, Opts);
  if (verbose())
    llvm::errs() << "fuzz-analysis: fixed text "
                 << (Second.CompileErrors ? "does not compile" : "compiles")
                 << ", " << Second.Findings.size() << " findings left\n";
  TT_FUZZ_CHECK(!Second.CompileErrors || !fixesTargetTheLibrary(Opts),
                "the fixed program does not compile; fixed text:\n"
                    << *Fixed);
  if (Second.CompileErrors || Conflicts)
    return 0;
  for (const FuzzFinding &F : Second.Findings)
    TT_FUZZ_CHECK(F.Edits.empty(), "a finding is left to fix after fixing: "
                                       << describe(F) << "; fixed text:\n"
                                       << *Fixed);
  return 0;
}
