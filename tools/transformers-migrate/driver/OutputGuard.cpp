//===- OutputGuard.cpp - Compile commands that write no file --------------===//

#include "driver/OutputGuard.h"
#include "transformers-tidy/LLVMCompat.h"
#include "clang/Driver/Driver.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include <mutex>
#include TT_CLANG_DRIVER_OPTIONS_H

namespace tmigrate {

namespace opts = TT_CLANG_DRIVER_OPTIONS_NS;
using llvm::opt::Arg;
using llvm::opt::InputArgList;

namespace {

/// Driver options that make the compiler (or the driver itself) write a
/// file. The M group holds every dependency-file option and its aliases
/// (--write-dependencies, --user-dependencies, ...).
bool writesFile(const llvm::opt::Option &O) {
  return O.matches(opts::OPT_M_Group) ||
         O.matches(opts::OPT__serialize_diags) ||
         O.matches(opts::OPT_ftime_trace) ||
         O.matches(opts::OPT_ftime_trace_EQ) ||
         O.matches(opts::OPT_save_temps) ||
         O.matches(opts::OPT_save_temps_EQ) || O.matches(opts::OPT_o) ||
         O.matches(opts::OPT__SLASH_Fo) ||
         O.matches(opts::OPT__SLASH_sourceDependencies) ||
         O.matches(opts::OPT_gen_cdb_fragment_path) ||
         O.matches(opts::OPT_fproc_stat_report) ||
         O.matches(opts::OPT_fproc_stat_report_EQ);
}

/// cc1 options (reaching the frontend through -Xclang) that write a file
/// (-diagnostic-log-file appends to any path) or print to standard output,
/// where the tool's report goes (-code-completion-at).
bool cc1WritesFile(const llvm::opt::Option &O) {
  return O.matches(opts::OPT_dependency_file) ||
         O.matches(opts::OPT_diagnostic_log_file) ||
         O.matches(opts::OPT_code_completion_at) ||
         O.matches(opts::OPT_code_completion_at_EQ) ||
         O.matches(opts::OPT_dependency_dot) ||
         O.matches(opts::OPT_header_include_file) ||
         O.matches(opts::OPT_module_dependency_dir) ||
         O.matches(opts::OPT_diagnostic_serialized_file) ||
         O.matches(opts::OPT_stats_file) ||
         O.matches(opts::OPT_ftime_trace_EQ) || O.matches(opts::OPT_o) ||
         O.matches(opts::OPT_M_Group);
}

/// Preprocessor arguments (-Wp, and -Xpreprocessor values) of the
/// dependency-file family. \p TakesValue: the next one is its value (-MF
/// and the like; in -Wp also -MD and -MMD: GCC's -Wp,-MD,file).
bool isPreprocessorDependencyArg(llvm::StringRef A, bool InWp,
                                 bool &TakesValue) {
  TakesValue = A == "-MF" || A == "-MT" || A == "-MQ" || A == "-MJ" ||
               (InWp && (A == "-MD" || A == "-MMD"));
  return A.starts_with("-M");
}

/// The indices [Begin, End) of the argv elements each parsed Arg used.
std::vector<std::pair<unsigned, unsigned>> spans(const InputArgList &L,
                                                 unsigned Size) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  std::vector<unsigned> Starts;
  for (const Arg *A : L)
    Starts.push_back(A->getIndex());
  for (size_t I = 0; I < Starts.size(); ++I)
    Out.push_back({Starts[I], I + 1 < Starts.size() ? Starts[I + 1] : Size});
  return Out;
}

/// Marks the -Xclang arguments whose cc1 options write a file.
void dropCC1Outputs(const InputArgList &L,
                    const std::vector<std::pair<unsigned, unsigned>> &Spans,
                    std::vector<bool> &Drop) {
  std::vector<const char *> Values;
  // The argv span of the -Xclang (or -Xclang=) carrying each value.
  std::vector<std::pair<unsigned, unsigned>> Owner;
  size_t I = 0;
  for (const Arg *A : L) {
    if (A->getOption().matches(opts::OPT_Xclang) && A->getNumValues() == 1) {
      Values.push_back(A->getValue());
      Owner.push_back(Spans[I]);
    }
    ++I;
  }
  if (Values.empty())
    return;
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::OptTable &T = TT_CLANG_DRIVER_OPT_TABLE();
  InputArgList CC1 = T.ParseArgs(Values, MissingIndex, MissingCount,
                                 llvm::opt::Visibility(opts::CC1Option));
  auto CC1Spans = spans(CC1, MissingCount ? MissingIndex : Values.size());
  size_t J = 0;
  for (const Arg *A : CC1) {
    if (cc1WritesFile(A->getOption()))
      for (unsigned V = CC1Spans[J].first; V < CC1Spans[J].second; ++V)
        for (unsigned K = Owner[V].first; K < Owner[V].second; ++K)
          Drop[K] = true;
    ++J;
  }
}

} // namespace

