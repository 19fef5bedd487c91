//===- ToolArguments.cpp - How each translation unit is parsed ------------===//

#include "driver/ToolArguments.h"
#include "driver/OutputGuard.h"

using namespace clang::tooling;

namespace tmigrate {

namespace {

bool hasResourceDir(const CommandLineArguments &Args) {
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with("-resource-dir"))
      return true;
  return false;
}

} // namespace

ArgumentsAdjuster toolAdjuster(const RunOptions &Opts) {
  ArgumentsAdjuster A = [](const CommandLineArguments &Args, llvm::StringRef) {
    return Args;
  };
  if (!Opts.ExtraArgsBefore.empty())
    A = combineAdjusters(
        A, getInsertArgumentAdjuster(Opts.ExtraArgsBefore,
                                     ArgumentInsertPosition::BEGIN));
  if (!Opts.ExtraArgs.empty())
    A = combineAdjusters(A, getInsertArgumentAdjuster(
                                Opts.ExtraArgs, ArgumentInsertPosition::END));
  // Warnings promoted by -Werror are not analysis failures.
  A = combineAdjusters(
      A, getInsertArgumentAdjuster("-Wno-error", ArgumentInsertPosition::END));
  std::string ResourceDir = Opts.ResourceDir;
  return combineAdjusters(
      A, [ResourceDir](const CommandLineArguments &Args, llvm::StringRef) {
        if (ResourceDir.empty() || Args.empty() || hasResourceDir(Args))
          return Args;
        CommandLineArguments Out(Args.begin(), Args.begin() + 1);
        Out.push_back("-resource-dir=" + ResourceDir);
        Out.insert(Out.end(), Args.begin() + 1, Args.end());
        return Out;
      });
}

std::vector<std::string> toolCommandLine(const CompileCommand &Cmd,
                                         const RunOptions &Opts) {
  // The same chain ClangTool::run applies: its defaults, then ours (which
  // strip every output-producing option, so neither the scanner nor the
  // cache key sees one).
  ArgumentsAdjuster A =
      combineAdjusters(combineAdjusters(getClangStripOutputAdjuster(),
                                        getClangSyntaxOnlyAdjuster()),
                       combineAdjusters(getClangStripDependencyFileAdjuster(),
                                        toolAdjuster(Opts)));
  return A(stripOutputArguments(Cmd.CommandLine), Cmd.Filename);
}

} // namespace tmigrate
