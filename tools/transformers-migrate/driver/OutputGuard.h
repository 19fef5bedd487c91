//===- OutputGuard.h - Compile commands that write no file -----*- C++ -*-===//
//
// A compile command from a database is the user's build, not the tool's: it
// may ask for a dependency file, serialized diagnostics, a time trace, saved
// temporaries, an object file, a compilation-database fragment (-MJ). The
// tool only reads, so every such request is removed, in two layers:
//
//  1. stripOutputArguments(): on the command line, before the driver, the
//     dependency scanner or a cache key see it. Options are recognised by the
//     driver's own option table, so every spelling and alias counts:
//     -MD/-MMD/-MF/-MJ and the rest of the M group, --write-dependencies,
//     -Wp,-MD,f, -Xpreprocessor -MD, -Xclang -dependency-file -Xclang f,
//     --serialize-diagnostics, -ftime-trace[=f], -save-temps[=...], -o, /Fo,
//     /sourceDependencies, -gen-cdb-fragment-path, -fproc-stat-report.
//  2. neutraliseOutputs(): on the compiler invocation the driver built, every
//     output path clang's frontend would write is cleared, whatever spelling
//     reached it; implicitly built modules go to a private directory the
//     tool removes at exit.
//
// Plugins (-fplugin, -Xclang -load) and -B/-fuse-ld need nothing here: the
// tool's in-process frontend never loads plugins nor runs a subprocess.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_OUTPUTGUARD_H
#define TRANSFORMERS_MIGRATE_OUTPUTGUARD_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include <functional>
#include <memory>

namespace clang {
class CompilerInvocation;
class FrontendAction;
} // namespace clang

namespace tmigrate {

/// \p Args (Args[0] the compiler) without any argument that makes the
/// compiler write a file.
std::vector<std::string>
stripOutputArguments(const std::vector<std::string> &Args);

/// Clears every output path of \p CI (see the file comment).
void neutraliseOutputs(clang::CompilerInvocation &CI);

/// Removes the private module cache, if one was made (called at exit).
void removeModuleScratch();

/// A FrontendActionFactory that neutralises each invocation's outputs before
/// running the action \p Create makes.
class GuardedActionFactory : public clang::tooling::FrontendActionFactory {
public:
  using Creator = std::function<std::unique_ptr<clang::FrontendAction>()>;
  explicit GuardedActionFactory(Creator Create) : Create(std::move(Create)) {}

  std::unique_ptr<clang::FrontendAction> create() override { return Create(); }
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *Files,
                     std::shared_ptr<clang::PCHContainerOperations> PCH,
                     clang::DiagnosticConsumer *Diags) override;

private:
  Creator Create;
};

} // namespace tmigrate

#endif
