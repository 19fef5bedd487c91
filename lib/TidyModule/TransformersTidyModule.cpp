//===- TransformersTidyModule.cpp - The `transformers` clang-tidy module --===//
//
// Loaded with `clang-tidy -load TransformersTidyModule.so`. The plugin links
// no LLVM/Clang libraries: every symbol comes from the loading clang-tidy,
// and it is linked with -z now so that a clang-tidy of another major version
// refuses to load it instead of failing later.
//
//===----------------------------------------------------------------------===//

#include "CacheImplementationConflictCheck.h"
#include "LegacyCacheCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

using namespace clang::tidy;

namespace transformers_tidy {
namespace {

class TransformersModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<LegacyCacheCheck>("transformers-legacy-cache");
    Factories.registerCheck<CacheImplementationConflictCheck>(
        "transformers-cache-implementation-conflict");
  }
};

} // namespace
} // namespace transformers_tidy

static ClangTidyModuleRegistry::Add<transformers_tidy::TransformersModule>
    TransformersModuleRegistration(
        "transformers-module",
        "Checks for the transformers C++ generation cache API.");
