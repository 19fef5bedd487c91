//===- OutputGuardTest.cpp ------------------------------------------------===//

#include "driver/OutputGuard.h"
#include "gtest/gtest.h"

using tmigrate::stripOutputArguments;
using Args = std::vector<std::string>;

namespace {

/// The compiler, the spelling under test, then a flag that must survive.
Args strip(Args Spelling) {
  Args A = {"clang++", "-std=c++20"};
  A.insert(A.end(), Spelling.begin(), Spelling.end());
  A.push_back("-DKEEP");
  A.push_back("a.cpp");
  return stripOutputArguments(A);
}

const Args Kept = {"clang++", "-std=c++20", "-DKEEP", "a.cpp"};

TEST(StripOutputArguments, DependencyFiles) {
  EXPECT_EQ(strip({"-MD"}), Kept);
  EXPECT_EQ(strip({"-MMD", "-MF", "a.d", "-MT", "t", "-MQ", "q"}), Kept);
  EXPECT_EQ(strip({"-MFa.d", "-MP", "-MV"}), Kept);
  EXPECT_EQ(strip({"--write-dependencies", "--write-user-dependencies"}), Kept);
  // -MJ writes a compilation database fragment; clang's own "-M*" adjuster
  // left its value behind as an input file.
  EXPECT_EQ(strip({"-MJ", "frag.json"}), Kept);
  EXPECT_EQ(strip({"-MJfrag.json"}), Kept);
}

TEST(StripOutputArguments, PreprocessorForwarding) {
  EXPECT_EQ(strip({"-Wp,-MD,a.d"}), Kept);
  EXPECT_EQ(strip({"-Wp,-MMD,a.d"}), Kept);
  EXPECT_EQ(strip({"-Wp,-MD,a.d,-DX"}),
            (Args{"clang++", "-std=c++20", "-Wp,-DX", "-DKEEP", "a.cpp"}));
  EXPECT_EQ(strip({"-Xpreprocessor", "-MD", "-Xpreprocessor", "-MF",
                   "-Xpreprocessor", "a.d"}),
            Kept);
  EXPECT_EQ(strip({"-Xpreprocessor", "-DX"}),
            (Args{"clang++", "-std=c++20", "-Xpreprocessor", "-DX", "-DKEEP",
                  "a.cpp"}));
}

TEST(StripOutputArguments, FrontendOptions) {
  EXPECT_EQ(strip({"-Xclang", "-dependency-file", "-Xclang", "a.d"}), Kept);
  EXPECT_EQ(strip({"-Xclang", "-serialize-diagnostic-file", "-Xclang", "a"}),
            Kept);
  EXPECT_EQ(strip({"-Xclang", "-header-include-file", "-Xclang", "h"}), Kept);
  EXPECT_EQ(strip({"-Xclang", "-stats-file=s"}), Kept);
  EXPECT_EQ(strip({"-Xclang=-ftime-trace=t.json"}), Kept);
  // Appends to any path; prints completions into the tool's report.
  EXPECT_EQ(strip({"-Xclang", "-diagnostic-log-file", "-Xclang", "/tmp/log"}),
            Kept);
  EXPECT_EQ(strip({"-Xclang", "-code-completion-at=a.cpp:1:1"}), Kept);
  // Other -Xclang arguments are the user's and stay.
  EXPECT_EQ(strip({"-Xclang", "-fno-pch-timestamp"}),
            (Args{"clang++", "-std=c++20", "-Xclang", "-fno-pch-timestamp",
                  "-DKEEP", "a.cpp"}));
}

TEST(StripOutputArguments, OtherOutputs) {
  EXPECT_EQ(strip({"--serialize-diagnostics", "a.dia"}), Kept);
  EXPECT_EQ(strip({"-ftime-trace", "-ftime-trace=t.json"}), Kept);
  EXPECT_EQ(strip({"-save-temps", "-save-temps=obj"}), Kept);
  EXPECT_EQ(strip({"-o", "a.o", "-oa.o"}), Kept);
  EXPECT_EQ(strip({"-gen-cdb-fragment-path", "dir"}), Kept);
  EXPECT_EQ(strip({"-fproc-stat-report=s.csv"}), Kept);
}

TEST(StripOutputArguments, LeavesEverythingElse) {
  Args A = {"clang++", "-std=c++17", "-I",    "inc",   "-isystem", "sys",
            "-DM=1",   "-c",         "a.cpp", "-Wall", "-Werror"};
  EXPECT_EQ(stripOutputArguments(A), A);
  // A trailing option missing its value is the driver's to report.
  Args Missing = {"clang++", "a.cpp", "-MF"};
  EXPECT_EQ(stripOutputArguments(Missing), Missing);
  EXPECT_EQ(stripOutputArguments({"clang++"}), Args{"clang++"});
}

TEST(StripOutputArguments, ClangCl) {
  EXPECT_EQ(stripOutputArguments({"clang-cl", "/Foa.obj", "/c", "a.cpp",
                                  "/sourceDependencies", "d.json"}),
            (Args{"clang-cl", "/c", "a.cpp"}));
}

} // namespace
