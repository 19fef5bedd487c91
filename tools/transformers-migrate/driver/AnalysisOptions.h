//===- AnalysisOptions.h - The options every front end takes ---*- C++ -*-===//
//
// The command-line options of an analysis that the driver's front ends
// (transformers-migrate, transformers-tidy-lsp) share, with clang-tidy's
// names and meaning: which checks and configuration (--checks,
// --warnings-as-errors, --config, --config-file), how a translation unit
// is parsed (--extra-arg, --extra-arg-before, --resource-dir) and the
// prefilter (--no-prefilter, --prefilter-library-header). Defined once, so
// that both binaries take the same spelling, meaning and help; each main()
// shows analysisCategory() beside its own options and applies them with the
// functions below. Only the two binaries link this file: an option is
// registered with LLVM's command line when its global is constructed.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_ANALYSISOPTIONS_H
#define TRANSFORMERS_MIGRATE_ANALYSISOPTIONS_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace tmigrate {

struct ConfigRequest;
struct RunOptions;

/// The category of the shared options, for HideUnrelatedOptions and help.
llvm::cl::OptionCategory &analysisCategory();

/// Fails on values no analysis can use (a library marker that is not
/// "dir/header"), saying which.
llvm::Error checkAnalysisOptions();

/// Sets what the shared options say of the configuration: --checks,
/// --warnings-as-errors, --config, --config-file.
void applyConfigOptions(ConfigRequest &R);
/// Sets what they say of the parse: --extra-arg(-before), --resource-dir.
void applyParseOptions(RunOptions &R);
/// Warns on \p Errs when --resource-dir has no builtin headers.
void warnAboutResourceDir(llvm::StringRef Tool, llvm::raw_ostream &Errs);

/// Whether the prefilter runs (no --no-prefilter).
bool prefilterEnabled();
/// --prefilter-library-header's values; empty: the default marker.
std::vector<std::string> libraryMarkers();

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_ANALYSISOPTIONS_H
