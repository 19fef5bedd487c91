//===- InstantiationAgreement.cpp - One fix for every instantiation -------===//

#include "InstantiationAgreement.h"
#include "LocalParentMap.h"
#include "SinkContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace transformers_tidy {

/// The expression as the user wrote it that node \p E stands for: implicit
/// casts, temporaries and converting constructions share the range of the
/// expression they wrap.
static const Expr *writtenForm(const Expr *E) {
  while (true) {
    const Expr *W = ignoreImplicitAsWritten(E);
    const auto *C = dyn_cast<CXXConstructExpr>(W);
    if (!C || isa<CXXTemporaryObjectExpr>(C) || C->isListInitialization() ||
        C->getNumArgs() == 0 ||
        C->getSourceRange() != C->getArg(0)->getSourceRange())
      return W;
    E = C->getArg(0);
  }
}

/// How a note names a specialization: 'go<Raw>', 'Runner::resume<Raw>',
/// 'operator()<Raw>' of a lambda.
static std::string describe(const NamedDecl &Specialization) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  const auto *MD = dyn_cast<CXXMethodDecl>(&Specialization);
  bool OfLambda = MD && MD->getParent()->isLambda();
  // As written: no "(anonymous namespace)::" or inline namespace.
  PrintingPolicy Policy = Specialization.getASTContext().getPrintingPolicy();
  Policy.SuppressUnwrittenScope = true;
  Specialization.getNameForDiagnostic(OS, Policy, /*Qualified=*/!OfLambda);
  return "'" + Name + "'" + (OfLambda ? " of the lambda" : "");
}

/// The nearest declaration around \p E.
static const Decl *enclosingDecl(const Expr *E, LocalParentMap &Parents) {
  DynTypedNode N = DynTypedNode::create(*E);
  while (true) {
    LocalParentMap::NodeList Ps = Parents.parents(N);
    if (Ps.empty())
      return nullptr;
    if (const auto *D = Ps.front().get<Decl>())
      return D;
    N = Ps.front();
  }
}

void InstantiationAgreement::converted(const Expr *Converter,
                                       const Expr *Value) {
  Converters[Converter] = FindingBuffer::keyFor(Value->getSourceRange());
}

void InstantiationAgreement::ask(const Expr *Converter, const Expr *Value,
                                 LocalParentMap &Parents) {
  Key K = FindingBuffer::keyFor(Value->getSourceRange());
  if (Questions.count(K))
    return;
  Question Q{Value, nullptr, nullptr};
  // From the converter: the value's node may be the template's own, shared
  // by every instantiation.
  const Decl *D = enclosingDecl(Converter, Parents);
  const DeclContext *DC = nullptr;
  if (D)
    DC = isa<DeclContext>(D) ? cast<DeclContext>(D) : D->getDeclContext();
  // Innermost: the function as written. Outermost: the template whose
  // specializations hold every copy of the spelling (a class template's
  // specializations hold its member templates' specializations).
  for (; DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (!Q.Pattern)
        Q.Pattern = FD->getTemplateInstantiationPattern();
      if (isTemplateInstantiation(FD->getTemplateSpecializationKind()) &&
          FD->getPrimaryTemplate())
        Q.Template = FD->getPrimaryTemplate();
    } else if (const auto *CTSD =
                   dyn_cast<ClassTemplateSpecializationDecl>(DC)) {
      if (isTemplateInstantiation(CTSD->getSpecializationKind()))
        Q.Template = CTSD->getSpecializedTemplate();
    }
  }
  Questions.emplace(K, Q);
}

namespace {
/// Visits the expressions of one declaration, as written or instantiated,
/// with the specializations of the generic lambdas in it.
template <typename Derived>
class ExpressionVisitor : public RecursiveASTVisitor<Derived> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  /// An instantiated initializer list in its semantic form only: that is
  /// where the conversions are, and the syntactic form would show each
  /// copy of an expression a second time.
  bool TraverseInitListExpr(
      InitListExpr *S,
      typename RecursiveASTVisitor<Derived>::DataRecursionQueue *Queue =
          nullptr) {
    InitListExpr *Semantic = S->isSemanticForm() ? S : S->getSemanticForm();
    return this->TraverseSynOrSemInitListExpr(Semantic ? Semantic : S, Queue);
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    // The lambda's body, as written, is traversed as the LambdaExpr's
    // child; a generic lambda's instantiations only through its class.
    if (FunctionTemplateDecl *Op = LE->getDependentCallOperator())
      if (static_cast<Derived *>(this)->shouldVisitTemplateInstantiations())
        for (FunctionDecl *S : Op->specializations())
          this->TraverseDecl(S);
    return true;
  }
};

