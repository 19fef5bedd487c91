//===- Fingerprint.cpp - A finding's identity across edits and machines ---===//

#include "report/Fingerprint.h"
#include "report/RunReport.h"
#include "support/Paths.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <map>
#include <tuple>

namespace tmigrate {

std::string projectRelative(llvm::StringRef Path, llvm::StringRef Root) {
  if (Root.empty())
    return Path.str();
  namespace path = llvm::sys::path;
  llvm::SmallVector<llvm::StringRef, 16> P(path::begin(Path), path::end(Path));
  llvm::SmallVector<llvm::StringRef, 16> R(path::begin(Root), path::end(Root));
  size_t Common = 0;
  while (Common < P.size() && Common < R.size() && P[Common] == R[Common])
    ++Common;
  std::string Out;
  auto Append = [&Out](llvm::StringRef Part) {
    if (!Out.empty())
      Out += '/';
    Out += Part;
  };
  for (size_t I = Common; I < R.size(); ++I)
    Append("..");
  for (size_t I = Common; I < P.size(); ++I)
    Append(P[I]);
  return Out.empty() ? std::string(".") : Out;
}

std::string findingPath(const Record &R, llvm::StringRef Root) {
  // The real path is the file's identity; the spelled one serves a file
  // reached through a link from inside the project.
  llvm::StringRef File = R.RealFile.empty() ? R.file() : R.RealFile;
  if (!Root.empty() && !isUnder(File, Root) && isUnder(R.file(), Root))
    File = R.file();
  return projectRelative(File, Root);
}

/// The hash's fields, each ended by a NUL (no field contains one), in
/// hexadecimal; 128 bits are plenty to tell a tree's findings apart.
static std::string hashFields(llvm::ArrayRef<llvm::StringRef> Fields) {
  llvm::SHA256 Hash;
  for (llvm::StringRef F : Fields) {
    Hash.update(F);
    Hash.update(llvm::StringRef("\0", 1));
  }
  std::array<uint8_t, 32> Digest = Hash.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Digest).take_front(16),
                     /*LowerCase=*/true);
}

void assignFingerprints(std::vector<Record> &Records, llvm::StringRef Root) {
  // Seen so far per (check, path, scope, subject).
  std::map<std::tuple<std::string, std::string, std::string, std::string>,
           unsigned>
      Seen;
  for (Record &R : Records) {
    if (!isFinding(R))
      continue;
    std::string Path = findingPath(R, Root);
    unsigned &Occurrence = Seen[{R.check().str(), Path, R.Scope, R.Subject}];
    std::string Index = std::to_string(Occurrence++);
    R.Fingerprint = hashFields(
        {FingerprintKey, R.check(), Path, R.Scope, R.Subject, Index});
  }
}

} // namespace tmigrate
