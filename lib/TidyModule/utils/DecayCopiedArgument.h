//===- DecayCopiedArgument.h - Arguments stored for a later call -*- C++
//-*-===//
//
// `std::thread t(run, std::cref(model), ids, legacy)` decay-copies `legacy`
// into the thread's state and converts it to run's PastKeyValues parameter
// only when the thread calls `run`, inside the standard library. So do
// std::bind, std::bind_front, std::async and std::jthread. The value travels
// through a member of a library object, not through parameters, so the
// forwarding search (ForwardedArgument.h) cannot follow it; but the
// standard fixes where each stored argument goes: the callable's parameter
// at the same position (after the object for a member function pointer, and
// after the std::stop_token std::jthread passes first when the callable
// takes one). A std::bind placeholder takes a position like any argument.
//
// Only the declaration of the callable is needed, never a library body, so
// this costs no re-parse in transformers-migrate.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_DECAYCOPIEDARGUMENT_H
#define TRANSFORMERS_TIDY_UTILS_DECAYCOPIEDARGUMENT_H

#include "transformers-tidy/TypeNames.h"
#include <optional>
#include <string>

namespace clang {
class CXXRecordDecl;
class Expr;
class FunctionDecl;
} // namespace clang

namespace transformers_tidy {

/// Where a decay-copied argument is converted to a sink type.
struct DecayCopyTarget {
  /// How the user spelled the std facility: "std::bind", "std::thread", ...
  std::string Facility;
  /// How a note names the callable: "'run'", "the lambda", "the callable".
  std::string CallableName;
  /// The name of the callable's parameter; empty when unnamed or unknown.
  std::string ParameterName;
  /// The sink type the parameter has.
  const clang::CXXRecordDecl *Sink = nullptr;
};

/// Whether \p Callee is one of the std facilities that decay-copy their
/// arguments for a later call (std::bind, std::bind_front, std::async, the
/// constructors of std::thread and std::jthread). Their arguments are
/// judged by decayCopyTarget() alone: the forwarding search would follow
/// them into library bodies for nothing.
bool storesArgumentsForLaterCall(const clang::FunctionDecl *Callee);

/// For argument \p ArgIndex of \p Call (a call of such a facility), the
/// callable's parameter it will be passed to, when that parameter is of one
/// of \p SinkTypes, by value or by a reference a converted temporary binds
/// to (`const&`, `&&`). None when the callable or the position cannot be
/// known (an overloaded or generic call operator, a variadic tail).
std::optional<DecayCopyTarget> decayCopyTarget(const clang::Expr *Call,
                                               unsigned ArgIndex,
                                               const TypeNames &SinkTypes);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_DECAYCOPIEDARGUMENT_H
