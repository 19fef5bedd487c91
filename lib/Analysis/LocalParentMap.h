//===- LocalParentMap.h - Parents within one declaration -------*- C++ -*-===//
//
// The analyses ask for the parents of a few nodes per finding: what a sink
// initialises, the enclosing function, whether it is in a template
// instantiation. ASTContext::getParents() answers from a map of the whole
// traversal scope, built on first use. clang-tidy 19 traverses the system
// headers too, so on an STL-heavy TU that map cost about a tenth of the
// parse, as soon as the TU had one finding.
//
// This map holds only the parents within the top-level declarations (looked
// for inside namespaces, linkage specifications and export blocks) whose
// source range contains the node asked about, recorded the way clang's map
// records them (the RecursiveASTVisitor's order, with template
// instantiations and implicit code, as seen with TK_AsIs), so it gives the
// same answers. A node outside every such declaration, for instance in the
// instantiation of a member template defined out of line, is answered by
// the ASTContext's map.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LIB_LOCALPARENTMAP_H
#define TRANSFORMERS_TIDY_LIB_LOCALPARENTMAP_H

#include "clang/AST/ASTTypeTraits.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang {
class ASTContext;
class Decl;
class DeclContext;
class SourceLocation;
class Stmt;
} // namespace clang

namespace transformers_tidy {

class LocalParentMap {
public:
  using NodeList = llvm::SmallVector<clang::DynTypedNode, 1>;

  explicit LocalParentMap(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The parents of \p Node, as ASTContext::getParents() gives them.
  NodeList parents(const clang::DynTypedNode &Node);
  template <typename T> NodeList parents(const T &Node) {
    return parents(clang::DynTypedNode::create(Node));
  }

  clang::ASTContext &context() const { return Ctx; }

private:
  class Recorder;
  friend class Recorder;

  const NodeList *find(const clang::DynTypedNode &Node) const;
  /// Records the declarations of \p DC (recursively through namespaces)
  /// whose range contains \p Loc, unless recorded already.
  void recordAround(clang::SourceLocation Loc, clang::DeclContext *DC,
                    llvm::SmallVectorImpl<clang::DynTypedNode> &Stack);
  void addParent(const clang::DynTypedNode &Child,
                 const clang::DynTypedNode &Parent);

  clang::ASTContext &Ctx;
  llvm::DenseMap<const void *, NodeList> PointerParents;
  llvm::DenseMap<clang::DynTypedNode, NodeList> OtherParents;
  llvm::SmallPtrSet<const clang::Decl *, 8> Recorded;
};

/// An analysis' LocalParentMap for the current translation unit, made on
/// first use; reset() between translation units (the map points into the
/// TU's ASTContext).
class TUParentMap {
public:
  LocalParentMap &of(clang::ASTContext &Ctx) {
    if (!Map)
      Map.emplace(Ctx);
    return *Map;
  }
  void reset() { Map.reset(); }

private:
  std::optional<LocalParentMap> Map;
};

/// Whether \p S is in a template instantiation: the test of clang's
/// isInTemplateInstantiation() matcher (an ancestor is a class or function
/// template instantiation), through \p Parents.
bool isInTemplateInstantiation(const clang::Stmt &S, LocalParentMap &Parents);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_LIB_LOCALPARENTMAP_H
