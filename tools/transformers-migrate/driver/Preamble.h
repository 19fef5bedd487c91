//===- Preamble.h - A file's precompiled preamble, for reparses -*- C++ -*-===//
//
// An editor asks for the analysis of a document after every edit, and most
// edits leave its leading #include lines alone. Those lines and what they
// include (the library, the STL: nearly all of the parse) are its preamble:
// clang can precompile it once (clang::PrecompiledPreamble, as clangd does)
// and parse the rest of the file against it, again after each edit, for as
// long as PrecompiledPreamble::CanReuse and the checks below say that the
// preamble is still the one the file would include.
//
// A PreambleCache is one file's: the language server keeps one per open
// document (PreambleStore.h) and hands it to TidyWorker::run, which asks it
// to ready each parse's invocation (prepare()). transformers-migrate passes
// none: every TU is parsed whole, as before.
//
// The preamble is built from the parse's own invocation and file system (the
// compile command after the tool's adjusters, the unsaved buffers), with the
// system function bodies skipped exactly when the parse skips them (one
// preamble per mode: the driver's second parse with every body has its own),
// so the AST is the one a whole parse makes. It is not used (the file is
// parsed whole) when:
//  * the main file is not an unsaved buffer (a file read from disk may
//    change under the parse; the server passes every open document as one);
//  * the preamble's own parse reported an error, or a warning that the
//    session reports (an enabled clang-diagnostic-* check): its diagnostics
//    are not replayed into the parse that uses it, and a TU with an error
//    in its preamble must still fail;
//  * a file it read changed on disk while it was built.
// The preamble is rebuilt when its text, the command line, or a file it
// read (on disk, or an unsaved buffer by content) changed.
//
// The templates the preamble's own code uses are instantiated when it is
// built (clang's -fpch-instantiate-templates), not again at the end of every
// parse that uses it (a third of such a parse otherwise, on the example
// app). Instantiating them there rather than at the end of the TU, as a
// whole parse does, can only differ where points of instantiation give a
// template different meanings, which [temp.point] makes ill-formed (no
// diagnostic required); a template that the preamble uses and the main
// file defines is still instantiated at the end of the TU.
//
// What a parse with a preamble reports is what the whole parse reports, but
// for two things the language server does not use: clang-tidy's counters
// (TUResult::Stats) do not count the preamble's own compiler warnings, and
// the files the preamble read are not among the files the parse read
// (TUResult::ReadOutputs).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_PREAMBLE_H
#define TRANSFORMERS_MIGRATE_PREAMBLE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <mutex>

namespace clang {
class CompilerInvocation;
class Decl;
class PCHContainerOperations;
class PrecompiledPreamble;
class SourceManager;
} // namespace clang

namespace tmigrate {

/// The function bodies a parse skips when it skips system bodies (and so
/// its preamble's parse): those declared in a system header.
bool isSkippedSystemBody(const clang::Decl &D, const clang::SourceManager &SM);

/// What one parse that uses a preamble keeps alive until it ends: the
/// preamble and the main file's text the invocation was pointed at.
struct PreambleUse {
  ~PreambleUse();
  std::shared_ptr<const clang::PrecompiledPreamble> Preamble;
  std::unique_ptr<llvm::MemoryBuffer> MainFile;
};

/// One file's preamble (two: one per body mode), rebuilt as needed.
/// Thread-safe; meant for one document's analyses, one at a time.
class PreambleCache {
public:
  PreambleCache();
  ~PreambleCache();
  PreambleCache(const PreambleCache &) = delete;
  PreambleCache &operator=(const PreambleCache &) = delete;

  /// How the cache has served its parses (tests, logs).
  struct Counters {
    unsigned Built = 0;    ///< preambles built
    unsigned Reused = 0;   ///< parses that used an existing preamble
    unsigned Unusable = 0; ///< parses without one (see the file comment)
  };
  Counters counters() const;

  /// Whether the session reports a compiler diagnostic of this check name
  /// ("clang-diagnostic-<flag>").
  using ReportedFn = llvm::function_ref<bool(llvm::StringRef CheckName)>;

  /// The driver's (TidyWorker::run): readies \p Invocation, the parse about
  /// to run over \p FS, to use the preamble of its main file, building one
  /// first if needed. On success \p Invocation and \p FS are patched and the
  /// result must outlive the parse; null: parse as without a cache.
  /// \p Unsaved: the unsaved buffers by absolute path.
  std::unique_ptr<PreambleUse> prepare(
      clang::CompilerInvocation &Invocation,
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
      bool SkipSystemBodies, const llvm::StringMap<llvm::StringRef> &Unsaved,
      std::shared_ptr<clang::PCHContainerOperations> PCH, ReportedFn Reported);

  /// A preamble and what decides whether it may serve a parse (public for
  /// the helpers in Preamble.cpp).
  struct Variant;

private:
  mutable std::mutex Mutex;
  /// One preamble per body mode (index: SkipSystemBodies).
  std::unique_ptr<Variant> Variants[2];
  Counters Count;
};

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_PREAMBLE_H
