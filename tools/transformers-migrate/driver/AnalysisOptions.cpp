//===- AnalysisOptions.cpp ------------------------------------------------===//

#include "driver/AnalysisOptions.h"
#include "driver/ToolArguments.h"
#include "input/CheckConfig.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace tmigrate {

using namespace llvm;

cl::OptionCategory &analysisCategory() {
  static cl::OptionCategory Category("transformers-tidy analysis options");
  return Category;
}

namespace {

cl::opt<std::string>
    Checks("checks", cl::value_desc("globs"),
           cl::desc("Comma-separated globs of checks to run, as clang-tidy's "
                    "--checks (default: transformers-*), appended to the "
                    "configuration's Checks"),
           cl::cat(analysisCategory()));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors", cl::value_desc("globs"),
    cl::desc("Upgrade the warnings of these checks to errors, as clang-tidy's "
             "--warnings-as-errors (same format as --checks; appended to "
             "the configuration's WarningsAsErrors)"),
    cl::cat(analysisCategory()));
cl::opt<std::string>
    Config("config", cl::value_desc("yaml"),
           cl::desc("Configuration in YAML/JSON, as clang-tidy's --config "
                    "(replaces .clang-tidy files)"),
           cl::cat(analysisCategory()));
cl::opt<std::string> ConfigFile(
    "config-file", cl::value_desc("filename"),
    cl::desc("Read the configuration from this file (replaces .clang-tidy "
             "files)"),
    cl::cat(analysisCategory()));
cl::list<std::string>
    ExtraArgs("extra-arg",
              cl::desc("Additional argument to append to the compiler "
                       "command line"),
              cl::cat(analysisCategory()));
cl::list<std::string> ExtraArgsBefore(
    "extra-arg-before",
    cl::desc("Additional argument to prepend to the compiler command line"),
    cl::cat(analysisCategory()));
cl::opt<std::string> ResourceDir(
    "resource-dir", cl::value_desc("dir"),
    cl::desc("Clang resource directory (builtin headers); default: the one "
             "of the LLVM the program was built with"),
    cl::init(TT_MIGRATE_RESOURCE_DIR), cl::cat(analysisCategory()));
cl::opt<bool> NoPrefilter(
    "no-prefilter",
    cl::desc("Parse every file, even one whose dependency scan shows it "
             "cannot reach the library's headers or a configured type"),
    cl::cat(analysisCategory()));
cl::list<std::string> PrefilterMarker(
    "prefilter-library-header", cl::value_desc("hdr"),
    cl::desc("A header marking the library's include directory: a file below "
             "<root>/<dir>/ is a library header when <root>/<dir>/<header> "
             "exists (default: transformers/cache_utils.h; repeatable)"),
    cl::cat(analysisCategory()));

} // namespace

Error checkAnalysisOptions() {
  for (const std::string &M : PrefilterMarker)
    if (sys::path::parent_path(M).empty() || sys::path::filename(M).empty())
      return createStringError(
          inconvertibleErrorCode(),
          "--prefilter-library-header expects dir/header, got '" + M + "'");
  return Error::success();
}

void applyConfigOptions(ConfigRequest &R) {
  R.Checks = Checks;
  R.WarningsAsErrors = WarningsAsErrors;
  R.Config = Config;
  R.ConfigFile = ConfigFile;
}

void applyParseOptions(RunOptions &R) {
  R.ResourceDir = ResourceDir;
  R.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  R.ExtraArgsBefore.assign(ExtraArgsBefore.begin(), ExtraArgsBefore.end());
}

void warnAboutResourceDir(StringRef Tool, raw_ostream &Errs) {
  if (!ResourceDir.empty() &&
      !sys::fs::exists(ResourceDir + "/include/stddef.h"))
    Errs << Tool << ": warning: no builtin headers in '" << ResourceDir
         << "/include'; pass --resource-dir\n";
}

bool prefilterEnabled() { return !NoPrefilter; }

std::vector<std::string> libraryMarkers() {
  return {PrefilterMarker.begin(), PrefilterMarker.end()};
}

} // namespace tmigrate
