//===- DocumentStore.cpp --------------------------------------------------===//

#include "server/DocumentStore.h"

namespace tlsp {

void DocumentStore::open(Document D) {
  std::string Uri = D.Uri;
  Docs[Uri] = std::move(D);
}

llvm::Error DocumentStore::change(llvm::StringRef Uri, int64_t Version,
                                  const std::vector<TextChange> &Changes,
                                  PositionEncoding Encoding) {
  auto It = Docs.find(Uri);
  if (It == Docs.end())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "didChange of a document that is not open");
  std::string Text = It->second.Text;
  for (const TextChange &C : Changes) {
    if (!C.Range) {
      Text = C.Text;
      continue;
    }
    LineTable Lines(Text);
    size_t Begin = Lines.offset(C.Range->first, Encoding);
    size_t End = Lines.offset(C.Range->second, Encoding);
    if (End < Begin)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "a change whose range ends before it "
                                     "starts");
    Text.replace(Begin, End - Begin, C.Text);
  }
  It->second.Text = std::move(Text);
  It->second.Version = Version;
  return llvm::Error::success();
}

void DocumentStore::close(llvm::StringRef Uri) {
  auto It = Docs.find(Uri);
  if (It != Docs.end())
    Docs.erase(It);
}

const Document *DocumentStore::get(llvm::StringRef Uri) const {
  auto It = Docs.find(Uri);
  return It == Docs.end() ? nullptr : &It->second;
}

std::vector<const Document *> DocumentStore::all() const {
  std::vector<const Document *> Out;
  for (const auto &[Uri, D] : Docs)
    Out.push_back(&D);
  return Out;
}

} // namespace tlsp
