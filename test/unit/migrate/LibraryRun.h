//===- LibraryRun.h - Runs over the reference library --------- -*- C++ -*-===//
//
// What the whole-run unit tests (MigrationTest, FastPathTest,
// CatalogDrivenTest) share: a source with one finding, a request that
// analyses files of a scratch directory against the reference library's
// headers, and its analysis.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_UNITTESTS_LIBRARYRUN_H
#define TRANSFORMERS_MIGRATE_UNITTESTS_LIBRARYRUN_H

#include "Migration.h"
#include "TestFiles.h"
#include "input/CheckConfig.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>
#include <vector>

namespace tmigrate::testing {

/// A legacy cache handed to forward(): one transformers-legacy-cache
/// finding, with a fix.
constexpr char LegacyHandOff[] =
    R"(#include <transformers/transformers.h>

void step(const transformers::LlamaForCausalLM &model,
          const transformers::TokenIds &ids,
          const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
)";

/// A file that includes the library and uses no cache: no finding.
constexpr char LibraryClean[] = R"(#include <transformers/transformers.h>

int twice(int x) { return 2 * x; }
)";

/// A quiet, single-job run over \p Files of \p D with the library's
/// headers; the prefilter and the cache keep their defaults (the callers
/// set them).
inline MigrationRequest libraryRun(const ScratchDir &D,
                                   std::vector<std::string> Files) {
  MigrationRequest R;
  R.Database.FixedArgs =
      std::vector<std::string>{"-std=c++20", "-I", TT_TEST_LIBRARY_INCLUDE_DIR};
  R.Database.Files = std::move(Files);
  R.Database.ProjectRoots = {D.Path};
  R.Run.Jobs = 1;
  R.Run.ResourceDir = TT_MIGRATE_RESOURCE_DIR;
  R.Quiet = true;
  return R;
}

/// The configuration \p Yaml ("" for none); null, and a test failure, if
/// it cannot be read.
inline std::unique_ptr<CheckConfig> config(const std::string &Yaml = "") {
  ConfigRequest CR;
  CR.Config = Yaml;
  auto C = CheckConfig::create(CR);
  if (!C) {
    ADD_FAILURE() << toString(C.takeError());
    return nullptr;
  }
  return std::move(*C);
}

/// A run's analysis: its findings as "<check> <file>:<line>" and its log.
struct Analysed {
  std::unique_ptr<CheckConfig> Config; // outlives the run that refers to it
  std::unique_ptr<Migration> M;
  std::string Log;
  std::vector<std::string> Findings;
};

/// Opens \p R under the configuration \p Config (YAML, "" for none) and
/// analyses it; a stage that fails is a test failure.
inline Analysed analyse(MigrationRequest R, const std::string &Config = "") {
  Analysed Out;
  Out.Config = config(Config);
  if (!Out.Config)
    return Out;
  auto M = Migration::open(std::move(R), *Out.Config);
  if (!M) {
    ADD_FAILURE() << toString(M.takeError());
    return Out;
  }
  llvm::raw_string_ostream OS(Out.Log);
  if (llvm::Error E = (*M)->analyse(nullptr, OS))
    ADD_FAILURE() << toString(std::move(E));
  for (const Record &Rec : (*M)->records())
    Out.Findings.push_back(Rec.check().str() + " " + Rec.Diag.Message.FilePath +
                           ":" + std::to_string(Rec.At.Line));
  Out.M = std::move(*M);
  return Out;
}

} // namespace tmigrate::testing

#endif // TRANSFORMERS_MIGRATE_UNITTESTS_LIBRARYRUN_H
