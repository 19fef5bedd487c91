//===- Verifier.cpp - Re-parses rewritten translation units ---------------===//

#include "fix/Verifier.h"
#include "driver/LineIndex.h"
#include "driver/OutputGuard.h"
#include "support/Parallel.h"
#include "support/Paths.h"
#include "support/StableFileSystem.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <optional>

using namespace clang;

namespace tmigrate {

namespace {

/// One compiler error of a verification parse, in the coordinates of the
/// content the parse saw.
struct ParseError {
  std::string File; // absolute; empty when the error has no location
  unsigned Offset = 0, Line = 0, Column = 0;
  std::string Message;
};

class ErrorList : public DiagnosticConsumer {
public:
  std::vector<ParseError> Errors;

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    ParseError E;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    E.Message = std::string(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation Loc = SM.getFileLoc(Info.getLocation());
      auto [FID, Offset] = SM.getDecomposedLoc(Loc);
      if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID)) {
        llvm::SmallString<256> P(FE->getName());
        SM.getFileManager().makeAbsolutePath(P);
        llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
        E.File = std::string(P);
        E.Offset = Offset;
        E.Line = SM.getLineNumber(FID, Offset);
        E.Column = SM.getColumnNumber(FID, Offset);
      }
    }
    Errors.push_back(std::move(E));
  }
};

/// Parses \p Cmd's file with \p Overlay (path -> content) laid over the
/// real file system. Returns its errors; a parse that cannot even start is
/// one error without a location.
std::vector<ParseError>
parseWith(const tooling::CompileCommand &Cmd, const RunOptions &RO,
          const std::map<std::string, const std::string *> &Overlay) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto &[Path, Content] : Overlay)
    Memory->addFile(Path, 0,
                    llvm::MemoryBuffer::getMemBufferCopy(*Content, Path));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
          createStableFileSystem()));
  FS->pushOverlay(Memory);
  if (FS->setCurrentWorkingDirectory(Cmd.Directory))
    return {{"", 0, 0, 0,
             "the compile command's directory '" + Cmd.Directory +
                 "' does not exist"}};
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  ErrorList Errors;
  // Only errors matter: no warnings, and no "N errors generated." line.
  std::vector<std::string> Args = toolCommandLine(Cmd, RO);
  Args.push_back("-w");
  Args.push_back("-fno-caret-diagnostics");
  // Outputs neutralised as in the analysis (OutputGuard.h).
  GuardedActionFactory Action(
      [] { return std::make_unique<SyntaxOnlyAction>(); });
  tooling::ToolInvocation Invocation(
      std::move(Args), &Action, Files.get(),
      std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Errors);
  bool Ran = Invocation.run();
  if (!Ran && Errors.Errors.empty())
    Errors.Errors.push_back({"", 0, 0, 0, "the compiler did not run"});
  return std::move(Errors.Errors);
}

/// Maps an offset of the rewritten content of \p FP back to the original:
/// text before an edit keeps its place, text an edit inserted maps to the
/// start of that edit.
unsigned originalOffset(const FilePlan &FP, unsigned NewOffset) {
  long Delta = 0;
  for (const tooling::Replacement &E : FP.Edits) {
    long Start = long(E.getOffset()) + Delta;
    if (long(NewOffset) < Start)
      break;
    if (long(NewOffset) < Start + long(E.getReplacementText().size()))
      return E.getOffset();
    Delta += long(E.getReplacementText().size()) - long(E.getLength());
  }
  long Old = long(NewOffset) - Delta;
  return unsigned(std::clamp<long>(Old, 0, long(FP.Original.size())));
}

/// Positions in the original contents of a plan's files, each file's lines
/// indexed once: a TU held back with thousands of fixes has a note at each.
class OriginalPositions {
public:
  /// \p Offset of \p FP's original content, in the file spelled \p File.
  Position at(const std::string &File, const FilePlan &FP, unsigned Offset) {
    Position P;
    P.File = File;
    P.Offset = std::min<unsigned>(Offset, FP.Original.size());
    LineColumn LC =
        Lines.try_emplace(&FP, FP.Original).first->second.at(P.Offset);
    P.Line = LC.Line;
    P.Column = LC.Column;
    return P;
  }

private:
  std::map<const FilePlan *, LineIndex> Lines;
};

/// The error as the user will read it, located in the original files: the
/// rewritten content exists only in memory.
struct Located {
  std::optional<Position> Pos;
  std::string Text; // "file:line:col: error: message"
};

