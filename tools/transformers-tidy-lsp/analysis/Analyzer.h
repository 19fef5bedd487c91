//===- Analyzer.h - One document's analysis, through the driver -*- C++ -*-===//
//
// Analyses one open document as transformers-migrate analyses a TU: its
// compile command (CommandFinder.h), its configuration (.clang-tidy and the
// command line's overrides, CheckConfig.h), the prefilter, and the driver's
// TidyWorker, which runs the plugin's checks through clang-tidy's library.
// The parse reads the editor's texts: every open document is an unsaved
// buffer over the disk. The result keeps the findings of the document's own
// file, and the texts their edits were computed in, so that positions can
// be given in the client's encoding. Each document's analyses reuse its
// precompiled #include lines (PreambleStore.h).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_ANALYZER_H
#define TRANSFORMERS_TIDY_LSP_ANALYZER_H

#include "analysis/CommandFinder.h"
#include "analysis/PreambleStore.h"
#include "driver/Model.h"
#include "driver/TidyDriver.h"
#include "driver/ToolArguments.h"
#include "fastpath/FastPath.h"
#include "input/CheckConfig.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tlsp {

/// What one analysis reads: a document at one version, and the text of
/// every open document.
struct Snapshot {
  std::string Uri;
  std::string Path;
  int64_t Version = 0;
  std::vector<tmigrate::UnsavedFile> Unsaved;
  /// Every open document's text is what its file holds on disk: the
  /// prefilter, which reads the disk, may decide.
  bool MatchesDisk = false;
};

struct AnalysisResult {
  std::string Uri;
  std::string Path;
  int64_t Version = 0;
  /// The findings in Path, as the driver reported them.
  std::vector<tmigrate::Record> Findings;
  /// The text of each file a finding or an edit is in, as the parse read
  /// it (offsets are into these).
  std::map<std::string, std::string> Texts;
  /// The TU has compiler errors (or could not be parsed) and was not
  /// analysed: the first error, for a log message.
  bool Failed = false;
  std::string FailedBecause;
  /// The prefilter found that the TU cannot reach the library: no parse.
  bool Skipped = false;
  /// The command came from the fallback flags, and why.
  bool FallbackCommand = false;
  std::string CommandSource;
};

struct AnalyzerOptions {
  tmigrate::RunOptions Run;
  bool Prefilter = true;
  std::vector<std::string> LibraryMarkers = {"transformers/cache_utils.h"};
  /// Reuse each document's preamble from one analysis to the next.
  bool ReusePreambles = true;
};

class Analyzer {
public:
  Analyzer(AnalyzerOptions Opts, tmigrate::CheckConfig &Config,
           CommandFinder &Commands)
      : Opts(std::move(Opts)), Config(Config), Commands(Commands) {}

  /// Thread-safe, given one \p Worker per thread.
  AnalysisResult analyse(const Snapshot &S, tmigrate::TidyWorker &Worker);

  tmigrate::CheckConfig &config() { return Config; }

private:
  AnalyzerOptions Opts;
  tmigrate::CheckConfig &Config;
  CommandFinder &Commands;
  PreambleStore Preambles;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_ANALYZER_H
