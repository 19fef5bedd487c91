//===- PreambleTest.cpp ---------------------------------------------------===//
//
// The driver with a PreambleCache (Preamble.h), as the language server runs
// it on an open document: every parse must give what a whole parse gives
// (each finding's check, message, file, offset, fixes and notes; compile
// errors and failure), when the preamble is built, when an edit in the
// body reuses it, and when an edit of an #include line rebuilds it. The
// inputs are the lit sources of the checks (test/clang-tidy) with the
// options of their RUN lines, plus the cases the preamble must not hide:
// an error in it, a header buffer changed to a text of the same size, a
// warning the configuration reports.
//
// A representative set of lit sources runs in CI; every source and every
// RUN line: --gtest_also_run_disabled_tests
// --gtest_filter='*AllLitSources*' (about three minutes).
//
//===----------------------------------------------------------------------===//

#include "driver/Preamble.h"
#include "LibraryRun.h"
#include "TestFiles.h"
#include "driver/TidyDriver.h"
#include "driver/ToolArguments.h"
#include "input/CheckConfig.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

/// One %check_clang_tidy line of a lit source: what it runs.
struct LitRun {
  std::string Check;
  std::string Std = "c++17"; // check_clang_tidy.py's default
  std::string Config = "{}"; // ditto: no .clang-tidy is read
};

/// The %check_clang_tidy lines of \p Source (continuations joined).
std::vector<LitRun> litRuns(llvm::StringRef Source) {
  std::vector<std::string> Commands;
  bool Continued = false;
  llvm::SmallVector<llvm::StringRef> Lines;
  Source.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    if (!L.consume_front("// RUN:")) {
      Continued = false;
      continue;
    }
    L = L.trim();
    bool Continues = L.consume_back("\\");
    L = L.rtrim();
    if (Continued && !Commands.empty())
      Commands.back() += " " + L.str();
    else
      Commands.push_back(L.str());
    Continued = Continues;
  }
  std::vector<LitRun> Runs;
  llvm::Regex Std("-std=([^ ,]+)"), Check("%s +'?([^' ]+)'?"),
      Config("-config=\"(.*)\"");
  for (const std::string &C : Commands) {
    if (!llvm::StringRef(C).starts_with("%check_clang_tidy"))
      continue;
    LitRun R;
    llvm::SmallVector<llvm::StringRef, 2> M;
    if (Std.match(C, &M))
      R.Std = M[1].str();
    if (Check.match(C, &M))
      R.Check = M[1].str();
    if (Config.match(C, &M))
      R.Config = M[1].str();
    Runs.push_back(std::move(R));
  }
  return Runs;
}

/// What a parse produced, as the comparison sees it: one line per finding
/// or error, in the order reported, with its fixes and notes.
std::vector<std::string> describe(const TUResult &T) {
  std::vector<std::string> Out;
  Out.push_back(T.Failed ? "failed" : "analysed");
  auto One = [&](const char *Kind, const Record &R) {
    std::string S = std::string(Kind) + " [" + R.check().str() + "] " +
                    R.file().str() + "@" + std::to_string(R.offset()) + ": " +
                    R.message().str();
    for (const clang::tooling::Replacement &E : R.edits())
      S += "\n  fix " + E.getFilePath().str() + "@" +
           std::to_string(E.getOffset()) + "+" + std::to_string(E.getLength()) +
           " '" + E.getReplacementText().str() + "'";
    for (const clang::tooling::DiagnosticMessage &N : R.Diag.Notes)
      S += "\n  note " + N.FilePath + "@" + std::to_string(N.FileOffset) +
           ": " + N.Message;
    Out.push_back(S);
  };
  for (const Record &R : T.Findings)
    One("finding", R);
  for (const Record &R : T.Errors)
    One("error", R);
  for (const TypeNameUse &U : T.TypeNames)
    Out.push_back("type " + U.Option + " " + U.Name +
                  (U.Named ? " names a type" : " names nothing"));
  return Out;
}

