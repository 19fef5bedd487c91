//===- ASTTestUtil.h - Snippets parsed for the utils' tests -----*- C++ -*-===//
//
// The checks' utils answer questions about ASTs. These helpers parse a C++17
// snippet into an ASTUnit (with the reference library's headers and Clang's
// builtin headers on the include path, so a snippet may include <vector> or
// <transformers/transformers.h>) and find the nodes a test asks about.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_TEST_UNIT_CHECKS_ASTTESTUTIL_H
#define TRANSFORMERS_TIDY_TEST_UNIT_CHECKS_ASTTESTUTIL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>
#include <vector>

namespace transformers_tidy {
namespace test {

/// Parses \p Code as a C++17 translation unit. Reports a test failure and
/// returns null when it does not compile (its diagnostics go to stderr).
inline std::unique_ptr<clang::ASTUnit>
parseCode(llvm::StringRef Code,
          const std::vector<std::string> &ExtraArgs = {}) {
  std::vector<std::string> Args = {"-std=c++17",
                                   "-resource-dir=" TT_TEST_RESOURCE_DIR,
                                   "-I" TT_TEST_LIBRARY_INCLUDE_DIR};
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Args, "input.cc");
  if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
    ADD_FAILURE() << "the snippet does not compile:\n" << Code.str();
    return nullptr;
  }
  return AST;
}

/// The first node \p Matcher matches in \p Ctx (bound as "node"), or null.
template <typename NodeT, typename MatcherT>
const NodeT *findFirst(clang::ASTContext &Ctx, MatcherT Matcher) {
  return clang::ast_matchers::selectFirst<NodeT>(
      "node", clang::ast_matchers::match(Matcher.bind("node"), Ctx));
}

/// The type the snippet gives \p Name: a typedef or alias of that name (its
/// underlying type, sugar kept) or a variable or parameter (its declared
/// type). Null when there is none.
inline clang::QualType declaredType(clang::ASTContext &Ctx,
                                    llvm::StringRef Name) {
  using namespace clang::ast_matchers;
  const auto *D = findFirst<clang::NamedDecl>(Ctx, namedDecl(hasName(Name)));
  if (const auto *TD = llvm::dyn_cast_or_null<clang::TypedefNameDecl>(D))
    return TD->getUnderlyingType();
  if (const auto *VD = llvm::dyn_cast_or_null<clang::ValueDecl>(D))
    return VD->getType();
  return clang::QualType();
}

/// The class the typedef or alias \p Name names (through sugar), or null.
inline const clang::CXXRecordDecl *recordNamedBy(clang::ASTContext &Ctx,
                                                 llvm::StringRef Name) {
  clang::QualType T = declaredType(Ctx, Name);
  return T.isNull() ? nullptr : T.getCanonicalType()->getAsCXXRecordDecl();
}

} // namespace test
} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TEST_UNIT_CHECKS_ASTTESTUTIL_H
