//===- InstantiationAgreement.h - One fix for every instantiation -*- C++
//-*-===//
//
// In `template <class M> int resume(const M &model, const LegacyCache &saved)
// { return ...model.generate(ids, {}, {.past_key_values = saved})...; }` the
// call depends on M, so `saved` is converted to a PastKeyValues only in the
// instantiations: the check matches it there, never in the template as
// written. A fix edits the template as written, so it must be right for
// every instantiation. It is when
//   1. the legacy expression is not type-dependent in the template, so it
//      has one type, and the wrap one meaning, in all of them; and
//   2. every instantiation in the TU that contains the expression converts
//      it to a sink. One whose model's `forward` takes the legacy type
//      itself would be handed a cache instead, and fail to compile or
//      behave differently.
// An `if constexpr` branch an instantiation discards does not contain the
// expression there, and so does not count.
//
// The check tells this class each value it reports inside an instantiation
// (converted()) and asks about the spellings that only instantiations
// reported (ask()); judge(), at the end of the TU, walks each template
// involved once, over all its specializations. Nothing here runs for a TU
// without a finding inside a template instantiation.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_INSTANTIATIONAGREEMENT_H
#define TRANSFORMERS_TIDY_UTILS_INSTANTIATIONAGREEMENT_H

#include "FindingBuffer.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <string>

namespace clang {
class Decl;
class Expr;
class FunctionDecl;
} // namespace clang

namespace transformers_tidy {

class LocalParentMap;

class InstantiationAgreement {
public:
  using Key = FindingBuffer::Key;

  struct Verdict {
    enum KindType {
      /// Every instantiation converts the expression: fix it.
      EveryInstantiationConverts,
      /// The expression's type depends on a template parameter (or the
      /// template could not be told): no fix.
      TypeDependent,
      /// Instantiation \c Instantiation contains the expression and does
      /// not convert it: no fix.
      NotConverted,
    } Kind = TypeDependent;
    /// For NotConverted, as a note names it: "'go<Raw>'".
    std::string Instantiation;
  };

  /// \p Converter, a node of a template instantiation (a sink construction
  /// or a call that forwards or stores the value), converts \p Value, an
  /// expression as written, to a sink type: the check reports it.
  void converted(const clang::Expr *Converter, const clang::Expr *Value);

  /// Asks judge() about the spelling of \p Value, converted by \p
  /// Converter (as in converted()).
  void ask(const clang::Expr *Converter, const clang::Expr *Value,
           LocalParentMap &Parents);

  /// The verdict for each spelling asked about.
  std::map<Key, Verdict> judge();

  void clear() {
    Converters.clear();
    Questions.clear();
  }

private:
  struct Question {
    const clang::Expr *Value;
    /// The function template or class template whose specializations may
    /// contain the spelling (the outermost one around it); null: unknown.
    const clang::Decl *Template;
    /// The function as written that contains the spelling.
    const clang::FunctionDecl *Pattern;
  };
  /// Converting nodes, by the spelling they convert. Instantiations share
  /// the nodes of non-dependent expressions with the template, so the
  /// value itself cannot tell which instantiation converts it.
  llvm::DenseMap<const clang::Expr *, Key> Converters;
  std::map<Key, Question> Questions;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_INSTANTIATIONAGREEMENT_H