/// \p Text with a comment line inserted two thirds of the way between its
/// last #include line and its end (never inside a macro's continuation):
/// an edit of a function body, after the preamble.
std::string editBody(const std::string &Text) {
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  size_t LastInclude = 0;
  for (size_t I = 0; I < Lines.size(); ++I)
    if (Lines[I].starts_with("#include"))
      LastInclude = I;
  size_t At = LastInclude + 1 + (Lines.size() - LastInclude - 1) * 2 / 3;
  while (At > LastInclude + 1 && Lines[At - 1].ends_with("\\"))
    --At;
  std::vector<std::string> Out(Lines.begin(), Lines.end());
  Out.insert(Out.begin() + At, "// an edit in the body");
  return llvm::join(Out, "\n");
}

/// \p Text with a comment appended to its last #include line: the
/// preamble's text changes.
std::string editInclude(const std::string &Text) {
  size_t At = Text.rfind("\n#include");
  At = At == std::string::npos ? 0 : At + 1;
  size_t End = Text.find('\n', At);
  std::string Out = Text;
  Out.insert(End == std::string::npos ? Out.size() : End, " // edited");
  return Out;
}

class Preambles : public ::testing::Test {
protected:
  void SetUp() override {
    Opts.Jobs = 1;
    Opts.ResourceDir = TT_MIGRATE_RESOURCE_DIR;
  }

  /// A worker for \p Checks and \p Yaml (kept for the test).
  TidyWorker &worker(const std::string &Checks, const std::string &Yaml) {
    ConfigRequest CR;
    CR.Checks = Checks;
    CR.Config = Yaml;
    auto C = CheckConfig::create(CR);
    if (!C) {
      ADD_FAILURE() << toString(C.takeError());
      abort();
    }
    Cfg = std::move(*C);
    Worker = std::make_unique<TidyWorker>(Cfg->workerProvider());
    return *Worker;
  }

  /// \p File (with the unsaved text \p Text) parsed by \p Args, with the
  /// cache \p Cache or whole.
  TUResult run(const std::string &File, const std::string &Text,
               std::vector<std::string> Args, PreambleCache *Cache,
               std::vector<UnsavedFile> Unsaved = {}) {
    std::vector<std::string> CommandLine = {"clang++"};
    CommandLine.insert(CommandLine.end(), Args.begin(), Args.end());
    CommandLine.insert(CommandLine.end(),
                       {"-I", TT_TEST_LIBRARY_INCLUDE_DIR, File});
    clang::tooling::CompileCommand Cmd(D.Path, File, CommandLine, "");
    Unsaved.push_back({File, Text});
    return Worker->run(Cmd, File, Cfg->configFor(File), Opts, Unsaved, Cache);
  }

  /// Parses \p Text whole and with \p Cache: the same results (the
  /// latter's).
  TUResult same(const std::string &File, const std::string &Text,
                const std::vector<std::string> &Args, PreambleCache &Cache,
                const std::string &What,
                const std::vector<UnsavedFile> &Unsaved = {}) {
    TUResult Whole = run(File, Text, Args, nullptr, Unsaved);
    TUResult WithPreamble = run(File, Text, Args, &Cache, Unsaved);
    EXPECT_EQ(describe(Whole), describe(WithPreamble)) << What;
    EXPECT_EQ(Whole.ParsedTwice, WithPreamble.ParsedTwice) << What;
    return WithPreamble;
  }

  /// The three steps of an editing session on \p Source under \p R.
  void session(const std::string &Name, const std::string &Source,
               const LitRun &R) {
    SCOPED_TRACE(Name + " (" + R.Check + ", -std=" + R.Std + ", " + R.Config +
                 ")");
    worker("-*," + R.Check, R.Config);
    std::string File = D.write(Name, Source);
    std::vector<std::string> Args = {"-std=" + R.Std};
    PreambleCache Cache;

    same(File, Source, Args, Cache, "opened: the preamble is built");
    PreambleCache::Counters Opened = Cache.counters();
    EXPECT_GE(Opened.Built, 1u);
    EXPECT_EQ(Opened.Unusable, 0u);

    same(File, editBody(Source), Args, Cache, "an edit in a body");
    PreambleCache::Counters Body = Cache.counters();
    EXPECT_EQ(Body.Built, Opened.Built) << "the preamble was rebuilt";
    EXPECT_GT(Body.Reused, Opened.Reused) << "the preamble was not reused";

    same(File, editInclude(Source), Args, Cache, "an #include line edited");
    EXPECT_GT(Cache.counters().Built, Body.Built)
        << "the preamble was not rebuilt";
  }

