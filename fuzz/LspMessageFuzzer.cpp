//===- LspMessageFuzzer.cpp - fuzz-lsp-messages ---------------------------===//
//
// transformers-tidy-lsp's message layer, fed what a client (or a broken
// pipe) might send: the input is the byte stream on the server's stdin. It
// is decoded into frames (protocol/Framing.h) and each content is handled
// by the server (server/Server.h) as in a session, with a queue that
// "analyses" each snapshot at once: a finding with a fix in the middle of
// the document's text, so that publishing and code actions run on every
// text the fuzzer makes. Checks, beside the sanitizers:
//  - decoding the stream whole and byte by byte gives the same frames;
//  - every message the server writes is one JSON-RPC 2.0 object;
//  - in every open document's text, positions and offsets convert back
//    (LineTable), in each encoding.
// No analysis runs and nothing is read from or written to disk beyond
// what the server itself reads (regular files only).
//
//===----------------------------------------------------------------------===//

#include "FuzzCheck.h"
#include "protocol/Framing.h"
#include "protocol/Positions.h"
#include "server/Server.h"
#include <fcntl.h>
#include <unistd.h>

using namespace tlsp;

namespace {

struct Frames {
  std::vector<std::string> Events; // "M" + content, or "E" + error
};

Frames decode(llvm::StringRef Input, size_t Piece) {
  Frames F;
  FrameDecoder D;
  auto Drain = [&] {
    std::string Content, Error;
    while (true) {
      FrameDecoder::Kind K = D.next(Content, Error);
      if (K == FrameDecoder::Kind::NeedMore)
        return;
      F.Events.push_back(K == FrameDecoder::Kind::Message ? "M" + Content
                                                          : "E" + Error);
    }
  };
  for (size_t I = 0; I < Input.size(); I += Piece) {
    D.feed(Input.substr(I, Piece));
    Drain();
  }
  return F;
}

/// Completes each snapshot at once with one finding whose fix wraps the
/// middle of the text (or none, for an empty text).
class ImmediateQueue : public AnalysisQueue {
public:
  std::vector<Snapshot> Pending;
  void schedule(Snapshot S) override { Pending.push_back(std::move(S)); }
  void cancel(const std::string &Uri) override {
    llvm::erase_if(Pending, [&](const Snapshot &S) { return S.Uri == Uri; });
  }
};

AnalysisResult analysed(const Snapshot &S) {
  AnalysisResult R;
  R.Uri = S.Uri;
  R.Path = S.Path;
  R.Version = S.Version;
  std::string Text;
  for (const tmigrate::UnsavedFile &U : S.Unsaved)
    if (U.Path == S.Path)
      Text = U.Contents;
  R.Texts[S.Path] = Text;
  if (Text.empty())
    return R;
  unsigned Mid = Text.size() / 2, Len = std::min<size_t>(3, Text.size() - Mid);
  tmigrate::Record F;
  F.Diag.DiagnosticName = "transformers-legacy-cache";
  F.Diag.Message.Message = "fuzz";
  F.Diag.Message.FilePath = S.Path;
  F.Diag.Message.FileOffset = Mid;
  clang::tooling::FileByteRange Range;
  Range.FilePath = S.Path;
  Range.FileOffset = Mid;
  Range.Length = Len;
  F.Diag.Message.Ranges.push_back(Range);
  auto &Fix = F.Diag.Message.Fix[S.Path];
  if (Mid > 0) // two insertions at one offset would be one edit
    llvm::cantFail(Fix.add(clang::tooling::Replacement(S.Path, 0, 0, "#i\n")));
  llvm::cantFail(Fix.add(clang::tooling::Replacement(S.Path, Mid, 0, "W(")));
  llvm::cantFail(
      Fix.add(clang::tooling::Replacement(S.Path, Mid + Len, 0, ")")));
  clang::tooling::DiagnosticMessage Note;
  Note.Message = "note";
  Note.FilePath = S.Path;
  Note.FileOffset = Text.size(); // the end of the text is a position too
  F.Diag.Notes.push_back(Note);
  R.Findings.push_back(std::move(F));
  return R;
}

void checkPositions(llvm::StringRef Text) {
  LineTable Lines(Text);
  size_t Step = std::max<size_t>(1, Text.size() / 64);
  for (PositionEncoding E : {PositionEncoding::UTF8, PositionEncoding::UTF16,
                             PositionEncoding::UTF32})
    for (size_t Off = 0; Off <= Text.size(); Off += Step) {
      size_t Back = Lines.offset(Lines.position(Off, E), E);
      // An offset inside a character maps to the character's start.
      TT_FUZZ_CHECK(Back <= Off && Off - Back < 4,
                    "offset " << Off << " came back as " << Back);
      TT_FUZZ_CHECK(Lines.offset(Lines.position(Back, E), E) == Back,
                    "offset " << Back << " is not stable");
    }
}

/// Reads and checks what the server wrote so far.
void checkOutput(int FD, FrameDecoder &D) {
  char Buf[65536];
  ssize_t N;
  while ((N = read(FD, Buf, sizeof(Buf))) > 0)
    D.feed(llvm::StringRef(Buf, N));
  std::string Content, Error;
  while (true) {
    FrameDecoder::Kind K = D.next(Content, Error);
    if (K == FrameDecoder::Kind::NeedMore)
      return;
    TT_FUZZ_CHECK(K == FrameDecoder::Kind::Message,
                  "the server wrote a bad frame: " << Error);
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Content);
    TT_FUZZ_CHECK(bool(V), "the server wrote something that is not JSON: "
                               << llvm::toString(V.takeError()));
    const llvm::json::Object *O = V->getAsObject();
    TT_FUZZ_CHECK(O && O->getString("jsonrpc") == "2.0",
                  "the server wrote a message that is not JSON-RPC 2.0");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  Frames Whole = decode(Input, Input.size() ? Input.size() : 1);
  Frames Bytewise = decode(Input, 1);
  TT_FUZZ_CHECK(Whole.Events == Bytewise.Events,
                "decoding in one piece and byte by byte differ");

  int Fds[2];
  TT_FUZZ_CHECK(pipe2(Fds, O_NONBLOCK) == 0, "pipe2");
  fcntl(Fds[1], F_SETPIPE_SZ, 1 << 20);
  {
    MessageWriter Out(Fds[1]);
    ImmediateQueue Queue;
    Server S(Out, ServerOptions());
    S.setQueue(Queue);
    FrameDecoder Output;
    for (const std::string &E : Whole.Events) {
      if (E[0] != 'M')
        continue;
      bool Go = S.handle(llvm::StringRef(E).drop_front());
      std::vector<Snapshot> Done = std::move(Queue.Pending);
      Queue.Pending.clear();
      for (const Snapshot &Sn : Done) {
        for (const tmigrate::UnsavedFile &U : Sn.Unsaved)
          checkPositions(U.Contents);
        S.onResult(analysed(Sn));
      }
      checkOutput(Fds[0], Output);
      if (!Go)
        break;
    }
  }
  close(Fds[0]);
  close(Fds[1]);
  return 0;
}
