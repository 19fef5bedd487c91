//===- CheckConfigTest.cpp ------------------------------------------------===//

#include "input/CheckConfig.h"
#include "TestFiles.h"
#include "support/BoundedInput.h"
#include "transformers-tidy/CheckCatalog.h"
#include "llvm/ADT/STLExtras.h"
#include "gtest/gtest.h"
#include <sys/stat.h>

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

std::string errorOf(llvm::Expected<clang::tidy::ClangTidyOptions> E) {
  return E ? "" : llvm::toString(E.takeError());
}

TEST(ParseConfigChecked, ValidConfigurations) {
  auto O = parseConfigChecked("Checks: '-*,transformers-*'\n"
                              "CheckOptions:\n"
                              "  transformers-legacy-cache.IgnoreMacros: yes\n",
                              ".clang-tidy");
  ASSERT_TRUE(bool(O));
  EXPECT_EQ(O->Checks.value_or(""), "-*,transformers-*");
  EXPECT_EQ(
      O->CheckOptions.lookup("transformers-legacy-cache.IgnoreMacros").Value,
      "yes");
  // Brackets inside strings count, but a regex's few are far from the bound.
  EXPECT_EQ(errorOf(parseConfigChecked(
                "HeaderFilterRegex: '.*/(include|src)/[^/]*[.]h'\n", "x")),
            "");
}

TEST(ParseConfigChecked, ErrorsNameTheFileAndPlace) {
  // Line and column (the column YAML reports differs between LLVM 19 and 22).
  std::string Error = errorOf(parseConfigChecked("Checks: [", "cfg"));
  EXPECT_TRUE(
      llvm::StringRef(Error).starts_with("invalid configuration in 'cfg': 1:"))
      << Error;
  EXPECT_TRUE(llvm::StringRef(Error).ends_with(": Could not find closing ]!"))
      << Error;
  EXPECT_NE(errorOf(parseConfigChecked("Checks: '-*\n", "cfg")).find("cfg"),
            std::string::npos);
}

TEST(ParseConfigChecked, Bounds) {
  EXPECT_EQ(errorOf(parseConfigChecked(std::string(30000, '['), "n")),
            "invalid configuration in 'n': nested more than 64 levels deep "
            "(line 1)");
  std::string Dashes;
  for (int I = 0; I < 70; ++I)
    Dashes += "- ";
  EXPECT_EQ(errorOf(parseConfigChecked(Dashes + "x\n", "d")),
            "invalid configuration in 'd': nested more than 64 levels deep "
            "(line 1)");
  std::string Indented;
  for (int I = 0; I < 70; ++I)
    Indented += std::string(I, ' ') + "k" + std::to_string(I) + ":\n";
  EXPECT_EQ(errorOf(parseConfigChecked(Indented, "i")),
            "invalid configuration in 'i': nested more than 64 levels deep "
            "(line 65)");
  std::string Many = "CheckOptions:\n";
  for (int I = 0; I < 10001; ++I)
    Many += "  a" + std::to_string(I) + ": b\n";
  EXPECT_EQ(errorOf(parseConfigChecked(Many, "m")),
            "invalid configuration in 'm': more than 10000 entries");
  EXPECT_EQ(
      errorOf(parseConfigChecked(std::string(MaxConfigBytes + 1, ' '), "s")),
      "invalid configuration in 's': it is larger than 1024 KiB");
}

TEST(ReadBoundedFile, StreamsAndDevicesAreBounded) {
  auto Zero = readBoundedFile("/dev/zero", 4096, "config file");
  ASSERT_FALSE(Zero);
  EXPECT_EQ(llvm::toString(Zero.takeError()),
            "cannot read config file '/dev/zero': it is larger than 4 KiB");
  ScratchDir D;
  auto Dir = readBoundedFile(D.Path, 4096, "config file");
  ASSERT_FALSE(Dir);
  EXPECT_EQ(llvm::toString(Dir.takeError()),
            "cannot read config file '" + D.Path + "': it is a directory");
  auto Small = readBoundedFile(D.write("c", "Checks: x\n"), 4096, "f");
  ASSERT_TRUE(bool(Small));
  EXPECT_EQ(*Small, "Checks: x\n");
}

TEST(CheckConfig, BadClangTidyFilesAreErrorsNotDefaults) {
  ScratchDir D;
  ASSERT_FALSE(llvm::sys::fs::create_directories(D.path("sub")));
  D.write(".clang-tidy", "Checks: '-*'\n");
  D.write("sub/.clang-tidy", "Checks: '-*\n");
  auto Cfg = CheckConfig::create({});
  ASSERT_TRUE(bool(Cfg));
  EXPECT_TRUE((*Cfg)->configFor(D.path("a.cpp")).EnabledChecks.empty());
  EXPECT_TRUE((*Cfg)->errors().empty());
  (void)(*Cfg)->configFor(D.path("sub/a.cpp"));
  std::vector<std::string> Errors = (*Cfg)->errors();
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_NE(Errors[0].find(D.path("sub/.clang-tidy")), std::string::npos)
      << Errors[0];
}