  std::string litSource(const std::string &Name) {
    return readAll(std::string(TT_TEST_SOURCE_DIR) + "/test/clang-tidy/" +
                   Name);
  }

  ScratchDir D;
  RunOptions Opts;
  std::unique_ptr<CheckConfig> Cfg;
  std::unique_ptr<TidyWorker> Worker;
};

TEST(PreambleLitRuns, ReadsTheRunLines) {
  std::vector<LitRun> Runs = litRuns(
      "// RUN: %check_clang_tidy -std=c++17,c++20 %s transformers-legacy-cache "
      "%t\n"
      "// RUN: %check_clang_tidy %s 'transformers-*' %t \\\n"
      "// RUN:   -- -config=\"{CheckOptions: {a.B: 'x', \\\n"
      "// RUN:       a.C: 'y'}}\"\n"
      "int x;\n");
  ASSERT_EQ(Runs.size(), 2u);
  EXPECT_EQ(Runs[0].Std, "c++17");
  EXPECT_EQ(Runs[0].Check, "transformers-legacy-cache");
  EXPECT_EQ(Runs[0].Config, "{}");
  EXPECT_EQ(Runs[1].Check, "transformers-*");
  EXPECT_EQ(Runs[1].Config, "{CheckOptions: {a.B: 'x', a.C: 'y'}}");
}

/// In CI: templates and their instantiations, type options, NOLINT,
/// macros, findings with fixes and their #include edit.
TEST_F(Preambles, RepresentativeLitSources) {
  for (const char *Name :
       {"legacy-cache-template-dependent-call.cpp",
        "legacy-cache-option-tensor-types.cpp", "legacy-cache-nolint.cpp",
        "legacy-cache-macro-argument.cpp"}) {
    std::string Source = litSource(Name);
    std::vector<LitRun> Runs = litRuns(Source);
    ASSERT_FALSE(Runs.empty()) << Name;
    // The last RUN line: in the option tests, the one with most options.
    session(Name, Source, Runs.back());
  }
}

TEST_F(Preambles, DISABLED_AllLitSources) {
  std::error_code EC;
  std::vector<std::string> Names;
  for (llvm::sys::fs::directory_iterator
           It(std::string(TT_TEST_SOURCE_DIR) + "/test/clang-tidy", EC),
       End;
       It != End && !EC; It.increment(EC))
    if (llvm::StringRef(It->path()).ends_with(".cpp"))
      Names.push_back(std::string(llvm::sys::path::filename(It->path())));
  llvm::sort(Names);
  ASSERT_GT(Names.size(), 40u);
  for (const std::string &Name : Names) {
    std::string Source = litSource(Name);
    for (const LitRun &R : litRuns(Source))
      session(Name, Source, R);
  }
}

/// A configured type that only a header of the preamble declares (the
/// TU's code never uses it) still names a type (TUResult::TypeNames, the
/// tool's warning about names that name nothing; the checks resolve their
/// type options the same way).
TEST_F(Preambles, TypeNamesOnlyThePreambleDeclares) {
  worker("-*,transformers-legacy-cache",
         "{CheckOptions: {transformers-legacy-cache.TensorTypes: "
         "'::mylib::Matrix'}}");
  // In a system header: the checks never traverse it.
  llvm::sys::fs::create_directory(D.path("sys"));
  D.write("sys/mylib.h", "namespace mylib {\nstruct Matrix {};\n}\n");
  std::string Text = "#include <mylib.h>\nint twice(int x) { return 2 * x; }\n";
  std::string File = D.write("a.cpp", Text);
  std::vector<std::string> Args = {"-isystem", D.path("sys")};
  PreambleCache Cache;
  same(File, Text, Args, Cache, "built");
  TUResult R = same(File, editBody(Text), Args, Cache, "reused");
  EXPECT_EQ(Cache.counters().Reused, 1u);
  EXPECT_TRUE(llvm::any_of(R.TypeNames, [](const TypeNameUse &U) {
    return U.Name == "::mylib::Matrix" && U.Named;
  }));
}

