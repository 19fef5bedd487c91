//===- ExitStatus.cpp - What a run's exit status says ---------------------===//

#include "report/ExitStatus.h"

namespace tmigrate {

ExitCode exitCodeFor(const RunOutcome &O) {
  if (O.IOError)
    return ExitUsage;
  if (O.FailedTUs)
    return ExitFailedTU;
  if (O.RemainingFindings)
    return ExitFindings;
  return ExitClean;
}

} // namespace tmigrate
