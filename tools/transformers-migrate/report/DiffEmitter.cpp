//===- DiffEmitter.cpp - --diff: unified diff of the planned fixes --------===//
//
// Hunks are derived from the edits themselves (no general diff algorithm):
// every group of edits touching the same original lines becomes one change
// block, blocks closer than 2*3 lines share a hunk with 3 lines of context.
// Lines keep their terminators, so CRLF files diff as CRLF.
//
//===----------------------------------------------------------------------===//

#include "report/Emitters.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cstdio>

namespace tmigrate {

namespace {

constexpr unsigned Context = 3;

std::vector<llvm::StringRef> splitLines(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Lines;
  while (!Text.empty()) {
    size_t NL = Text.find('\n');
    if (NL == llvm::StringRef::npos) {
      Lines.push_back(Text);
      break;
    }
    Lines.push_back(Text.take_front(NL + 1));
    Text = Text.drop_front(NL + 1);
  }
  return Lines;
}

/// A change: original lines [Begin, End) replaced by New.
struct Block {
  unsigned Begin, End;
  std::vector<std::string> New;
};

void printLine(llvm::raw_ostream &OS, char Tag, llvm::StringRef Line) {
  OS << Tag << Line;
  if (!Line.ends_with("\n"))
    OS << "\n\\ No newline at end of file\n";
}

std::string displayPath(llvm::StringRef Path) {
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd)) {
    llvm::StringRef P = Path;
    if (P.consume_front(Cwd) && P.consume_front("/"))
      return P.str();
  }
  return Path.str();
}

/// A file name in a "---"/"+++" line. Names with a control character
/// (newline, tab), a double quote or a backslash are written as a C string,
/// as git and GNU diff do, so that patch and git apply read them back.
std::string headerName(llvm::StringRef Prefix, llvm::StringRef Name) {
  std::string Full = (Prefix + Name).str();
  if (llvm::none_of(Full, [](unsigned char C) {
        return C < 0x20 || C == 0x7f || C == '"' || C == '\\';
      }))
    return Full;
  std::string Out = "\"";
  for (unsigned char C : Full) {
    switch (C) {
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    case '"':
    case '\\':
      Out += '\\';
      Out += char(C);
      break;
    default:
      if (C < 0x20 || C == 0x7f) {
        char Oct[5];
        snprintf(Oct, sizeof(Oct), "\\%03o", C);
        Out += Oct;
      } else {
        Out += char(C);
      }
    }
  }
  return Out + "\"";
}

} // namespace

void emitDiff(const FixPlan &Plan, llvm::raw_ostream &OS) {
  for (const auto &[Path, FP] : Plan.Files) {
    llvm::StringRef Orig = FP.Original;
    std::vector<llvm::StringRef> Lines = splitLines(Orig);
    std::vector<unsigned> Starts;
    for (unsigned I = 0, Off = 0; I < Lines.size(); Off += Lines[I].size(), ++I)
      Starts.push_back(Off);
    auto LineOf = [&](unsigned Offset) -> unsigned {
      auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
      return It == Starts.begin() ? 0 : unsigned(It - Starts.begin()) - 1;
    };

    // Group edits by the original lines they touch.
    std::vector<Block> Blocks;
    std::vector<std::vector<const clang::tooling::Replacement *>> Groups;
    for (const clang::tooling::Replacement &E : FP.Edits) {
      unsigned B = Lines.empty() ? 0 : LineOf(E.getOffset());
      unsigned End =
          E.getLength() ? LineOf(E.getOffset() + E.getLength() - 1) : B;
      if (!Blocks.empty() && B < Blocks.back().End) {
        Blocks.back().End = std::max(Blocks.back().End, End + 1);
        Groups.back().push_back(&E);
      } else {
        Blocks.push_back({B, End + 1, {}});
        Groups.push_back({&E});
      }
    }
    for (size_t G = 0; G < Blocks.size(); ++G) {
      Block &Bk = Blocks[G];
      Bk.End = std::min<unsigned>(Bk.End, Lines.size());
      unsigned From = Bk.Begin < Starts.size() ? Starts[Bk.Begin] : Orig.size();
      unsigned To = Bk.End < Starts.size() ? Starts[Bk.End] : Orig.size();
      std::string Text;
      unsigned Pos = From;
      for (const clang::tooling::Replacement *E : Groups[G]) {
        Text += Orig.slice(Pos, E->getOffset()).str();
        Text += E->getReplacementText();
        Pos = E->getOffset() + E->getLength();
      }
      Text += Orig.slice(Pos, To).str();
      for (llvm::StringRef L : splitLines(Text))
        Bk.New.push_back(L.str());
    }

    std::string Name = displayPath(Path);
    bool Relative = !llvm::sys::path::is_absolute(Name);
    OS << "--- " << headerName(Relative ? "a/" : "", Name) << "\n";
    OS << "+++ " << headerName(Relative ? "b/" : "", Name) << "\n";
    int Delta = 0; // new line number - old line number so far
    for (size_t I = 0; I < Blocks.size();) {
      size_t J = I;
      while (J + 1 < Blocks.size() &&
             Blocks[J + 1].Begin <= Blocks[J].End + 2 * Context)
        ++J;
      unsigned HB = Blocks[I].Begin > Context ? Blocks[I].Begin - Context : 0;
      unsigned HE =
          std::min<unsigned>(Blocks[J].End + Context, unsigned(Lines.size()));
      unsigned OldLen = HE - HB, NewLen = OldLen;
      for (size_t K = I; K <= J; ++K)
        NewLen =
            NewLen - (Blocks[K].End - Blocks[K].Begin) + Blocks[K].New.size();
      unsigned OldStart = OldLen ? HB + 1 : HB;
      unsigned NewStart = NewLen ? HB + 1 + Delta : HB + Delta;
      OS << "@@ -" << OldStart << "," << OldLen << " +" << NewStart << ","
         << NewLen << " @@\n";
      unsigned L = HB;
      for (size_t K = I; K <= J; ++K) {
        for (; L < Blocks[K].Begin; ++L)
          printLine(OS, ' ', Lines[L]);
        for (; L < Blocks[K].End; ++L)
          printLine(OS, '-', Lines[L]);
        for (const std::string &N : Blocks[K].New)
          printLine(OS, '+', N);
        Delta +=
            int(Blocks[K].New.size()) - int(Blocks[K].End - Blocks[K].Begin);
      }
      for (; L < HE; ++L)
        printLine(OS, ' ', Lines[L]);
      I = J + 1;
    }
  }
  OS.flush();
}

} // namespace tmigrate