/// The instantiations of the main file's function templates: name,
/// template arguments, whether it has a body.
std::vector<std::string> mainFileInstantiations(clang::ASTContext &Ctx) {
  std::vector<std::string> Out;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *T = llvm::dyn_cast<clang::FunctionTemplateDecl>(D);
    if (!T || !SM.isInMainFile(SM.getExpansionLoc(T->getLocation())))
      continue;
    for (const clang::FunctionDecl *F : T->specializations()) {
      std::string S;
      llvm::raw_string_ostream OS(S);
      F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
      Out.push_back(OS.str() + (F->hasBody() ? " defined" : " declared"));
    }
  }
  llvm::sort(Out);
  return Out;
}

/// A function template that a header uses and the main file defines, after
/// the preamble: its instantiation is the whole parse's, made at the end of
/// the TU (the preamble instantiates its own templates: Preamble.cpp).
TEST_F(Preambles, TemplateDefinedAfterThePreamble) {
  worker("-*,transformers-legacy-cache", "{}");
  D.write("runner.h", R"(template <class T> int run(T t);
struct Step {};
inline int header_use() { return run(Step{}); }
)");
  std::string Text = R"(#include "runner.h"

template <class T> int run(T t) { return sizeof(t); }
)";
  std::string File = D.write("a.cpp", Text);
  std::vector<std::string> Seen;
  Opts.InspectAST = [&](clang::ASTContext &Ctx) {
    Seen = mainFileInstantiations(Ctx);
  };
  PreambleCache Cache;
  TUResult Whole = run(File, Text, {}, nullptr);
  EXPECT_EQ(Seen, std::vector<std::string>{"run<Step> defined"});
  for (const char *Step : {"built", "reused"}) {
    Seen.clear();
    TUResult R = run(File, Text, {}, &Cache);
    EXPECT_EQ(describe(Whole), describe(R)) << Step;
    EXPECT_EQ(Seen, std::vector<std::string>{"run<Step> defined"}) << Step;
  }
  EXPECT_EQ(Cache.counters().Reused, 1u);
}

/// A TU whose analysis needs a system body the fast parse skipped is
/// parsed again with every body (TidyDriver.cpp): each parse has its own
/// preamble, built once and reused by both parses of the next analysis.
TEST_F(Preambles, SecondParseWithEveryBody) {
  worker("-*,transformers-legacy-cache", "{}");
  std::string Text = R"(#include <transformers/transformers.h>
#include <memory>

std::shared_ptr<transformers::PastKeyValues>
share(const transformers::LegacyCache &legacy) {
  return std::make_shared<transformers::PastKeyValues>(legacy);
}
)";
  std::string File = D.write("a.cpp", Text);
  PreambleCache Cache;
  EXPECT_TRUE(same(File, Text, {"-std=c++20"}, Cache, "built").ParsedTwice);
  EXPECT_EQ(Cache.counters().Built, 2u);
  TUResult R = same(File, editBody(Text), {"-std=c++20"}, Cache, "reused");
  EXPECT_TRUE(R.ParsedTwice);
  EXPECT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(Cache.counters().Built, 2u);
  EXPECT_EQ(Cache.counters().Reused, 2u);
}

/// An error in the preamble (a header that does not compile, or one that
/// is missing) fails the TU as a whole parse does, after every edit.
TEST_F(Preambles, ErrorInThePreambleFailsTheTU) {
  worker("-*,transformers-legacy-cache", "{}");
  D.write("broken.h", "int broken = ;\n");
  for (const char *Include :
       {"#include \"broken.h\"\n", "#include \"missing.h\"\n"}) {
    SCOPED_TRACE(Include);
    std::string Text = std::string(Include) + "int twice(int x) {\n"
                                              "  return 2 * x;\n}\n";
    std::string File = D.write("a.cpp", Text);
    PreambleCache Cache;
    same(File, Text, {}, Cache, "opened");
    TUResult R = same(File, editBody(Text), {}, Cache, "edited");
    EXPECT_TRUE(R.Failed);
    EXPECT_FALSE(R.Errors.empty());
    EXPECT_EQ(Cache.counters().Reused, 0u);
  }
}

/// An open header is an unsaved buffer, whose time is always 0: a change
/// that keeps its size must still rebuild the preamble.
TEST_F(Preambles, HeaderBufferChangedToTheSameSize) {
  worker("-*,transformers-legacy-cache", "{}");
  std::string Header = D.write("mode.h", "#define OK 1\n");
  std::string Text = "#include \"mode.h\"\nstatic_assert(OK, \"not OK\");\n";
  std::string File = D.write("a.cpp", Text);
  PreambleCache Cache;
  std::vector<UnsavedFile> One = {{Header, "#define OK 1\n"}};
  std::vector<UnsavedFile> Zero = {{Header, "#define OK 0\n"}};
  EXPECT_FALSE(same(File, Text, {}, Cache, "opened", One).Failed);
  EXPECT_TRUE(
      same(File, Text + "\n", {}, Cache, "header changed", Zero).Failed);
  EXPECT_EQ(Cache.counters().Built, 2u);
}

