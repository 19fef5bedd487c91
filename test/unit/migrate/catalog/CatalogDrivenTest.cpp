//===- CatalogDrivenTest.cpp - A third check drives the fast paths --------===//
//
// The tool never names a check: its prefilter and result cache follow what
// the enabled checks' catalog entries declare (CheckCatalog.h). This test
// registers a check of its own whose needs are unlike the module's (a type
// of its own, from a type option, and no library header) and proves that a
// default run -- prefilter and cache on, cold and then warm -- finds exactly
// what --no-prefilter --no-cache finds. A binary of its own: the
// registration adds a check to the registry of every test in the process.
//
//===----------------------------------------------------------------------===//

#include "LibraryRun.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "transformers-tidy/CheckCatalog.h"
#include "transformers-tidy/LLVMCompat.h"
#include TT_CLANG_TIDY_MODULE_REGISTRY_H
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "gtest/gtest.h"

using namespace clang::ast_matchers;
using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

/// Reports every variable whose type is one of its option GadgetTypes.
class GadgetCheck : public clang::tidy::ClangTidyCheck {
public:
  GadgetCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context),
        Types(clang::tidy::utils::options::parseStringList(
            Options.get("GadgetTypes", "::widgets::Gadget"))) {}

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "GadgetTypes",
                  clang::tidy::utils::options::serializeStringList(Types));
  }
  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(
        varDecl(hasType(qualType(hasDeclaration(namedDecl(hasAnyName(Types))))))
            .bind("var"),
        this);
  }
  void check(const MatchFinder::MatchResult &Result) override {
    const auto *Var = Result.Nodes.getNodeAs<clang::VarDecl>("var");
    diag(Var->getLocation(), "%0 holds a gadget") << Var;
  }

private:
  const std::vector<llvm::StringRef> Types;
};

class GadgetModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<GadgetCheck>("unittest-gadget");
  }
};

clang::tidy::ClangTidyModuleRegistry::Add<GadgetModule>
    GadgetModuleRegistration("unittest-gadget-module",
                             "A check of CatalogDrivenTest only.");

constexpr const char *GadgetTypeOptions[] = {"GadgetTypes"};
constexpr transformers_tidy::NameChoice GadgetNeeds[] = {
    {{}, GadgetTypeOptions}};
constexpr transformers_tidy::CheckInfo GadgetInfo = {
    "unittest-gadget", "A gadget", "A variable holds a gadget.", "",
    GadgetTypeOptions, GadgetNeeds};
transformers_tidy::CatalogEntry GadgetEntry(GadgetInfo);

/// A run over \p Files with the prefilter and the cache as asked.
MigrationRequest run(const ScratchDir &D, std::vector<std::string> Files,
                     bool FastPaths) {
  MigrationRequest R = libraryRun(D, std::move(Files));
  R.Fast.Prefilter = FastPaths;
  R.Fast.Cache = FastPaths;
  R.Fast.CacheOptions.Dir = D.path("cache");
  R.Fast.CacheOptions.Argv0 = "transformers-catalog-unit-tests";
  R.Fast.CacheOptions.MainAddr = reinterpret_cast<void *>(&run);
  R.Stats = true;
  return R;
}

TEST(CatalogDrivenFastPaths, AThirdCheckFindsTheSameWithAndWithoutThem) {
  ScratchDir D;
  const std::string Widgets = "namespace widgets {\nstruct Gadget {};\n"
                              "struct Gizmo {};\n} // namespace widgets\n";
  std::vector<std::string> Files = {
      // The third check's findings, in TUs that include no library header
      // and spell none of the module's checks' types.
      D.write("gadget.cpp", Widgets + "widgets::Gadget g;\n"),
      D.write("alias.cpp", Widgets + "namespace w = widgets;\nw::Gadget h;\n"),
      // Only the configured entry, not the default, is a gadget.
      D.write("gizmo.cpp", Widgets + "widgets::Gizmo z;\n"),
      // The module's check, and nothing for anyone: the one TU skipped.
      D.write("legacy.cpp", LegacyHandOff),
      D.write("clean.cpp", "// widgets::Gadget, in a comment only\n"
                           "int clean;\n")};
  const std::string Config =
      "{Checks: '-*,transformers-*,unittest-gadget', CheckOptions: "
      "{unittest-gadget.GadgetTypes: '::widgets::Gadget;::widgets::Gizmo'}}";

  Analysed Reference = analyse(run(D, Files, /*FastPaths=*/false), Config);
  Analysed Cold = analyse(run(D, Files, /*FastPaths=*/true), Config);
  Analysed Warm = analyse(run(D, Files, /*FastPaths=*/true), Config);
  ASSERT_TRUE(Reference.M && Cold.M && Warm.M);

  EXPECT_EQ(Reference.Findings,
            (std::vector<std::string>{
                "unittest-gadget " + D.path("alias.cpp") + ":6",
                "unittest-gadget " + D.path("gadget.cpp") + ":5",
                "unittest-gadget " + D.path("gizmo.cpp") + ":5",
                "transformers-legacy-cache " + D.path("legacy.cpp") + ":6"}))
      << Reference.Log;
  EXPECT_EQ(Cold.Findings, Reference.Findings) << Cold.Log;
  EXPECT_EQ(Warm.Findings, Reference.Findings) << Warm.Log;
  // The fast paths were on: the prefilter skipped what no check needs, and
  // the warm run parsed nothing again.
  EXPECT_NE(Cold.Log.find("1 skipped by the prefilter (1 decided now"),
            std::string::npos)
      << Cold.Log;
  EXPECT_NE(Warm.Log.find("1 skipped by the prefilter (0 decided now, 1 from "
                          "the cache), 4 results from the cache, 0 parsed"),
            std::string::npos)
      << Warm.Log;
}

} // namespace
