//===- ResponseFileTest.cpp -----------------------------------------------===//

#include "TestFiles.h"
#include "input/ResponseFileDatabase.h"
#include "gtest/gtest.h"
#include <sys/stat.h>

using namespace tmigrate;
using namespace tmigrate::testing;
using clang::tooling::CompileCommand;

namespace {

CompileCommand command(const ScratchDir &D, std::vector<std::string> Args) {
  return CompileCommand(D.Path, D.path("a.cpp"), std::move(Args), "");
}

TEST(ResponseFiles, ExpandedRelativeToTheDirectoryAndNested) {
  ScratchDir D;
  D.write("flags.rsp", "-std=c++20 @more.rsp\n");
  D.write("more.rsp", "-I inc \"-DNAME=a b\"\n");
  CompileCommand C = command(D, {"clang++", "@flags.rsp", "-c", "a.cpp"});
  ASSERT_FALSE(expandResponseFiles(C));
  EXPECT_EQ(C.CommandLine,
            (std::vector<std::string>{"clang++", "-std=c++20", "-I", "inc",
                                      "-DNAME=a b", "-c", "a.cpp"}));
  EXPECT_EQ(ResponseFileDatabase::expansionError(
                command(D, {"clang++", "@flags.rsp"})),
            std::nullopt);
}

TEST(ResponseFiles, LoopsAndSpecialFilesAreErrors) {
  ScratchDir D;
  D.write("loop.rsp", "@loop.rsp\n");
  auto Loop = ResponseFileDatabase::expansionError(
      command(D, {"clang++", "@loop.rsp"}));
  ASSERT_TRUE(Loop);
  EXPECT_NE(Loop->find("recursive expansion"), std::string::npos) << *Loop;
  ASSERT_EQ(::mkfifo(D.path("fifo.rsp").c_str(), 0644), 0);
  EXPECT_TRUE(ResponseFileDatabase::expansionError(
      command(D, {"clang++", "@fifo.rsp"})));
  ASSERT_EQ(::symlink("/dev/zero", D.path("zero.rsp").c_str()), 0);
  EXPECT_TRUE(ResponseFileDatabase::expansionError(
      command(D, {"clang++", "@zero.rsp"})));
}

// No loop, but every file names the next one twice: 2^40 arguments from
// 41 small files. The expansion stops at its budget instead of running out
// of memory.
TEST(ResponseFiles, ExpansionHasOneBudget) {
  ScratchDir D;
  for (int I = 0; I < 40; ++I)
    D.write("f" + std::to_string(I) + ".rsp",
            "@f" + std::to_string(I + 1) + ".rsp @f" + std::to_string(I + 1) +
                ".rsp\n");
  D.write("f40.rsp", "-DLEAF\n");
  auto Why =
      ResponseFileDatabase::expansionError(command(D, {"clang++", "@f0.rsp"}));
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("Argument list too long"), std::string::npos) << *Why;
  // A few levels stay well within it.
  CompileCommand Small = command(D, {"clang++", "@f36.rsp"});
  ASSERT_FALSE(expandResponseFiles(Small));
  EXPECT_EQ(Small.CommandLine.size(), 1u + 16u);
}

TEST(ResponseFiles, CommandsWithoutThemAreUntouched) {
  ScratchDir D;
  CompileCommand C = command(D, {"clang++", "-c", "a.cpp"});
  ASSERT_FALSE(expandResponseFiles(C));
  EXPECT_EQ(C.CommandLine,
            (std::vector<std::string>{"clang++", "-c", "a.cpp"}));
}

} // namespace