/// A compiler warning of the preamble is not replayed into the parse that
/// reuses it: a preamble with a warning the configuration reports is not
/// used; with the warning not reported, it is.
TEST_F(Preambles, WarningsOfThePreamble) {
  std::string Text = "#define TWICE 1\n#define TWICE 2\nint twice(int x) {\n"
                     "  return TWICE * x;\n}\n";
  std::string File = D.write("a.cpp", Text);
  {
    // The tool's own provider never reports compiler warnings (they are
    // clang-tidy's to report): one that does.
    worker("-*,transformers-legacy-cache", "{}");
    clang::tidy::ClangTidyOptions O =
        clang::tidy::ClangTidyOptions::getDefaults();
    O.Checks = "-*,transformers-legacy-cache,clang-diagnostic-*";
    Worker = std::make_unique<TidyWorker>(
        std::make_unique<clang::tidy::DefaultOptionsProvider>(
            clang::tidy::ClangTidyGlobalOptions(), O));
    PreambleCache Cache;
    same(File, Text, {}, Cache, "reported");
    TUResult R = same(File, editBody(Text), {}, Cache, "reported, edited");
    EXPECT_TRUE(llvm::any_of(R.Findings, [](const Record &F) {
      return F.check() == "clang-diagnostic-macro-redefined";
    }));
    EXPECT_EQ(Cache.counters().Reused, 0u);
  }
  {
    worker("-*,transformers-legacy-cache", "{}");
    PreambleCache Cache;
    same(File, Text, {}, Cache, "not reported");
    same(File, editBody(Text), {}, Cache, "not reported, edited");
    EXPECT_EQ(Cache.counters().Reused, 1u);
  }
}

/// A main file read from disk is parsed whole (it may change under the
/// parse; only a buffer cannot).
TEST_F(Preambles, MainFileOnDiskIsParsedWhole) {
  worker("-*,transformers-legacy-cache", "{}");
  std::string File = D.write(
      "a.cpp", "#include \"a.h\"\nint twice(int x) { return 2 * x; }\n");
  D.write("a.h", "int thrice(int x);\n");
  clang::tooling::CompileCommand Cmd(D.Path, File, {"clang++", File}, "");
  PreambleCache Cache;
  TUResult Whole = Worker->run(Cmd, File, Cfg->configFor(File), Opts);
  TUResult R = Worker->run(Cmd, File, Cfg->configFor(File), Opts, {}, &Cache);
  EXPECT_EQ(describe(Whole), describe(R));
  EXPECT_EQ(Cache.counters().Built, 0u);
  EXPECT_EQ(Cache.counters().Unusable, 1u);
}

/// Another command line is another preamble; so is a header opened in the
/// editor, which is its own TU (-x c++-header).
TEST_F(Preambles, CommandLineChangeRebuilds) {
  worker("-*,transformers-legacy-cache", "{}");
  D.write("a.h", "#if __cplusplus > 201703L\nint cxx20;\n#endif\n");
  std::string Text = "#pragma once\n#include \"a.h\"\nint twice(int x) {\n"
                     "  return 2 * x + cxx20;\n}\n";
  std::string File = D.write("a.cpp", Text);
  PreambleCache Cache;
  EXPECT_FALSE(same(File, Text, {"-std=c++20"}, Cache, "c++20").Failed);
  EXPECT_TRUE(same(File, Text, {"-std=c++17"}, Cache, "c++17").Failed);
  EXPECT_EQ(Cache.counters().Built, 2u);
  std::vector<std::string> Header = {"-x", "c++-header", "-std=c++20"};
  same(File, Text, Header, Cache, "a header");
  same(File, editBody(Text), Header, Cache, "a header, edited");
  EXPECT_EQ(Cache.counters().Built, 3u);
  EXPECT_EQ(Cache.counters().Reused, 1u);
}

} // namespace