Located locate(const ParseError &E, const FixPlan &Plan,
               OriginalPositions &Positions) {
  Located L;
  if (E.File.empty()) {
    L.Text = "error: " + E.Message;
    return L;
  }
  auto It = Plan.Files.find(realPathOf(E.File));
  if (It == Plan.Files.end()) {
    Position P;
    P.File = E.File;
    P.Offset = E.Offset;
    P.Line = E.Line;
    P.Column = E.Column;
    L.Pos = P;
  } else {
    L.Pos =
        Positions.at(E.File, It->second, originalOffset(It->second, E.Offset));
  }
  L.Text = L.Pos->File + ":" + std::to_string(L.Pos->Line) + ":" +
           std::to_string(L.Pos->Column) + ": error: " + E.Message;
  return L;
}

/// The errors of \p After that \p Before does not have (by message: the
/// rewrite moves locations), in order.
std::vector<ParseError> newErrors(const std::vector<ParseError> &After,
                                  const std::vector<ParseError> &Before) {
  std::multiset<std::string> Old;
  for (const ParseError &E : Before)
    Old.insert(E.Message);
  std::vector<ParseError> Out;
  for (const ParseError &E : After) {
    auto It = Old.find(E.Message);
    if (It != Old.end())
      Old.erase(It);
    else
      Out.push_back(E);
  }
  return Out;
}

/// The edit of \p R closest to its diagnostic: the fix's "here".
std::optional<tooling::Replacement> mainEdit(const Record &R) {
  std::vector<tooling::Replacement> Edits = R.edits();
  std::optional<tooling::Replacement> Best;
  auto Dist = [&](const tooling::Replacement &X) {
    return X.getOffset() > R.offset() ? X.getOffset() - R.offset()
                                      : R.offset() - X.getOffset();
  };
  for (const tooling::Replacement &E : Edits)
    if (E.getFilePath() == R.file() && (!Best || Dist(E) < Dist(*Best)))
      Best = E;
  if (!Best && !Edits.empty())
    Best = Edits.front();
  return Best;
}

/// A note of the tool's own at \p P.
void addNote(Record &R, const Position &P, std::string Message) {
  tooling::DiagnosticMessage N;
  N.Message = std::move(Message);
  N.FilePath = P.File;
  N.FileOffset = P.Offset;
  R.Diag.Notes.push_back(std::move(N));
  R.NotesAt.push_back({P.Line, P.Column});
}

Record rejection(const Record &R, const Located &Error, const FixPlan &Plan,
                 OriginalPositions &Positions, bool Severe) {
  Record Out;
  Out.Diag.DiagnosticName = R.Diag.DiagnosticName;
  Out.Diag.DiagLevel =
      Severe ? tooling::Diagnostic::Error : tooling::Diagnostic::Warning;
  Out.Diag.BuildDirectory = R.Diag.BuildDirectory;
  Out.Diag.Message.FilePath = R.Diag.Message.FilePath;
  Out.Diag.Message.FileOffset = R.Diag.Message.FileOffset;
  Out.Diag.Message.Message =
      "fix not applied: the rewritten file does not compile: " + Error.Text;
  Out.At = R.At;
  Out.MainFile = R.MainFile;
  Out.RealFile = R.RealFile;
  Out.FixNotApplied = true;
  if (std::optional<tooling::Replacement> E = mainEdit(R)) {
    auto It = Plan.Files.find(realPathOf(E->getFilePath()));
    if (It != Plan.Files.end())
      addNote(Out,
              Positions.at(E->getFilePath().str(), It->second, E->getOffset()),
              "the fix that was held back: insert '" +
                  E->getReplacementText().str() + "' here");
  }
  if (Error.Pos)
    addNote(Out, *Error.Pos, "after the rewrite, the compiler fails here");
  return Out;
}

} // namespace

