//===- AnalysisFuzzer.cpp - fuzz-analysis ---------------------------------===//
//
// Takes the input as the text of a C++ main file and analyses it exactly as
// transformers-migrate does: the plugin's registered checks, run through
// clang-tidy's library by the tool's own driver (TidyWorker, TidyDriver.h),
// under the input's own clang-tidy configuration. Then it merges the edits of
// all findings as the tool's fix plan does, applies them with
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
// The checks run even on code that does not compile (RunOptions::
// CheckBrokenCode): the clang-tidy plugin's checks do (clang-tidy analyses
// broken ASTs), the tool stops short.
//
// Everything happens in memory: the input, the real reference-library
// headers (include/transformers) and, instead of libstdc++, the
// declarations-only standard library of fuzz/prelude/std, which keeps a parse
// around a millisecond rather than the ~0.7 s libstdc++ costs.
//
// Two optional lines of the input set what the lit tests set on their RUN
// lines (fuzz/make_analysis_seeds.py writes them into the seeds):
//   // FUZZ-STD: c++17                       (default c++20)
//   // FUZZ-CONFIG: {Checks: ..., CheckOptions: {...}, ...}
// FUZZ-CONFIG is a whole clang-tidy configuration on one line (Checks,
// WarningsAsErrors, HeaderFilterRegex, SystemHeaders, CheckOptions, ...),
// read by the tool's CheckConfig as --config; one that does not parse
// analyses the input under the defaults (fuzz-clang-tidy-config covers the
// reader itself).
//
//===----------------------------------------------------------------------===//

#include "FuzzCheck.h"
#include "LocalParentMap.h"
#include "SinkContext.h"
#include "driver/TidyDriver.h"
#include "driver/ToolArguments.h"
#include "input/CheckConfig.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Core/Replacement.h"
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

// A fix's edits, as the tool's fix merge takes them (Model.h), with
// overlaps() its conflict rule.
using clang::tooling::Replacement;

struct FuzzFinding {
  std::string Check;
  std::string Message;
  unsigned Offset = 0; // of the diagnostic, in the main file
  std::vector<Replacement> Edits;
};

struct AnalysisResult {
  bool CompileErrors = false;
  std::vector<FuzzFinding> Findings; // main-file findings only
};

struct FuzzOptions {
  std::string Std = "c++20";
  /// The input's configuration (FUZZ-CONFIG; the default one, read once,
  /// without it) and the file's effective one.
  std::unique_ptr<tmigrate::CheckConfig> Own;
  tmigrate::CheckConfig *Checks = nullptr;
  tmigrate::FileConfig File;
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

  /// Only what the main file declares is compared. Declarations of the
  /// headers are left out: no analysis asks about their statements, and on
  /// a broken TU (the fuzzer's inputs mostly are) clang may leave a header
  /// template whose specialization list is not what the traversal reads
  /// (an ASan report inside RecursiveASTVisitor, not in the code under
  /// test).
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D)) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation L = D->getLocation();
      if (L.isValid() && !SM.isInMainFile(SM.getExpansionLoc(L)))
        return true;
    }
    return RecursiveASTVisitor::TraverseDecl(D);
  }

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

