//===- ClangTidyConfigFuzzer.cpp - fuzz-clang-tidy-config -----------------===//
//
// Feeds the input, as .clang-tidy / --config text, through the path
// transformers-migrate takes (tools/transformers-migrate/CheckConfig.cpp:
// clang-tidy's parseConfiguration and ConfigOptionsProvider, then the
// module's checks reading their options, as clang-tidy --dump-config asks
// them), and checks what the analyses rely on:
//  - only known checks are enabled, and only they store options, which read
//    back without complaint (the core's readCheckOptions);
//  - list options hold no empty or untrimmed item and survive
//    serializeList / parseList unchanged (the plugin stores them that way);
//  - the include style survives includeStyleName / parseIncludeStyle.
// The raw input is also parsed as one list option value.
//
//===----------------------------------------------------------------------===//

#include "FuzzCheck.h"
#include "input/CheckConfig.h"
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
  const std::vector<std::string> &Known = tmigrate::knownChecks();
  for (const std::string &Check : FC.EnabledChecks)
    TT_FUZZ_CHECK(std::find(Known.begin(), Known.end(), Check) != Known.end(),
                  "unknown check enabled: " << Check);
  // The options the checks stored are theirs, and read back the same.
  for (const auto &Option : FC.CheckOptions) {
    llvm::StringRef Check = Option.getKey().rsplit('.').first;
    TT_FUZZ_CHECK(
        std::find(FC.EnabledChecks.begin(), FC.EnabledChecks.end(), Check) !=
            FC.EnabledChecks.end(),
        "option of a check that is not enabled: " << Option.getKey().str());
  }
  for (const std::string &Check : FC.EnabledChecks)
    checkOptions(transformers_tidy::readCheckOptions(
        [&](llvm::StringRef Key, bool) -> std::optional<std::string> {
          auto It = FC.CheckOptions.find((Check + "." + Key).str());
          if (It == FC.CheckOptions.end())
            return std::nullopt;
          return It->getValue().Value;
        },
        [&](llvm::StringRef Key, llvm::StringRef Value, llvm::StringRef) {
          TT_FUZZ_CHECK(false, "a stored option does not read back: "
                                   << Key.str() << "=" << Value.str());
        }));
  // The diagnostic consumer compiles the header filter into a Regex per TU;
  // matching a short path is what it does with it.
  if (FC.Options.HeaderFilterRegex && !FC.Options.HeaderFilterRegex->empty()) {
    llvm::Regex Filter(*FC.Options.HeaderFilterRegex);
    if (Filter.isValid())
      (void)Filter.match("/tt-fuzz/project/include/model.h");
  }
  return 0;
}