/// The spelling \p K in a function as written.
class WrittenFinder : public ExpressionVisitor<WrittenFinder> {
public:
  explicit WrittenFinder(FindingBuffer::Key K) : K(K) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitExpr(Expr *E) {
    if (FindingBuffer::keyFor(E->getSourceRange()) != K)
      return true;
    Found = writtenForm(E);
    return false;
  }
  const Expr *Found = nullptr;

private:
  FindingBuffer::Key K;
};

/// The copies of some spellings in the specializations of one template,
/// and whether each specialization converts all of its copies. A node the
/// template shares with its instantiations is visited once per tree it is
/// in, so counting visits counts copies.
class OccurrenceScanner : public ExpressionVisitor<OccurrenceScanner> {
public:
  using Key = FindingBuffer::Key;
  using Verdicts = std::map<Key, InstantiationAgreement::Verdict>;
  OccurrenceScanner(const llvm::DenseMap<Key, QualType> &Spellings,
                    const llvm::DenseMap<const Expr *, Key> &Converters,
                    Verdicts &Out)
      : Spellings(Spellings), Converters(Converters), Out(Out) {}

  void scan(NamedDecl *Specialization) {
    Copies.clear();
    Conversions.clear();
    TraverseDecl(Specialization);
    for (const auto &[K, N] : Copies) {
      InstantiationAgreement::Verdict &V = Out[K];
      if (N <= Conversions.lookup(K) ||
          V.Kind != InstantiationAgreement::Verdict::EveryInstantiationConverts)
        continue;
      V.Kind = InstantiationAgreement::Verdict::NotConverted;
      V.Instantiation = describe(*Specialization);
    }
  }

  bool VisitExpr(Expr *E) {
    if (auto C = Converters.find(E); C != Converters.end())
      ++Conversions[C->second];
    Key K = FindingBuffer::keyFor(E->getSourceRange());
    auto It = Spellings.find(K);
    // Implicit nodes around the expression share its range, and so may
    // unrelated ones (an implicit `this`); the spelling has one type.
    if (It != Spellings.end() && writtenForm(E) == E &&
        E->getType().getNonReferenceType().getCanonicalType() ==
            It->second.getCanonicalType())
      ++Copies[K];
    return true;
  }

private:
  const llvm::DenseMap<Key, QualType> &Spellings;
  const llvm::DenseMap<const Expr *, Key> &Converters;
  Verdicts &Out;
  llvm::DenseMap<Key, unsigned> Copies, Conversions;
};
} // namespace

std::map<InstantiationAgreement::Key, InstantiationAgreement::Verdict>
InstantiationAgreement::judge() {
  std::map<Key, Verdict> Out;
  llvm::MapVector<const Decl *, llvm::DenseMap<Key, QualType>> ByTemplate;
  for (const auto &[K, Q] : Questions) {
    Verdict &V = Out[K];
    if (!Q.Template || !Q.Pattern)
      continue;
    WrittenFinder Finder(K);
    Finder.TraverseDecl(const_cast<FunctionDecl *>(Q.Pattern));
    if (!Finder.Found || Finder.Found->isTypeDependent())
      continue;
    V.Kind = Verdict::EveryInstantiationConverts;
    ByTemplate[Q.Template][K] = Q.Value->getType().getNonReferenceType();
  }
  for (const auto &[T, Spellings] : ByTemplate) {
    OccurrenceScanner Scanner(Spellings, Converters, Out);
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(T)) {
      for (FunctionDecl *S :
           const_cast<FunctionTemplateDecl *>(FTD)->specializations())
        if (isTemplateInstantiation(S->getTemplateSpecializationKind()))
          Scanner.scan(S);
    } else if (const auto *CTD = dyn_cast<ClassTemplateDecl>(T)) {
      for (ClassTemplateSpecializationDecl *S :
           const_cast<ClassTemplateDecl *>(CTD)->specializations())
        if (isTemplateInstantiation(S->getSpecializationKind()))
          Scanner.scan(S);
    }
  }
  return Out;
}

} // namespace transformers_tidy
