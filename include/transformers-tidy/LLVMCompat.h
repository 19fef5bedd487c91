//===- LLVMCompat.h - The one place LLVM 19 and LLVM 22 differ --*- C++ -*-===//
//
// transformers-tidy builds against LLVM 19 and LLVM 22 (-DLLVM_VERSION=19|22,
// docs/llvm-versions.md). Every API difference between the supported majors
// is bridged here, keyed on LLVM_VERSION_MAJOR of the LLVM being compiled
// against; the rest of the code uses these names and never tests the
// version itself. A threshold is the first *supported* major with the new
// API (some changes landed in LLVM 20 or 21, which are not built here).
//
// It includes no clang-tidy header, so the analysis core may use it too;
// clang-tidy headers are named through macros for #include.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LLVMCOMPAT_H
#define TRANSFORMERS_TIDY_LLVMCOMPAT_H

#include "llvm/Config/llvm-config.h"

#if LLVM_VERSION_MAJOR < 19
#error "transformers-tidy needs LLVM 19 or newer (see docs/llvm-versions.md)"
#endif

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <memory>
#include <string>
#include <vector>

// clang's dependency scanner moved out of Tooling in LLVM 22
// (clang/DependencyScanning/, namespace clang::dependencies).
#if LLVM_VERSION_MAJOR >= 22
#include "clang/DependencyScanning/DependencyScanningService.h"
#include "clang/DependencyScanning/DependencyScanningWorker.h"
#include "clang/Tooling/DependencyScanningTool.h"
#else
#include "clang/Tooling/DependencyScanning/DependencyScanningService.h"
#include "clang/Tooling/DependencyScanning/DependencyScanningWorker.h"
#endif

// The header declaring clang::tidy::ClangTidyModuleRegistry. LLVM 22 moved
// it into ClangTidyModule.h and left ClangTidyModuleRegistry.h as a stub
// that #warns (and is removed in LLVM 24).
//   #include TT_CLANG_TIDY_MODULE_REGISTRY_H
#if LLVM_VERSION_MAJOR >= 22
#define TT_CLANG_TIDY_MODULE_REGISTRY_H "clang-tidy/ClangTidyModule.h"
#else
#define TT_CLANG_TIDY_MODULE_REGISTRY_H "clang-tidy/ClangTidyModuleRegistry.h"
#endif

// clang-tidy's getCheckNames / getCheckOptions take a third flag in LLVM 22
// (ExperimentalCustomChecks), off here as in clang-tidy's default:
//   getCheckNames(Options, /*AllowAlpha=*/false TT_TIDY_CUSTOM_CHECKS_ARG)
#if LLVM_VERSION_MAJOR >= 22
#define TT_TIDY_CUSTOM_CHECKS_ARG , /*ExperimentalCustomChecks=*/false
#else
#define TT_TIDY_CUSTOM_CHECKS_ARG
#endif

// The hint clang-tidy prints after "Suppressed N warnings (... in non-user
// code)"; clang-tidy 22, whose default header filter shows every non-system
// header, also says so. The tool prints the hint of the clang-tidy it is
// built with.
#if LLVM_VERSION_MAJOR >= 22
#define TT_CLANG_TIDY_NON_USER_HINT                                            \
  "Use -header-filter=.* or leave it as default to display errors from all "   \
  "non-system headers. Use -system-headers to display errors from system "     \
  "headers as well."
#else
#define TT_CLANG_TIDY_NON_USER_HINT                                            \
  "Use -header-filter=.* to display errors from all non-system headers. Use "  \
  "-system-headers to display errors from system headers as well."
#endif

// The clang driver's option table (IDs OPT_*) moved from clangDriver to
// clangOptions in LLVM 22 (clang/Options/Options.h, namespace
// clang::options). Named through macros so that only the tool's command-line
// code includes it:
//   #include TT_CLANG_DRIVER_OPTIONS_H
//   namespace opts = TT_CLANG_DRIVER_OPTIONS_NS;
//   const llvm::opt::OptTable &T = TT_CLANG_DRIVER_OPT_TABLE();
#if LLVM_VERSION_MAJOR >= 22
#define TT_CLANG_DRIVER_OPTIONS_H "clang/Options/Options.h"
#define TT_CLANG_DRIVER_OPTIONS_NS clang::options
#define TT_CLANG_DRIVER_OPT_TABLE clang::getDriverOptTable
#else
#define TT_CLANG_DRIVER_OPTIONS_H "clang/Driver/Options.h"
#define TT_CLANG_DRIVER_OPTIONS_NS clang::driver::options
#define TT_CLANG_DRIVER_OPT_TABLE clang::driver::getDriverOptTable
#endif