AnalysisResult analyse(llvm::StringRef Code, const FuzzOptions &Opts) {
  auto Input = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Input->addFile(MainFile, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Headers);
  Overlay->pushOverlay(Input);

  tmigrate::RunOptions RO;
  RO.FileSystem = Overlay;
  RO.CheckBrokenCode = true;
  RO.InspectAST = [](ASTContext &Ctx) {
    ParentMapParity(Ctx).TraverseAST(Ctx);
  };
  // Limits keep pathological inputs from spending the time budget inside
  // clang (deep nesting, runaway templates); they are not what is tested.
  std::vector<std::string> Args = {"clang++",
                                   "-fsyntax-only",
                                   "-std=" + Opts.Std,
                                   "-nostdinc",
                                   "-isystem",
                                   StdDir.str(),
                                   "-I",
                                   IncludeDir.str(),
                                   "-w",
                                   "-ferror-limit=20",
                                   "-fbracket-depth=64",
                                   "-ftemplate-depth=64",
                                   "-fconstexpr-depth=64",
                                   "-fconstexpr-steps=100000",
                                   MainFile.str()};
  tooling::CompileCommand Cmd(llvm::sys::path::parent_path(MainFile), MainFile,
                              std::move(Args), "");
  // A worker per input: its session holds the input's configuration.
  tmigrate::TidyWorker Worker(Opts.Checks->workerProvider());
  tmigrate::TUResult TU = Worker.run(Cmd, MainFile.str(), Opts.File, RO);

  AnalysisResult Result;
  Result.CompileErrors = TU.Failed;
  for (const tmigrate::Record &R : TU.Findings) {
    // Main-file findings whose edits are all in the main file: what the
    // tool applies without a header filter.
    bool InMain = R.file() == MainFile;
    FuzzFinding F;
    F.Check = R.check().str();
    F.Message = R.message().str();
    F.Offset = R.offset();
    for (const Replacement &E : R.edits()) {
      if (E.getFilePath() != MainFile) {
        InMain = false;
        continue;
      }
      TT_FUZZ_CHECK(
          E.getOffset() + E.getLength() <= Code.size(),
          "edit [" << E.getOffset() << ", " << E.getOffset() + E.getLength()
                   << ") past the end of a " << Code.size() << "-byte file");
      F.Edits.push_back(E);
    }
    if (InMain)
      Result.Findings.push_back(std::move(F));
  }
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

/// The default configuration (no FUZZ-CONFIG line), read once.
std::unique_ptr<tmigrate::CheckConfig> DefaultChecks;
tmigrate::FileConfig DefaultFile;

std::unique_ptr<tmigrate::CheckConfig> checkConfig(llvm::StringRef Yaml) {
  tmigrate::ConfigRequest CR;
  // "{}" rather than nothing: never look for .clang-tidy files on disk.
  CR.Config = Yaml.empty() ? "{}" : Yaml.str();
  auto Config = tmigrate::CheckConfig::create(CR);
  if (!Config) {
    llvm::consumeError(Config.takeError());
    return nullptr;
  }
  return std::move(*Config);
}

FuzzOptions optionsFor(llvm::StringRef Code) {
  FuzzOptions Opts;
  if (auto Std = markerLine(Code, "// FUZZ-STD:");
      Std && Std->trim() == "c++17")
    Opts.Std = "c++17";
  if (auto Yaml = markerLine(Code, "// FUZZ-CONFIG:")) {
    Opts.Own = checkConfig(*Yaml);
    if (Opts.Own) {
      Opts.File = Opts.Own->configFor(MainFile);
      if (Opts.Own->errors().empty()) {
        Opts.Checks = Opts.Own.get();
        return Opts;
      }
    }
  }
  Opts.Checks = DefaultChecks.get();
  Opts.File = DefaultFile;
  return Opts;
}

/// Whether the fixes call the reference library for the library's own
/// types. Options can point the check at other tensor / sink types while the
/// factory stays the library's (or name a header that does not exist): the
/// fix then cannot compile, by configuration, and the tool's fix verification
/// is what catches it. Compared as the checks read their options.
bool fixesTargetTheLibrary(const FuzzOptions &Opts) {
  auto Value = [](const tmigrate::FileConfig &C, llvm::StringRef Key) {
    auto It = C.CheckOptions.find(("transformers-legacy-cache." + Key).str());
    return It == C.CheckOptions.end() ? std::string() : It->getValue().Value;
  };
  for (llvm::StringRef Key : {"TensorTypes", "SinkTypes", "CacheFactory",
                              "EncoderDecoderCacheFactory"})
    if (Value(Opts.File, Key) != Value(DefaultFile, Key))
      return false;
  std::string Header = Value(Opts.File, "IncludeHeader");
  return Header == "<transformers/cache_utils.h>" ||
         Header == "\"transformers/cache_utils.h\"";
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
  DefaultChecks = checkConfig("");
  TT_FUZZ_CHECK(DefaultChecks, "the default configuration does not parse");
  DefaultFile = DefaultChecks->configFor(MainFile);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Code(reinterpret_cast<const char *>(Data), Size);
  FuzzOptions Opts = optionsFor(Code);
  AnalysisResult First = analyse(Code, Opts);

  std::set<std::tuple<std::string, unsigned, std::string>> Seen;
  std::set<Replacement, tmigrate::EditOrder> Accepted;
  unsigned Applied = 0, Conflicts = 0;
  for (const FuzzFinding &F : First.Findings) {
    TT_FUZZ_CHECK(Seen.insert({F.Check, F.Offset, F.Message}).second,
                  "reported twice: " << describe(F));
    if (F.Edits.empty())
      continue;
    clang::tooling::Replacements Own;
    for (const Replacement &E : F.Edits) {
      llvm::Error Err = Own.add(E);
      TT_FUZZ_CHECK(!Err, "the edits of one finding overlap ("
                              << llvm::toString(std::move(Err))
                              << "): " << describe(F));
    }
    bool Conflict = false;
    for (size_t I = 0; I < F.Edits.size() && !Conflict; ++I) {
      const Replacement &E = F.Edits[I];
      if (Accepted.count(E))
        continue;
      for (const Replacement &A : Accepted)
        Conflict = Conflict || tmigrate::overlaps(A, E);
      for (size_t J = 0; J < I; ++J)
        Conflict =
            Conflict || (F.Edits[J] != E && tmigrate::overlaps(F.Edits[J], E));
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
  for (const Replacement &E : Accepted) {
    llvm::Error Err = All.add(E);
    TT_FUZZ_CHECK(!Err, "merged edits do not form Replacements: "
                            << llvm::toString(std::move(Err)));
    Expected += E.getReplacementText().size() - E.getLength();
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
