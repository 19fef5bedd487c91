//===- Progress.cpp -------------------------------------------------------===//

#include "tool/Progress.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace tmigrate {

Progress::Progress(unsigned Total, bool Enabled)
    : Total(Total),
      Enabled(Enabled && llvm::sys::Process::StandardErrIsDisplayed()) {}

Progress::~Progress() { finish(); }

void Progress::unitDone(const std::string &File, unsigned NewFindings,
                        unsigned Commands) {
  Findings += NewFindings;
  if (Commands > 1 && ++UnitsOf[File] < Commands)
    return;
  ++Done;
  if (!Enabled)
    return;
  std::string Line = "[" + std::to_string(Done) + "/" + std::to_string(Total) +
                     "] " + std::to_string(Findings) + " finding" +
                     (Findings == 1 ? "" : "s") + "  " +
                     llvm::sys::path::filename(File).str();
  unsigned Width = llvm::sys::Process::StandardErrColumns();
  if (Width > 1 && Line.size() >= Width)
    Line.resize(Width - 1);
  llvm::errs() << "\r\033[K" << Line;
  llvm::errs().flush();
  Shown = true;
}

void Progress::finish() {
  if (Shown) {
    llvm::errs() << "\r\033[K";
    llvm::errs().flush();
    Shown = false;
  }
}

} // namespace tmigrate
