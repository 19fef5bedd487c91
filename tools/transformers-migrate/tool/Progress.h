//===- Progress.h - One updating status line on a terminal -----*- C++ -*-===//

#ifndef TRANSFORMERS_MIGRATE_PROGRESS_H
#define TRANSFORMERS_MIGRATE_PROGRESS_H

#include <map>
#include <string>

namespace tmigrate {

/// "[done/total] N findings  current-file" on stderr, rewritten in place;
/// silent when stderr is not a terminal (CI logs, pipes, lit).
class Progress {
public:
  Progress(unsigned Total, bool Enabled);
  ~Progress();
  /// One translation unit of \p File done; the file counts as done with
  /// the last of its compile commands (\p Commands of them).
  void unitDone(const std::string &File, unsigned NewFindings,
                unsigned Commands);
  /// Erases the line before other output is printed.
  void finish();

private:
  unsigned Total, Done = 0, Findings = 0;
  std::map<std::string, unsigned> UnitsOf; // files with several commands
  bool Enabled, Shown = false;
};

} // namespace tmigrate

#endif