std::vector<std::string>
stripOutputArguments(const std::vector<std::string> &Args) {
  if (Args.size() < 2)
    return Args;
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Args.size(); ++I)
    Argv.push_back(Args[I].c_str());
  bool CL =
      clang::driver::IsClangCL(clang::driver::getDriverMode(Args[0], Argv));
  const llvm::opt::OptTable &T = TT_CLANG_DRIVER_OPT_TABLE();
  unsigned MissingIndex = 0, MissingCount = 0;
  InputArgList L = T.ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(CL ? opts::CLOption : opts::ClangOption));
  // An option missing its value at the end (a trailing "-MF") is no Arg:
  // it stays, for the driver to report.
  auto Spans = spans(L, MissingCount ? MissingIndex : Argv.size());
  std::vector<bool> Drop(Argv.size(), false);
  std::vector<std::optional<std::string>> Replace(Argv.size());
  bool DropNextPreprocessorValue = false;
  size_t I = 0;
  for (const Arg *A : L) {
    auto [Begin, End] = Spans[I++];
    const llvm::opt::Option &O = A->getOption();
    auto DropSpan = [&, B = Begin, E = End] {
      for (unsigned K = B; K < E; ++K)
        Drop[K] = true;
    };
    if (writesFile(O)) {
      DropSpan();
    } else if (O.matches(opts::OPT_Wp_COMMA)) {
      std::vector<std::string> Kept;
      bool SkipNext = false;
      for (const char *V : A->getValues()) {
        bool TakesValue = false;
        if (SkipNext) {
          SkipNext = false;
        } else if (isPreprocessorDependencyArg(V, /*InWp=*/true, TakesValue)) {
          SkipNext = TakesValue;
        } else {
          Kept.push_back(V);
        }
      }
      if (Kept.empty())
        DropSpan();
      else if (Kept.size() != A->getNumValues())
        Replace[Begin] = "-Wp," + llvm::join(Kept, ",");
    } else if (O.matches(opts::OPT_Xpreprocessor) && A->getNumValues() == 1) {
      bool TakesValue = false;
      if (DropNextPreprocessorValue) {
        DropSpan();
        DropNextPreprocessorValue = false;
      } else if (isPreprocessorDependencyArg(A->getValue(), /*InWp=*/false,
                                             TakesValue)) {
        DropSpan();
        DropNextPreprocessorValue = TakesValue;
      }
    }
  }
  dropCC1Outputs(L, Spans, Drop);

  std::vector<std::string> Out = {Args[0]};
  for (size_t K = 0; K < Argv.size(); ++K)
    if (!Drop[K])
      Out.push_back(Replace[K] ? *Replace[K] : std::string(Argv[K]));
  return Out;
}

namespace {
std::mutex ScratchMutex;
std::string Scratch; // the private module cache, once made

/// A directory of the tool's own for modules the frontend builds.
std::string moduleScratch() {
  std::lock_guard<std::mutex> Lock(ScratchMutex);
  if (Scratch.empty()) {
    llvm::SmallString<128> Dir;
    if (!llvm::sys::fs::createUniqueDirectory("transformers-migrate-modules",
                                              Dir))
      Scratch = std::string(Dir);
  }
  return Scratch;
}
} // namespace

void removeModuleScratch() {
  std::lock_guard<std::mutex> Lock(ScratchMutex);
  if (!Scratch.empty())
    (void)llvm::sys::fs::remove_directories(Scratch);
  Scratch.clear();
}

void neutraliseOutputs(clang::CompilerInvocation &CI) {
  clang::DependencyOutputOptions &D = CI.getDependencyOutputOpts();
  D.OutputFile.clear();
  D.HeaderIncludeOutputFile.clear();
  D.DOTOutputFile.clear();
  D.ModuleDependencyOutputDir.clear();
  D.ShowHeaderIncludes = false;
  D.ShowIncludesDest = clang::ShowIncludesDestination::None;
  CI.getDiagnosticOpts().DiagnosticSerializationFile.clear();
  // Also set by the driver from CC_LOG_DIAGNOSTICS_FILE.
  CI.getDiagnosticOpts().DiagnosticLogFile.clear();
  clang::FrontendOptions &F = CI.getFrontendOpts();
  F.CodeCompletionAt = clang::ParsedSourceLocation();
  F.OutputFile.clear();
  F.TimeTracePath.clear();
  F.StatsFile.clear();
  F.ModuleOutputPath.clear();
  F.SymbolGraphOutputDir.clear();
  F.Plugins.clear();
  F.AddPluginActions.clear();
  F.ActionName.clear();
  if (CI.getLangOpts().Modules && CI.getLangOpts().ImplicitModules)
    CI.getHeaderSearchOpts().ModuleCachePath = moduleScratch();
}

bool GuardedActionFactory::runInvocation(
    std::shared_ptr<clang::CompilerInvocation> Invocation,
    clang::FileManager *Files,
    std::shared_ptr<clang::PCHContainerOperations> PCH,
    clang::DiagnosticConsumer *Diags) {
  neutraliseOutputs(*Invocation);
  return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                              std::move(PCH), Diags);
}

} // namespace tmigrate
