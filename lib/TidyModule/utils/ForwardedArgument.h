//===- ForwardedArgument.h - Values converted inside a forwarder -*- C++
//-*-===//
//
// `pending.emplace_back(legacy)` on a std::vector<PastKeyValues> converts the
// legacy value to a PastKeyValues inside libstdc++ (the allocator's construct
// / std::construct_at), and so do std::make_shared, optional / pair / tuple /
// variant in-place and converting constructors, map::try_emplace, and the
// user's own perfect-forwarding factories. clang-tidy does not report in
// system code and the conversion's operand there is a template parameter, so
// the place to report is the argument the user wrote.
//
// Starting from such a call, the search follows the parameter the argument
// binds to into the callee's (instantiated) body: through std::forward /
// std::move / static_cast<T&&>, into the arguments of further calls and
// constructions (member and base initialisers, placement new), and through
// std::forward_as_tuple / std::tuple packing and std::get<I> unpacking, until
// a sink type is constructed from it. It descends only into functions that
// pass arguments along: those declared in system headers that may forward
// (a parameter pack, a forwarding reference) and were instantiated with a
// class of the user's (std::make_shared<const LegacyCache> cannot construct
// a sink; std::vector<PastKeyValues>::emplace_back can), and the user's
// function templates whose parameter is a forwarding reference (T&&).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_FORWARDEDARGUMENT_H
#define TRANSFORMERS_TIDY_UTILS_FORWARDEDARGUMENT_H

#include "transformers-tidy/TypeNames.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace clang {
class Expr;
class FunctionDecl;
class ParmVarDecl;
class SourceManager;
} // namespace clang

namespace transformers_tidy {

/// What the search found for one argument of a call.
struct ForwardedConversion {
  /// The sink construction the argument reaches (null: none).
  const clang::Expr *Sink = nullptr;
  /// A function of the user's on the way that uses its parameter beyond
  /// passing it along: wrapping the argument would change the parameter's
  /// type there too, so no fix is offered (null: none).
  const clang::FunctionDecl *OtherUses = nullptr;
  /// A function the search had to follow the value into whose body the
  /// parse skipped (SkipFunctionBodies): what the search found may be
  /// incomplete (null: none).
  const clang::FunctionDecl *SkippedBody = nullptr;
};

/// The callee of \p Call (a CallExpr or CXXConstructExpr), or null.
const clang::FunctionDecl *calleeOf(const clang::Expr *Call);

/// The arguments of \p Call in the order of the callee's parameters (a
/// member operator's object left out).
llvm::SmallVector<const clang::Expr *, 4>
parameterArguments(const clang::Expr *Call);

/// Follows the value passed to parameter \p ParamIndex of \p Callee into
/// its body. \p SinkTypes and \p TensorTypes are the options' type names.
ForwardedConversion findForwardedConversion(const clang::FunctionDecl *Callee,
                                            unsigned ParamIndex,
                                            const TypeNames &SinkTypes,
                                            const TypeNames &TensorTypes,
                                            const clang::SourceManager &SM);

/// If \p E, through std::forward / std::move / std::get<I>, is a parameter
/// the search follows (a forwarding reference of the user's, a parameter of
/// a system function that may forward), that parameter: the value comes
/// from the callers, where it is reported, not here.
const clang::ParmVarDecl *forwardedParameter(const clang::Expr *E,
                                             const TypeNames &TensorTypes,
                                             const clang::SourceManager &SM);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_FORWARDEDARGUMENT_H
