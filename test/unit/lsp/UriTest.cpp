//===- UriTest.cpp - file:// URIs -----------------------------------------===//

#include "protocol/Uri.h"
#include "gtest/gtest.h"

using namespace tlsp;

namespace {

std::string pathOrError(llvm::StringRef Uri) {
  llvm::Expected<std::string> P = uriToPath(Uri);
  return P ? *P : "error: " + llvm::toString(P.takeError());
}

TEST(Uri, FileUrisArePercentDecoded) {
  EXPECT_EQ(pathOrError("file:///src/a%20b/%C3%A9.cpp"), "/src/a b/é.cpp");
  EXPECT_EQ(pathOrError("file://localhost/x.cpp"), "/x.cpp");
  EXPECT_EQ(pathOrError("FILE:///x.cpp"), "/x.cpp");
}

TEST(Uri, OtherUrisAreErrorsThatSayWhy) {
  EXPECT_NE(pathOrError("untitled:Untitled-1").find("not a file: URI"),
            std::string::npos);
  EXPECT_NE(pathOrError("file://host/x.cpp").find("another host"),
            std::string::npos);
  EXPECT_NE(pathOrError("file:x.cpp").find("not an absolute path"),
            std::string::npos);
  EXPECT_NE(pathOrError("file:///x%2").find("truncated"), std::string::npos);
  EXPECT_NE(pathOrError("file:///x%zz").find("invalid"), std::string::npos);
  EXPECT_NE(pathOrError("file:///x%00y").find("NUL"), std::string::npos);
}

TEST(Uri, PathsRoundTrip) {
  for (llvm::StringRef P : {"/a/b.cpp", "/with space/é 🙂.h", "/x%y#z?.cc"}) {
    std::string U = pathToUri(P);
    EXPECT_EQ(U.find_first_of(" #?"), std::string::npos) << U;
    EXPECT_EQ(pathOrError(U), P);
  }
}

} // namespace
