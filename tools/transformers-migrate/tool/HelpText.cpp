//===- HelpText.cpp - --help wrapped like clang-tidy's --------------------===//

#include "tool/HelpText.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <deque>
#include <string>

using namespace llvm;

namespace tmigrate {

namespace {

/// \p Text as lines of at most \p Width columns (a longer word stays whole),
/// every line but the first indented by \p Indent spaces.
std::string wrap(StringRef Text, size_t Width, size_t Indent) {
  std::string Out, Line;
  SmallVector<StringRef, 32> Words;
  SplitString(Text, Words);
  for (StringRef W : Words) {
    if (!Line.empty() && Line.size() + 1 + W.size() > Width) {
      Out += Line + "\n" + std::string(Indent, ' ');
      Line.clear();
    }
    if (!Line.empty())
      Line += ' ';
    Line += W.str();
  }
  return Out + Line;
}

bool shown(const cl::Option &O) {
  return O.getOptionHiddenFlag() == cl::NotHidden && !O.ArgStr.empty();
}

} // namespace

// LLVM's own options (--help, --version, ...) live in libLLVM, built without
// RTTI, where UBSan's vptr check cannot verify calls on them: they are told
// apart by a data member (their category) and never called. Being generic,
// they are narrower than the tool's widest option.
#if defined(__clang__)
__attribute__((no_sanitize("vptr")))
#endif
void wrapOptionHelp(ArrayRef<const cl::OptionCategory *> Categories,
                    unsigned Columns) {
  // The printer pads every option to the widest one shown (getOptionWidth
  // counts the two leading spaces), then writes " - " and the description;
  // continuation lines are indented as far as the first line's text.
  // A StringMap before LLVM 22, a DenseMap since: both entries have .second.
  auto &Options = cl::getRegisteredOptions();
  std::vector<cl::Option *> Ours;
  for (auto &Entry : Options)
    if (llvm::any_of(Entry.second->Categories,
                     [&](const cl::OptionCategory *C) {
                       return llvm::is_contained(Categories, C);
                     }) &&
        shown(*Entry.second))
      Ours.push_back(Entry.second);
  size_t Widest = 0;
  for (cl::Option *O : Ours)
    Widest = std::max(Widest, O->getOptionWidth());
  const size_t Prefix = 3; // " - "
  size_t Width =
      Columns > Widest + Prefix + 20 ? Columns - Widest - Prefix : 20;
  // Option descriptions are StringRefs: the wrapped texts live as long as
  // the options (the whole run).
  static std::deque<std::string> Texts;
  for (cl::Option *O : Ours) {
    if (O->HelpStr.contains('\n'))
      continue;
    Texts.push_back(wrap(O->HelpStr, Width, /*Indent=*/0));
    O->setDescription(Texts.back());
  }
}

} // namespace tmigrate