TEST(CheckConfig, NonRegularClangTidyIsAnError) {
  ScratchDir D;
  ASSERT_EQ(::mkfifo(D.path(".clang-tidy").c_str(), 0644), 0);
  auto Cfg = CheckConfig::create({});
  ASSERT_TRUE(bool(Cfg));
  (void)(*Cfg)->configFor(D.path("a.cpp"));
  ASSERT_EQ((*Cfg)->errors().size(), 1u);
  EXPECT_EQ((*Cfg)->errors()[0], "invalid configuration '" +
                                     D.path(".clang-tidy") +
                                     "': it is not a regular file");
}

TEST(CheckConfig, OptionsAreTheChecksOwn) {
  // The module's checks read the options (every boolean spelling clang-tidy
  // knows) and report them back normalised, as --dump-config shows them.
  ConfigRequest R;
  R.Config = "{Checks: '-*,transformers-legacy-cache', CheckOptions: "
             "{transformers-legacy-cache.IgnoreMacros: On, "
             "transformers-legacy-cache.TensorTypes: ' ::a::T ; ::b::T '}}";
  auto Cfg = CheckConfig::create(R);
  ASSERT_TRUE(bool(Cfg));
  FileConfig FC = (*Cfg)->configFor("/nowhere/a.cpp");
  EXPECT_EQ(FC.EnabledChecks,
            std::vector<std::string>{"transformers-legacy-cache"});
  EXPECT_EQ(
      FC.CheckOptions.lookup("transformers-legacy-cache.IgnoreMacros").Value,
      "true");
  EXPECT_EQ(
      FC.CheckOptions.lookup("transformers-legacy-cache.TensorTypes").Value,
      "::a::T;::b::T");
  EXPECT_FALSE(FC.CheckOptions.count(
      "transformers-cache-implementation-conflict.IgnoreMacros"));
  // The cache key's part changes with any option.
  R.Config = "{Checks: '-*,transformers-legacy-cache', CheckOptions: "
             "{transformers-legacy-cache.IgnoreMacros: Off}}";
  auto Other = CheckConfig::create(R);
  ASSERT_TRUE(bool(Other));
  EXPECT_NE((*Other)->configFor("/nowhere/a.cpp").Identity, FC.Identity);
}

TEST(CheckConfig, CommandLineOverridesAndLineFilter) {
  ConfigRequest R;
  R.WarningsAsErrors = "transformers-*";
  R.SystemHeaders = true;
  R.ExcludeHeaderFilter = "third_party";
  R.LineFilter = R"([{"name":"a.cpp","lines":[[1,2]]}])";
  auto Cfg = CheckConfig::create(R);
  ASSERT_TRUE(bool(Cfg));
  FileConfig FC = (*Cfg)->configFor("/nowhere/a.cpp");
  EXPECT_EQ(FC.Options.WarningsAsErrors.value_or(""), "transformers-*");
  EXPECT_TRUE(FC.Options.SystemHeaders.value_or(false));
  EXPECT_EQ(FC.Options.ExcludeHeaderFilterRegex.value_or(""), "third_party");
  EXPECT_NE(FC.Identity.find(R.LineFilter), std::string::npos);
  // The workers see the same options, restricted to the module's checks.
  auto Worker = (*Cfg)->workerProvider();
  EXPECT_EQ(Worker->getGlobalOptions().LineFilter.size(), 1u);
  std::string Checks = Worker->getOptions("/nowhere/a.cpp").Checks.value_or("");
  EXPECT_TRUE(llvm::StringRef(Checks).ends_with(
      "-clang-analyzer-*,-clang-diagnostic-*"))
      << Checks;

  R.LineFilter = "[{\"name\":";
  auto Bad = CheckConfig::create(R);
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("invalid --line-filter"),
            std::string::npos);
}

// The checks the module registers and the catalog that names and describes
// them (transformers-tidy/CheckCatalog.h) are the same set, and each one's
// page exists.
TEST(CheckCatalog, EveryRegisteredCheckIsDescribed) {
  std::vector<std::string> Catalog;
  for (const transformers_tidy::CheckInfo &Info :
       transformers_tidy::AllChecks) {
    Catalog.push_back(Info.Name);
    EXPECT_EQ(checkDescription(Info.Name), Info.Summary);
    EXPECT_TRUE(llvm::sys::fs::exists(std::string(TT_TEST_SOURCE_DIR) + "/" +
                                      Info.DocsPage))
        << Info.DocsPage;
  }
  llvm::sort(Catalog);
  EXPECT_EQ(knownChecks(), Catalog);
}

} // namespace