/// The parameters of RecursiveASTVisitor::TraverseTypeLoc, which LLVM 22
/// extended with TraverseQualifier. An override is declared as
/// `bool TraverseTypeLoc(TT_TRAVERSE_TYPELOC_PARAMS)`, names its TypeLoc
/// `TL`, and forwards with `Base::TraverseTypeLoc(TT_TRAVERSE_TYPELOC_ARGS)`.
#if LLVM_VERSION_MAJOR >= 22
#define TT_TRAVERSE_TYPELOC_PARAMS                                             \
  clang::TypeLoc TL, bool TraverseQualifier = true
#define TT_TRAVERSE_TYPELOC_ARGS TL, TraverseQualifier
#else
#define TT_TRAVERSE_TYPELOC_PARAMS clang::TypeLoc TL
#define TT_TRAVERSE_TYPELOC_ARGS TL
#endif

namespace transformers_tidy::compat {

/// Makes the relative path Path absolute against the directory Base.
/// LLVM 22 moved this from llvm::sys::fs::make_absolute(Base, Path) to
/// llvm::sys::path::make_absolute (sys::fs keeps only the overload that
/// uses the current directory).
inline void makeAbsolute(const llvm::Twine &Base,
                         llvm::SmallVectorImpl<char> &Path) {
#if LLVM_VERSION_MAJOR >= 22
  llvm::sys::path::make_absolute(Base, Path);
#else
  llvm::sys::fs::make_absolute(Base, Path);
#endif
}

/// Owns the DiagnosticOptions of a DiagnosticsEngine / TextDiagnosticPrinter
/// and hands them over as this LLVM's constructors take them (arg()). In
/// LLVM 22 they are a plain object passed by reference that the caller keeps
/// alive; before, they were reference-counted and passed by pointer (the
/// engine retained them). Declare the owner before the objects using it.
class OwnedDiagnosticOptions {
public:
  OwnedDiagnosticOptions() : Opts(new clang::DiagnosticOptions()) {}
  clang::DiagnosticOptions *operator->() { return &*Opts; }
  clang::DiagnosticOptions &operator*() { return *Opts; }
#if LLVM_VERSION_MAJOR >= 22
  clang::DiagnosticOptions &arg() { return *Opts; }

private:
  std::unique_ptr<clang::DiagnosticOptions> Opts;
#else
  clang::DiagnosticOptions *arg() { return Opts.get(); }

private:
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> Opts;
#endif
};

/// A DiagnosticsEngine reporting to \p Client, handed to the
/// clang::tidy::ClangTidyContext \p Ctx for its checks' diagnostics (as
/// clang-tidy's runClangTidy sets it up). In LLVM 22 the context also owns
/// the engine's DiagnosticOptions; before, the engine retained them. The
/// engine must outlive the context's use of it.
template <typename TidyContext>
std::unique_ptr<clang::DiagnosticsEngine>
makeTidyDiagnostics(TidyContext &Ctx, clang::DiagnosticConsumer &Client) {
#if LLVM_VERSION_MAJOR >= 22
  auto Opts = std::make_unique<clang::DiagnosticOptions>();
  auto DE = std::make_unique<clang::DiagnosticsEngine>(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(), *Opts, &Client,
      /*ShouldOwnClient=*/false);
  Ctx.setDiagnosticsEngine(std::move(Opts), DE.get());
#else
  auto DE = std::make_unique<clang::DiagnosticsEngine>(
      new clang::DiagnosticIDs(), new clang::DiagnosticOptions(), &Client,
      /*ShouldOwnClient=*/false);
  Ctx.setDiagnosticsEngine(DE.get());
#endif
  return DE;
}

/// clang's dependency-scanning namespace.
#if LLVM_VERSION_MAJOR >= 22
namespace deps = clang::dependencies;
#else
namespace deps = clang::tooling::dependencies;
#endif

/// deps::DependencyConsumer with defaults for the callbacks added after
/// LLVM 19: LLVM 22's handleVisibleModule (a TU using modules also reports
/// them through handleModuleDependency / handleDirectModuleDependency).
class DependencyConsumer : public deps::DependencyConsumer {
public:
#if LLVM_VERSION_MAJOR >= 22
  void handleVisibleModule(std::string) override {}
#endif
};

/// deps::DependencyActionController with one signature for
/// lookupModuleOutput: LLVM 22 passes the module's ModuleDeps, LLVM 19 its
/// ModuleID. Override lookupModuleOutputFor instead.
class DependencyActionController : public deps::DependencyActionController {
public:
  virtual std::string lookupModuleOutputFor(const deps::ModuleID &ID,
                                            deps::ModuleOutputKind Kind) = 0;

#if LLVM_VERSION_MAJOR >= 22
  std::string lookupModuleOutput(const deps::ModuleDeps &MD,
                                 deps::ModuleOutputKind Kind) final {
    return lookupModuleOutputFor(MD.ID, Kind);
  }
#else
  std::string lookupModuleOutput(const deps::ModuleID &ID,
                                 deps::ModuleOutputKind Kind) final {
    return lookupModuleOutputFor(ID, Kind);
  }
#endif
};

/// Scans the dependencies of one *driver* command line (as in a compilation
/// database). LLVM 22's DependencyScanningWorker::computeDependencies takes
/// only frontend (-cc1) command lines and fails on a driver one without a
/// diagnostic; the driver expansion moved to clang::tooling's free function.
inline bool computeDependencies(deps::DependencyScanningWorker &Worker,
                                llvm::StringRef WorkingDirectory,
                                const std::vector<std::string> &CommandLine,
                                deps::DependencyConsumer &Consumer,
                                deps::DependencyActionController &Controller,
                                clang::DiagnosticConsumer &Diags) {
#if LLVM_VERSION_MAJOR >= 22
  return clang::tooling::computeDependencies(
      Worker, WorkingDirectory, CommandLine, Consumer, Controller, Diags);
#else
  return Worker.computeDependencies(WorkingDirectory, CommandLine, Consumer,
                                    Controller, Diags);
#endif
}

/// Builds the precompiled preamble of \p Main (clang::PrecompiledPreamble::
/// Build, in memory), its parse's diagnostics going to \p Client through an
/// engine of \p Invocation's options. LLVM 22 takes the engine
/// reference-counted, and makes it from a file system and the options by
/// reference.
inline llvm::ErrorOr<clang::PrecompiledPreamble>
buildPreamble(const clang::CompilerInvocation &Invocation,
              const llvm::MemoryBuffer &Main, clang::PreambleBounds Bounds,
              clang::DiagnosticOptions &Opts, clang::DiagnosticConsumer &Client,
              llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,
              std::shared_ptr<clang::PCHContainerOperations> PCH,
              clang::PreambleCallbacks &Callbacks) {
#if LLVM_VERSION_MAJOR >= 22
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Engine =
      clang::CompilerInstance::createDiagnostics(*VFS, Opts, &Client,
                                                 /*ShouldOwnClient=*/false);
  return clang::PrecompiledPreamble::Build(
      Invocation, &Main, Bounds, Engine, std::move(VFS), std::move(PCH),
      /*StoreInMemory=*/true, /*StoragePath=*/"", Callbacks);
#else
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Engine =
      clang::CompilerInstance::createDiagnostics(&Opts, &Client,
                                                 /*ShouldOwnClient=*/false);
  return clang::PrecompiledPreamble::Build(
      Invocation, &Main, Bounds, *Engine, std::move(VFS), std::move(PCH),
      /*StoreInMemory=*/true, /*StoragePath=*/"", Callbacks);
#endif
}

} // namespace transformers_tidy::compat

#endif // TRANSFORMERS_TIDY_LLVMCOMPAT_H
