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

#ifndef TRANSFORMERS_TIDY_UTILS_LOCALPARENTMAP_H
#define TRANSFORMERS_TIDY_UTILS_LOCALPARENTMAP_H

#include "clang/AST/ASTTypeTraits.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class DeclContext;
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

  /// A node's parents.
  struct Parents {
    NodeList List;
    /// The identities of those that have one, once List is long: a node
    /// may have thousands of parents (an in-class initializer has one per
    /// constructor or aggregate initialization that uses it), and searching
    /// List for each new one would take quadratic time.
    std::unique_ptr<llvm::DenseSet<const void *>> Identities;
  };

  /// A declaration a DeclContext's traversal enters, with its source range
  /// as expanded in its file.
  struct Span {
    clang::SourceLocation Begin, End;
    /// Its place in the DeclContext's decls().
    unsigned Order;
    clang::Decl *D;
  };
  /// The look-ups in a DeclContext so far; once there were ScansBeforeIndex
  /// of them, its Spans sorted by Begin, and for each the latest End of it
  /// and those before it.
  struct SpanIndex {
    unsigned Scans = 0;
    bool Indexed = false;
    std::vector<Span> Spans;
    std::vector<clang::SourceLocation> MaxEnd;
  };
  static constexpr unsigned ScansBeforeIndex = 8;

  const NodeList *find(const clang::DynTypedNode &Node) const;
  /// Records the declarations of \p DC (recursively through namespaces)
  /// whose range contains \p Loc, unless recorded already.
  void recordAround(clang::SourceLocation Loc, clang::DeclContext *DC,
                    llvm::SmallVectorImpl<clang::DynTypedNode> &Stack);
  /// The declarations of \p DC that \p R enters from it and whose range
  /// contains \p Loc, in the order of decls().
  llvm::SmallVector<clang::Decl *, 2>
  declsAround(clang::SourceLocation Loc, clang::DeclContext *DC, Recorder &R);
  void buildIndex(SpanIndex &SI, clang::DeclContext *DC, Recorder &R);
  void addParent(const clang::DynTypedNode &Child,
                 const clang::DynTypedNode &Parent);

  clang::ASTContext &Ctx;
  llvm::DenseMap<const void *, Parents> PointerParents;
  llvm::DenseMap<clang::DynTypedNode, Parents> OtherParents;
  llvm::SmallPtrSet<const clang::Decl *, 8> Recorded;
  llvm::DenseMap<const clang::DeclContext *, SpanIndex> Contexts;
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

#endif // TRANSFORMERS_TIDY_UTILS_LOCALPARENTMAP_H
