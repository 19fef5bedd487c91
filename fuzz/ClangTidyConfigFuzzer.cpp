//===- ClangTidyConfigFuzzer.cpp - fuzz-clang-tidy-config -----------------===//
//
// Feeds the input, as .clang-tidy / --config text, through the path
// transformers-migrate takes (tools/transformers-migrate/CheckConfig.cpp:
// clang-tidy's parseConfiguration and ConfigOptionsProvider, then the
// translation into the core's CheckOptions of lib/Analysis/Options.cpp),
// and checks what the analyses rely on:
//  - only known checks are enabled, each with its options;
//  - list options hold no empty or untrimmed item and survive
//    serializeList / parseList unchanged (the plugin stores them that way);
//  - the include style survives includeStyleName / parseIncludeStyle.
// The raw input is also parsed as one list option value.
//
//===----------------------------------------------------------------------===//

#include "CheckConfig.h"
#include "FuzzCheck.h"
#include "transformers-tidy/Options.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace {

void checkList(const std::vector<std::string> &Items, llvm::StringRef What) {
  for (const std::string &I : Items) {
    TT_FUZZ_CHECK(!I.empty(), What << ": empty item");
    TT_FUZZ_CHECK(llvm::StringRef(I).trim() == I,
                  What << ": untrimmed item '" << I << "'");
    TT_FUZZ_CHECK(I.find(';') == std::string::npos,
                  What << ": item with a separator '" << I << "'");
  }
  TT_FUZZ_CHECK(transformers_tidy::parseList(
                    transformers_tidy::serializeList(Items)) == Items,
                What << ": does not survive serializeList/parseList");
}

void checkOptions(const transformers_tidy::CheckOptions &O) {
  checkList(O.TensorTypes, "TensorTypes");
  checkList(O.SinkTypes, "SinkTypes");
  transformers_tidy::IncludeStyle Back;
  TT_FUZZ_CHECK(transformers_tidy::parseIncludeStyle(
                    transformers_tidy::includeStyleName(O.Style), Back) &&
                    Back == O.Style,
                "IncludeStyle does not survive includeStyleName");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  checkList(transformers_tidy::parseList(Text), "raw input as a list");

  // The tool rejects an empty --config earlier (it means "not given").
  if (Text.empty())
    return 0;
  tmigrate::ConfigRequest Request;
  Request.Config = Text.str();
  auto Config = tmigrate::CheckConfig::create(Request);
  if (!Config) {
    llvm::consumeError(Config.takeError());
    return 0;
  }
  tmigrate::FileConfig FC = (*Config)->configFor("/tt-fuzz/project/main.cpp");
  TT_FUZZ_CHECK(FC.EnabledChecks.size() == FC.Options.size(),
                "enabled checks and options differ in number");
  const std::vector<std::string> &Known = tmigrate::knownChecks();
  for (size_t I = 0; I < FC.EnabledChecks.size(); ++I) {
    TT_FUZZ_CHECK(std::find(Known.begin(), Known.end(), FC.EnabledChecks[I]) !=
                      Known.end(),
                  "unknown check enabled: " << FC.EnabledChecks[I]);
    checkOptions(FC.Options[I]);
  }
  // The runner compiles the header filter into a Regex per TU; matching
  // a short path is what it does with it.
  if (!FC.HeaderFilter.empty()) {
    llvm::Regex Filter(FC.HeaderFilter);
    if (Filter.isValid())
      (void)Filter.match("/tt-fuzz/project/include/model.h");
  }
  return 0;
}
