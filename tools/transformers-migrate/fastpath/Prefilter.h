//===- Prefilter.h - Skip TUs that cannot reach the library ----*- C++ -*-===//
//
// The first way not to parse a translation unit (DESIGN.md §3, issue 5):
// before the full parse, clang's dependency-directives scanner
// preprocesses the TU with its real command line (macros, #if and
// macro-expanded #include operands evaluated, transitive includes followed)
// and lists every file it reads. The TU is analysed iff
//   (a) one of those files is a library header: a file below a directory D
//       such that D/<marker> exists for a configured marker (default
//       "transformers/cache_utils.h"; a file "<R>/transformers/x/y.h" is a
//       library header when "<R>/transformers/cache_utils.h" exists), or
//   (b) those files and the command line together spell, as identifiers
//       (IdentifierScan.h: tokens, not comments or string literals), what
//       one enabled check needs: its catalog entry's needs
//       (CheckCatalog.h), each a choice of qualified names (fixed ones and
//       the entries of the check's type options, as it read them), one of
//       which must be spelled, every component of it. An enabled check
//       without declared needs makes every TU relevant.
// The tool knows no check: the catalog says what each one needs.
// Why (b) is sound. A check declares as needs types that any of its
// findings involves. A finding of transformers-legacy-cache is a conversion
// to a type a SinkTypes entry names, of a value whose type has tensors a
// TensorTypes entry names; one of transformers-cache-implementation-conflict
// is a call with a sink and a GenerationConfig. So some sink entry and some
// tensor (or GenerationConfig) entry name types in the TU. An entry names a
// type by qualified lookup (TypeNames.h): each component is found as a
// namespace, namespace alias, class, typedef or using-declaration, and each
// of those is declared with its name as an identifier token, in a file the
// TU reads or in a -D macro of its command line (a macro's body is lexed
// too). Identifiers come from the raw lexer, which sees every token the
// preprocessor can see (code under #if 0 as well: a superset) and joins
// line splices. The one way around it is a name built by ## token pasting
// outside the library's headers, which (a) covers.
// Why a skip never changes the verdict (issue 26). A skipped TU is one in
// which clang-tidy would find nothing and fail on nothing, so the scan must
// fail wherever preprocessing does, and then the TU is parsed, neither
// skipped nor cached:
//  - any error the scan reports counts (an unterminated #if, a header not
//    found, includes nested deeper than clang's limit), not only a scan
//    that cannot run (unsupported flags);
//  - the scanner drops the directives it does not need, #error among them:
//    it reads each source with an include of a path that cannot exist put
//    before every directive that can fail a compilation by itself (#error,
//    #warning, which -Werror=#warnings makes one, #pragma GCC error,
//    invalid ones; IdentifierScan.h), so it fails where clang evaluates one;
//  - a file that is not regular is unknown content, never read here: a
//    device (/dev/zero has no end) or a named pipe (opening one waits for a
//    writer, and what is read is gone); so is a file that cannot be read.
//    The scan reads a device as clang does (as much as its size says:
//    nothing) and never opens a pipe: it fails, the TU is parsed, and the
//    parse reads the pipe once, as clang does (StableFileSystem.h).
// What only a parse finds, the scan cannot: a skipped TU's semantic errors
// (an undeclared name, a failed static_assert, a _Pragma("GCC error") in
// code) are not reported, and it gives exit 0 where --no-prefilter gives 3.
// No finding hides behind them: a TU with errors is not analysed.
//
// The scan's file list and the per-file digests are also what the result
// cache keys a TU by (ResultCache.h); FastPath.h combines the two.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_PREFILTER_H
#define TRANSFORMERS_MIGRATE_PREFILTER_H

#include "input/CheckConfig.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tmigrate {

/// What a TU must spell for an enabled check to find anything in it, rule
/// (b) above: every need of one check, as its catalog entry declares them
/// (CheckCatalog.h), with its type options' entries as configured.
struct Relevance {
  /// A qualified name as the identifiers that spell it: indices into
  /// Identifiers.
  using Spelling = std::vector<unsigned>;
  /// Names of which a TU must spell one (a catalog entry's NameChoice).
  using Choice = std::vector<Spelling>;

  std::vector<std::string> Identifiers;    // sorted, unique
  std::vector<std::vector<Choice>> Checks; // per enabled check, its needs
  bool Always = false; // an enabled check that may find anything anywhere
  std::string Key;     // Identifiers joined: the per-file cache's key

  explicit Relevance(const FileConfig &Config);

  /// Whether a TU whose files spell \p Spelled (one flag per Identifiers
  /// entry) may have a finding: it meets every need of one enabled check.
  bool reaches(const std::vector<bool> &Spelled) const;
};

/// The scan and the relevance decision, and what they learn of each file
/// (its digest, the identifiers it spells), remembered for the run.
/// Thread-safe.
class Prefilter {
public:
  /// \p LibraryMarkers: rule (a)'s markers.
  explicit Prefilter(std::vector<std::string> LibraryMarkers);
  ~Prefilter();

  /// Lists in \p Files what the TU with \p CommandLine (as the parse runs
  /// it) in \p Directory reads. False when the scan cannot tell, or the TU
  /// does not preprocess: then it must be parsed, and not cached.
  bool scan(const std::vector<std::string> &CommandLine,
            const std::string &Directory, std::vector<std::string> &Files);

  /// Whether the TU that \p CommandLine compiles and that reads \p Files
  /// (a successful scan's list) may have a finding: rule (a) or (b), or a
  /// file it cannot read (unknown content).
  bool reaches(const Relevance &Names,
               const std::vector<std::string> &CommandLine,
               const std::vector<std::string> &Files);

  /// A copy of what is known of one file: its digest and which of a
  /// Relevance's identifiers it spells (the per-file map may grow
  /// concurrently, so no reference escapes the lock).
  struct FileFacts {
    bool Ok = false;    // a regular file that could be read
    std::string Digest; // BLAKE3 of its content, raw bytes
    std::vector<bool> Spelled;
  };
  /// \p File's facts, read once per run (and once more per Relevance).
  FileFacts fileInfo(const std::string &File, const Relevance &Names);

private:
  bool isLibraryHeader(llvm::StringRef File);

  struct FileInfo {
    bool Ok = false;
    std::string Digest; // BLAKE3, raw bytes
    /// Relevance::Key -> which of its identifiers the file spells.
    std::map<std::string, std::vector<bool>> Spelled;
  };
  struct ScanState;

  std::vector<std::string> LibraryMarkers;
  std::unique_ptr<ScanState> Scanner;
  std::mutex Mutex; // guards Files and LibraryDirs
  std::map<std::string, FileInfo> Files;
  std::map<std::string, bool> LibraryDirs;
};

} // namespace tmigrate

#endif
