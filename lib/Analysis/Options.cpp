//===- Options.cpp - Parsing of the transformers checks' options ----------===//

#include "transformers-tidy/Options.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace transformers_tidy {

std::vector<std::string> parseList(llvm::StringRef Value) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Value.split(Parts, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (!P.empty())
      Out.push_back(P.str());
  }
  return Out;
}

std::string serializeList(const std::vector<std::string> &Items) {
  return llvm::join(Items, ";");
}

bool parseIncludeStyle(llvm::StringRef Value, IncludeStyle &Out) {
  std::string Lower = Value.trim().lower();
  if (Lower == "llvm") {
    Out = IncludeStyle::LLVM;
    return true;
  }
  if (Lower == "google") {
    Out = IncludeStyle::Google;
    return true;
  }
  return false;
}

llvm::StringRef includeStyleName(IncludeStyle Style) {
  return Style == IncludeStyle::Google ? "google" : "llvm";
}

CheckOptions readCheckOptions(OptionLookup Get, InvalidOption Invalid) {
  CheckOptions O;
  if (auto V = Get("TensorTypes", false))
    O.TensorTypes = parseList(*V);
  if (auto V = Get("SinkTypes", false))
    O.SinkTypes = parseList(*V);
  if (auto V = Get("CacheFactory", false))
    O.CacheFactory = *V;
  if (auto V = Get("EncoderDecoderCacheFactory", false))
    O.EncoderDecoderCacheFactory = *V;
  if (auto V = Get("IncludeHeader", false))
    O.IncludeHeader = *V;
  if (auto V = Get("IncludeStyle", true))
    if (!parseIncludeStyle(*V, O.Style))
      Invalid("IncludeStyle", *V, "'llvm' or 'google'");
  if (auto V = Get("IgnoreMacros", true)) {
    std::string L = llvm::StringRef(*V).trim().lower();
    if (L == "true" || L == "1" || L == "yes" || L == "on")
      O.IgnoreMacros = true;
    else if (L == "false" || L == "0" || L == "no" || L == "off")
      O.IgnoreMacros = false;
    else
      Invalid("IgnoreMacros", *V, "a bool");
  }
  return O;
}

} // namespace transformers_tidy
