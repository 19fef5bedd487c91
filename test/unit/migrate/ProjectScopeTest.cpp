//===- ProjectScopeTest.cpp -----------------------------------------------===//

#include "TestFiles.h"
#include "input/CompilationDatabaseLoader.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

TEST(ProjectScope, RootsAndNamedFiles) {
  ProjectScope S;
  S.Roots = {"/p/src", "/p/build"};
  S.NamedFiles = {"/elsewhere/named.cpp"};
  EXPECT_TRUE(S.contains("/p/src/a.cpp"));
  EXPECT_TRUE(S.contains("/p/build/gen/x.h"));
  EXPECT_TRUE(S.contains("/elsewhere/named.cpp"));
  EXPECT_FALSE(S.contains("/elsewhere/other.h"));
  EXPECT_FALSE(S.contains("/p/srcx/a.cpp"));
  EXPECT_FALSE(S.contains("/p/include/a.h"));
  EXPECT_EQ(S.describe(), "/p/src, /p/build");
}

/// A make_project.py-like tree: DIR/build/compile_commands.json.
std::string writeDatabase(const ScratchDir &D,
                          const std::vector<std::string> &Files) {
  EXPECT_FALSE(llvm::sys::fs::create_directories(D.path("build")));
  std::string Json = "[";
  for (const std::string &F : Files)
    Json += std::string(Json.size() > 1 ? "," : "") + "{\"directory\": \"" +
            D.path("build") + "\", \"file\": \"" + F +
            "\", \"arguments\": [\"clang++\", \"-c\", \"" + F + "\"]}";
  D.write("build/compile_commands.json", Json + "]");
  return D.path("build");
}

/// DIR/src/a.cpp and a database in DIR/build listing it and \p Others.
DatabaseRequest sourceTree(const ScratchDir &D,
                           std::vector<std::string> Others = {}) {
  EXPECT_FALSE(llvm::sys::fs::create_directories(D.path("src")));
  D.write("src/a.cpp", "");
  Others.insert(Others.begin(), D.path("src/a.cpp"));
  DatabaseRequest R;
  R.BuildPath = writeDatabase(D, Others);
  return R;
}

TEST(ProjectScope, NeverWidenedByTheEntries) {
  ScratchDir D;
  DatabaseRequest R = sourceTree(D, {"/etc/hostname", "../../outside.cpp"});
  auto DB = loadCompilationDatabase(R);
  ASSERT_TRUE(bool(DB)) << llvm::toString(DB.takeError());
  // The build directory holds no source: its parent is the project.
  EXPECT_EQ(DB->Project.Roots, std::vector<std::string>{realPathOf(D.Path)});
}

// The parent of a build directory without sources is the project only when
// it holds some of them: a database whose files are all elsewhere (-p /build
// in a container, where the parent would be /) keeps to its own directory.
TEST(ProjectScope, TheParentOnlyWhenItHoldsSources) {
  ScratchDir D;
  DatabaseRequest R;
  R.BuildPath = writeDatabase(D, {"/etc/hostname", "/usr/include/stdio.h"});
  auto DB = loadCompilationDatabase(R);
  ASSERT_TRUE(bool(DB)) << llvm::toString(DB.takeError());
  EXPECT_EQ(DB->Project.Roots,
            std::vector<std::string>{realPathOf(D.path("build"))});
}

// A CMake record naming / (or the home directory) is not taken.
TEST(ProjectScope, NeverTheFileSystemRoot) {
  ScratchDir D;
  DatabaseRequest R = sourceTree(D);
  D.write("build/CMakeCache.txt", "CMAKE_HOME_DIRECTORY:INTERNAL=/\n");
  auto DB = loadCompilationDatabase(R);
  ASSERT_TRUE(bool(DB));
  EXPECT_EQ(DB->Project.Roots, std::vector<std::string>{realPathOf(D.Path)});
}

TEST(ProjectScope, CMakeRecordsTheSourceDirectory) {
  ScratchDir D;
  DatabaseRequest R = sourceTree(D);
  D.write("build/CMakeCache.txt",
          "CMAKE_HOME_DIRECTORY:INTERNAL=" + D.path("src") + "\n");
  auto DB = loadCompilationDatabase(R);
  ASSERT_TRUE(bool(DB));
  EXPECT_EQ(DB->Project.Roots,
            (std::vector<std::string>{realPathOf(D.path("src")),
                                      realPathOf(D.path("build"))}));
}

TEST(ProjectScope, WhatTheUserSays) {
  ScratchDir D;
  DatabaseRequest R = sourceTree(D);
  R.ProjectRoots = {D.path("src")};
  R.Files = {D.path("src/a.cpp")};
  auto DB = loadCompilationDatabase(R);
  ASSERT_TRUE(bool(DB));
  EXPECT_EQ(DB->Project.Roots,
            std::vector<std::string>{realPathOf(D.path("src"))});
  EXPECT_EQ(DB->Project.NamedFiles,
            std::vector<std::string>{realPathOf(D.path("src/a.cpp"))});
  R.ProjectRoots = {D.path("missing")};
  auto Bad = loadCompilationDatabase(R);
  ASSERT_FALSE(Bad);
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "--project-root '" + D.path("missing") + "' is not a directory");
}

} // namespace
