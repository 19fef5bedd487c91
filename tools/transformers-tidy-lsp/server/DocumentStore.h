//===- DocumentStore.h - The editor's open documents -----------*- C++ -*-===//
//
// What the client has open: per URI the path, the version and the text as
// the client last sent it (didOpen, then full or incremental didChange).
// The analysis reads these texts instead of the disk: every open document
// is an unsaved buffer laid over the file system (TidyDriver.h).
// Used from the server's message loop only.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_DOCUMENTSTORE_H
#define TRANSFORMERS_TIDY_LSP_DOCUMENTSTORE_H

#include "protocol/Positions.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tlsp {

struct Document {
  std::string Uri;
  std::string Path;
  int64_t Version = 0;
  std::string Text;
};

/// One TextDocumentContentChangeEvent: a range's replacement, or the whole
/// text when Range is absent.
struct TextChange {
  std::optional<std::pair<LspPosition, LspPosition>> Range;
  std::string Text;
};

class DocumentStore {
public:
  void open(Document D);
  /// Applies \p Changes in order (each range is in the text the previous
  /// change left) and sets the version. An error for a document that is
  /// not open or a range whose end is before its start; the document is
  /// then unchanged.
  llvm::Error change(llvm::StringRef Uri, int64_t Version,
                     const std::vector<TextChange> &Changes,
                     PositionEncoding Encoding);
  void close(llvm::StringRef Uri);

  const Document *get(llvm::StringRef Uri) const;
  std::vector<const Document *> all() const;

private:
  std::map<std::string, Document, std::less<>> Docs;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_DOCUMENTSTORE_H
