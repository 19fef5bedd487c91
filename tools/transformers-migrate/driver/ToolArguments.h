//===- ToolArguments.h - How each translation unit is parsed ---*- C++ -*-===//
//
// The options every parse of a run shares (the analysis, the prefilter's
// scan, the cache key and --verify's re-parse) and the command line they
// make of a compile command, so that all of them parse the same way.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_TOOLARGUMENTS_H
#define TRANSFORMERS_MIGRATE_TOOLARGUMENTS_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <functional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace tmigrate {

class FastPath;

struct RunOptions {
  unsigned Jobs = 0; // 0: all hardware threads
  std::string ResourceDir;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore;
  /// Skip the bodies of functions declared in system headers (unless the
  /// file's configuration reports findings in system headers). Findings are
  /// the same; a compile error that only an instantiated system body shows
  /// is not reported.
  bool SkipSystemFunctionBodies = true;
  /// Prefilter and result cache (FastPath.h); null: parse every TU.
  FastPath *Fast = nullptr;
  /// The output files the user named that exist (OutputTargets.h): a TU
  /// that reads one of them says so (TUResult::ReadOutputs).
  std::vector<llvm::sys::fs::UniqueID> WatchedOutputs;

  /// The file system the analysis reads; null: the real one. (The analysis
  /// fuzzer's in-memory tree.)
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
  /// Run the checks on a TU with compiler errors too, as clang-tidy does,
  /// and keep their findings (the TU is still failed). The tool never does:
  /// fixes computed on a broken AST are not trustworthy. The analysis
  /// fuzzer does, because the plugin under clang-tidy meets broken ASTs.
  bool CheckBrokenCode = false;
  /// Called with each analysed AST after the checks ran (the fuzzer's own
  /// invariants); null: nothing.
  std::function<void(clang::ASTContext &)> InspectAST;
};

/// The tool's own command-line adjustments, after ClangTool's defaults:
/// --extra-arg(-before), -Wno-error, the resource directory.
clang::tooling::ArgumentsAdjuster toolAdjuster(const RunOptions &Opts);

/// The command line the parse of \p Cmd actually uses (ClangTool's own
/// adjusters, then the tool's), for scanning and cache keys.
std::vector<std::string>
toolCommandLine(const clang::tooling::CompileCommand &Cmd,
                const RunOptions &Opts);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_TOOLARGUMENTS_H
