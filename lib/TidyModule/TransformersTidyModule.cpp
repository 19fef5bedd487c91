//===- TransformersTidyModule.cpp - The `transformers` clang-tidy module --===//
//
// Built as TransformersTidyModule-llvm<N>.so and loaded by the shim
// TransformersTidyModule.so (VersionShim.cpp) only into clang-tidy <N>. It
// links no LLVM/Clang libraries: every symbol comes from the loading
// clang-tidy, and it is linked with -z now so that a clang-tidy of another
// major version loading it directly refuses it instead of failing later.
//
//===----------------------------------------------------------------------===//

#include "CacheImplementationConflictCheck.h"
#include "LegacyCacheCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "transformers-tidy/CheckCatalog.h"
#include "transformers-tidy/LLVMCompat.h"
#include TT_CLANG_TIDY_MODULE_REGISTRY_H

using namespace clang::tidy;

namespace transformers_tidy {
namespace {

class TransformersModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<LegacyCacheCheck>(LegacyCacheInfo.Name);
    Factories.registerCheck<CacheImplementationConflictCheck>(
        CacheImplementationConflictInfo.Name);
  }
};

} // namespace
} // namespace transformers_tidy

static ClangTidyModuleRegistry::Add<transformers_tidy::TransformersModule>
    TransformersModuleRegistration(
        "transformers-module",
        "Checks for the transformers C++ generation cache API.");
