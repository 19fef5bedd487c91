//===- SarifLocationsTest.cpp ---------------------------------------------===//
//
// SARIF's artifact locations (relative to %SRCROOT% or absolute) and regions
// in code points, counted in the text the analysis read; the rules'
// descriptions.
//
//===----------------------------------------------------------------------===//

#include "report/sarif/SarifLocations.h"
#include "TestFiles.h"
#include "input/CompilationDatabaseLoader.h"
#include "report/sarif/SarifRules.h"
#include "transformers-tidy/CheckCatalog.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

std::string str(const llvm::json::Value &V) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << V;
  return Out;
}

TEST(SarifLocations, RelativeBelowTheRootAbsoluteElsewhere) {
  SarifLocations L("/work/proj", nullptr);
  EXPECT_EQ(str(L.artifactLocation("/work/proj/src/a b.cpp")),
            R"({"uri":"src/a%20b.cpp","uriBaseId":"%SRCROOT%"})");
  // A sibling whose name starts like the root is not below it.
  EXPECT_EQ(str(L.artifactLocation("/work/project2/x.h")),
            R"({"uri":"file:///work/project2/x.h"})");
  // A path with ".." is not taken apart lexically.
  EXPECT_EQ(str(L.artifactLocation("/work/proj/../other/y.h")),
            R"({"uri":"file:///work/proj/../other/y.h"})");
  EXPECT_EQ(str(*L.originalUriBaseIds()),
            R"({"%SRCROOT%":{"uri":"file:///work/proj/"}})");
}

TEST(SarifLocations, NoRootMeansAbsoluteUris) {
  SarifLocations L("", nullptr);
  EXPECT_EQ(str(L.artifactLocation("/a/b.cpp")),
            R"({"uri":"file:///a/b.cpp"})");
  EXPECT_FALSE(L.originalUriBaseIds());
}

TEST(SarifLocations, FileReachedThroughASymlinkIsRelative) {
  ScratchDir D;
  ASSERT_FALSE(llvm::sys::fs::create_directories(D.path("proj/src")));
  D.write("proj/src/a.cpp", "int a;\n");
  ASSERT_FALSE(llvm::sys::fs::create_link(D.path("proj"), D.path("link")));
  SarifLocations L(realPathOf(D.path("proj")), nullptr);
  EXPECT_EQ(str(L.artifactLocation(D.path("link/src/a.cpp"))),
            R"({"uri":"src/a.cpp","uriBaseId":"%SRCROOT%"})");
}

TEST(SarifLocations, RegionInCodePointsOfTheFileOnDisk) {
  ScratchDir D;
  std::string Text = "// \xC3\xA9\xC3\xA9\n  f(\"\xC3\xB6\", x);\n";
  std::string File = D.write("a.cpp", Text);
  SarifLocations L(D.Path, nullptr);
  unsigned X = Text.find("x)");
  EXPECT_EQ(str(*L.region(File, X, 1)),
            R"({"charLength":1,"charOffset":15,"endColumn":11,"endLine":2,)"
            R"("startColumn":10,"startLine":2})");
  EXPECT_EQ(str(*L.charRegion(File, X, 1)),
            R"({"charLength":1,"charOffset":15})");
  EXPECT_FALSE(L.region(D.path("missing.cpp"), 0, 0));
}

// With --fix the file on disk is the fixed one; positions are in the text
// the analysis read.
TEST(SarifLocations, RewrittenFileIsCountedInItsOriginalText) {
  ScratchDir D;
  std::string File = D.write("a.cpp", "wrap(\xC3\xA9);\n");
  FixPlan Plan;
  Plan.Files[realPathOf(File)].Original = "\xC3\xA9\xC3\xA9x;\n";
  SarifLocations L(D.Path, &Plan);
  EXPECT_EQ(str(*L.charRegion(File, 4, 1)),
            R"({"charLength":1,"charOffset":2})");
}

TEST(SarifRules, CatalogChecksHaveTheirPageAndDescriptions) {
  for (const transformers_tidy::CheckInfo &Info :
       transformers_tidy::AllChecks) {
    RuleDescription D = describeRule(Info.Name);
    EXPECT_EQ(D.ShortDescription, Info.Title);
    EXPECT_EQ(D.FullDescription, Info.Summary);
    EXPECT_TRUE(
        llvm::StringRef(D.HelpUri).ends_with(std::string("/") + Info.DocsPage))
        << D.HelpUri;
    EXPECT_NE(D.HelpMarkdown.find("](" + D.HelpUri + ")"), std::string::npos);
    EXPECT_NE(D.HelpText.find(Info.Summary), std::string::npos);
  }
  EXPECT_EQ(describeRule("transformers-legacy-cache").Name,
            "TransformersLegacyCache");
}

TEST(SarifRules, PseudoChecksAreDescribedToo) {
  for (llvm::StringRef Id :
       {"clang-diagnostic-error", "clang-tidy-nolint",
        "clang-diagnostic-unused-variable", "some-other-check"}) {
    RuleDescription D = describeRule(Id);
    EXPECT_NE(D.Name, Id);
    EXPECT_FALSE(D.ShortDescription.empty()) << Id.str();
    EXPECT_NE(D.FullDescription, D.ShortDescription) << Id.str();
    EXPECT_TRUE(llvm::StringRef(D.HelpUri).starts_with("https://")) << Id.str();
    EXPECT_FALSE(D.HelpMarkdown.empty()) << Id.str();
  }
  EXPECT_EQ(describeRule("clang-diagnostic-error").Name,
            "ClangDiagnosticError");
  EXPECT_EQ(describeRule("clang-diagnostic-unused-variable").HelpUri,
            "https://clang.llvm.org/docs/DiagnosticsReference.html"
            "#wunused-variable");
}

} // namespace