VerifyResult
planAndVerify(const std::vector<Record> &Records,
              const std::map<std::string, std::set<uint64_t>> &SeenHashes,
              const PlanOptions &Opts, const tooling::CompilationDatabase &DB,
              const std::vector<VerifyUnit> &Units, const RunOptions &RO,
              bool Severe) {
  VerifyResult Result;
  PlanOptions PO = Opts;
  PO.Excluded.resize(Records.size(), false);

  // Every spelling of every edited file, by real path.
  std::map<std::string, std::set<std::string>> Spellings;
  for (const Record &R : Records) {
    std::vector<tooling::Replacement> Edits = R.edits();
    for (size_t I = 0; I < Edits.size() && I < R.RealEdits.size(); ++I) {
      std::string Real = R.RealEdits[I].getFilePath().str();
      Spellings[Real].insert(Real);
      Spellings[Real].insert(Edits[I].getFilePath().str());
    }
  }

  // A TU that verified with the same rewritten content of its files is not
  // parsed again in a later round.
  std::map<size_t, uint64_t> Verified;

  for (;;) {
    Result.Plan = planFixes(Records, SeenHashes, PO);
    const FixPlan &Plan = Result.Plan;
    if (Plan.Files.empty())
      return Result;

    std::map<std::string, const std::string *> Overlay;
    for (const auto &[Path, FP] : Plan.Files)
      for (const std::string &S : Spellings[Path])
        Overlay[S] = &FP.Fixed;

    // The TUs to parse this round, and the key of what they would see.
    std::vector<std::pair<size_t, uint64_t>> Pending;
    for (size_t U = 0; U < Units.size(); ++U) {
      std::string Key;
      for (const std::string &F : Units[U].Touched) {
        auto It = Plan.Files.find(F);
        if (It != Plan.Files.end())
          Key += F + '\0' + It->second.Fixed + '\0';
      }
      if (Key.empty())
        continue;
      uint64_t Hash = llvm::xxh3_64bits(Key);
      auto It = Verified.find(U);
      if (It != Verified.end() && It->second == Hash)
        continue;
      Pending.push_back({U, Hash});
    }

    // Parse them (in parallel, -j), each with the whole rewritten tree.
    std::vector<std::vector<ParseError>> Found(Pending.size());
    std::vector<unsigned> ParsesOf(Pending.size(), 0);
    auto Work = [&](size_t P) {
      size_t U = Pending[P].first;
      std::vector<tooling::CompileCommand> Cmds =
          DB.getCompileCommands(Units[U].MainFile);
      if (Units[U].Command >= Cmds.size()) {
        Found[P] = {{"", 0, 0, 0, "no compile command for this file"}};
        return;
      }
      const tooling::CompileCommand &Cmd = Cmds[Units[U].Command];
      std::vector<ParseError> After = parseWith(Cmd, RO, Overlay);
      ++ParsesOf[P];
      if (After.empty())
        return;
      // Only errors the rewrite introduced count: compare with a parse of
      // the tree as it is (needed only now, so a clean plan costs one parse).
      std::vector<ParseError> Before = parseWith(Cmd, RO, {});
      ++ParsesOf[P];
      Found[P] = newErrors(After, Before);
    };
    forEachIndex(RO.Jobs, Pending.size(), Work);

    bool Rejected = false;
    OriginalPositions Positions;
    for (size_t P = 0; P < Pending.size(); ++P) {
      Result.Parses += ParsesOf[P];
      size_t U = Pending[P].first;
      if (Found[P].empty()) {
        Verified[U] = Pending[P].second;
        continue;
      }
      Located Error = locate(Found[P].front(), Plan, Positions);
      // Every file this TU's fixes rewrite is held back, with every fix in
      // it; the next round re-plans without them.
      for (size_t I = 0; I < Records.size(); ++I) {
        if (PO.Excluded[I] || !(I < Plan.Applied.size() && Plan.Applied[I]))
          continue;
        bool Hit = false;
        for (const tooling::Replacement &E : Records[I].RealEdits)
          Hit = Hit || (Units[U].Touched.count(E.getFilePath().str()) &&
                        Plan.Files.count(E.getFilePath().str()));
        if (!Hit)
          continue;
        PO.Excluded[I] = true;
        Rejected = true;
        Result.Rejections.push_back(
            {I, rejection(Records[I], Error, Plan, Positions, Severe)});
      }
    }
    if (!Rejected)
      return Result;
  }
}

void insertRecords(std::vector<Record> &Records, FixPlan &Plan,
                   std::vector<std::pair<size_t, Record>> Extra) {
  if (Extra.empty())
    return;
  // A record is rejected at most once: the indices are unique.
  llvm::sort(Extra,
             [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<Record> Out;
  std::vector<bool> Applied;
  std::vector<size_t> NewIndex(Records.size());
  Out.reserve(Records.size() + Extra.size());
  size_t X = 0;
  for (size_t I = 0; I < Records.size(); ++I) {
    NewIndex[I] = Out.size();
    Out.push_back(std::move(Records[I]));
    Applied.push_back(I < Plan.Applied.size() && Plan.Applied[I]);
    for (; X < Extra.size() && Extra[X].first == I; ++X) {
      Out.push_back(std::move(Extra[X].second));
      Applied.push_back(false);
    }
  }
  Records = std::move(Out);
  Plan.Applied = std::move(Applied);
  for (auto &[Path, FP] : Plan.Files)
    for (size_t &I : FP.Findings)
      I = NewIndex[I];
}

} // namespace tmigrate
