//===- Baseline.cpp - Accepted findings, so a gate fails on new ones only -===//

#include "report/Baseline.h"
#include "report/Fingerprint.h"
#include "report/RunReport.h"
#include "support/BoundedInput.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace tmigrate {

namespace {

/// A baseline of a million findings is about 200 MiB.
constexpr uint64_t MaxBaselineBytes = uint64_t(512) << 20;

constexpr llvm::StringLiteral ToolName = "transformers-migrate";

/// What makes an entry match: check, path and fingerprint.
using EntryKey = std::tuple<std::string, std::string, std::string>;

EntryKey keyOf(const BaselineEntry &E) {
  return {E.Check, E.Path, E.Fingerprint};
}

/// "baseline 'F' is not ...", or "baseline 'F': findings[3]: ..." when
/// \p Why starts with a colon.
llvm::Error baselineError(llvm::StringRef File, const llvm::Twine &Why) {
  std::string Text = Why.str();
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "baseline '" + File + "'" +
          (llvm::StringRef(Text).starts_with(":") ? "" : " ") + Text);
}

const char *const Rewrite = "; write it again with --write-baseline";

} // namespace

bool fromJSON(const llvm::json::Value &V, BaselineEntry &E,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  int64_t Line = 0;
  if (!O || !O.map("check", E.Check) || !O.map("path", E.Path) ||
      !O.map("fingerprint", E.Fingerprint) || !O.map("line", Line) ||
      !O.mapOptional("message", E.Message))
    return false;
  if (Line < 0 || Line > std::numeric_limits<unsigned>::max()) {
    P.field("line").report("expected a line number");
    return false;
  }
  E.Line = static_cast<unsigned>(Line);
  return true;
}

/// The entries of one baseline file, or why it is not one this tool reads.
static llvm::Error readOne(llvm::StringRef File,
                           std::vector<BaselineEntry> &Out) {
  llvm::Expected<std::string> Text =
      readBoundedFile(File, MaxBaselineBytes, "the baseline");
  if (!Text)
    return Text.takeError();
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(*Text);
  if (!Doc)
    return baselineError(File, "is not valid JSON: " +
                                   llvm::toString(Doc.takeError()));
  const llvm::json::Object *Root = Doc->getAsObject();
  std::optional<llvm::StringRef> Tool =
      Root ? Root->getString("tool") : std::nullopt;
  if (!Tool || *Tool != ToolName)
    return baselineError(File, "is not a transformers-migrate baseline (no "
                               "\"tool\": \"transformers-migrate\")");
  std::optional<int64_t> Version = Root->getInteger("version");
  if (!Version || *Version != BaselineVersion)
    return baselineError(
        File, llvm::formatv("{0}, and this transformers-migrate reads "
                            "version {1}{2}",
                            Version ? "has version " + std::to_string(*Version)
                                    : std::string("has no \"version\" number"),
                            BaselineVersion, Rewrite)
                  .str());
  std::optional<llvm::StringRef> Kind = Root->getString("fingerprint");
  if (!Kind || *Kind != FingerprintKey)
    return baselineError(File,
                         (Kind ? "holds fingerprints of kind '" + *Kind + "'"
                               : llvm::Twine("names no \"fingerprint\" kind")) +
                             ", and this transformers-migrate computes '" +
                             FingerprintKey + "'" + Rewrite);
  std::vector<BaselineEntry> Entries;
  llvm::json::Path::Root Where("findings");
  const llvm::json::Value *Findings = Root->get("findings");
  if (!Findings || !fromJSON(*Findings, Entries, Where))
    return baselineError(File, Findings
                                   ? ": an entry this tool cannot read: " +
                                         llvm::toString(Where.getError())
                                   : std::string("has no \"findings\" array"));
  for (size_t I = 0; I < Entries.size(); ++I) {
    const BaselineEntry &E = Entries[I];
    auto Entry = [&](const llvm::Twine &Why) {
      return baselineError(File, ": findings[" + llvm::Twine(I) + "]: " + Why);
    };
    if (llvm::sys::path::is_absolute(E.Path) ||
        llvm::sys::path::is_absolute(E.Path, llvm::sys::path::Style::windows))
      return Entry("the path '" + E.Path +
                   "' is absolute, and a baseline's paths are relative to "
                   "the project's root (--project-root)" +
                   Rewrite);
    if (E.Path.empty() || E.Check.empty())
      return Entry("an empty path or check");
    if (E.Fingerprint.size() != 32 || !llvm::all_of(E.Fingerprint, [](char C) {
          return llvm::isDigit(C) || (C >= 'a' && C <= 'f');
        }))
      return Entry("the fingerprint '" + E.Fingerprint +
                   "' is not 32 lowercase hexadecimal digits");
  }
  Out.insert(Out.end(), Entries.begin(), Entries.end());
  return llvm::Error::success();
}

llvm::Expected<Baseline> readBaselines(llvm::ArrayRef<std::string> Paths) {
  std::vector<BaselineEntry> All;
  for (const std::string &P : Paths)
    if (llvm::Error E = readOne(P, All))
      return std::move(E);
  // Shards' baselines overlap where a header's finding was seen by TUs of
  // several shards: one entry each.
  Baseline B;
  std::set<EntryKey> Seen;
  for (BaselineEntry &E : All)
    if (Seen.insert(keyOf(E)).second)
      B.Entries.push_back(std::move(E));
  return B;
}

llvm::json::Value toJSON(const BaselineEntry &E) {
  return llvm::json::Object{{"check", E.Check},
                            {"path", E.Path},
                            {"fingerprint", E.Fingerprint},
                            {"line", E.Line},
                            {"message", E.Message}};
}

std::vector<BaselineEntry>
baselineEntries(llvm::ArrayRef<const Record *> Records, llvm::StringRef Root) {
  std::vector<BaselineEntry> Entries;
  for (const Record *R : Records)
    if (isFinding(*R) && !R->Fingerprint.empty())
      Entries.push_back({R->check().str(), findingPath(*R, Root),
                         R->Fingerprint, R->At.Line, R->message().str()});
  llvm::sort(Entries, [](const BaselineEntry &A, const BaselineEntry &B) {
    return std::tie(A.Path, A.Line, A.Check, A.Fingerprint) <
           std::tie(B.Path, B.Line, B.Check, B.Fingerprint);
  });
  return Entries;
}

std::string baselineText(llvm::ArrayRef<BaselineEntry> Entries) {
  llvm::json::Object Doc{{"version", BaselineVersion},
                         {"tool", ToolName},
                         {"fingerprint", FingerprintKey},
                         {"findings", llvm::json::Array(Entries)}};
  return llvm::formatv("{0:2}", llvm::json::Value(std::move(Doc))).str() + "\n";
}

std::string baselineText(llvm::ArrayRef<const Record *> Records,
                         llvm::StringRef Root) {
  return baselineText(baselineEntries(Records, Root));
}

BaselineMatch
applyBaseline(const Baseline &B, std::vector<Record> &Records,
              llvm::StringRef Root,
              const std::function<bool(llvm::StringRef)> &Judged) {
  // Per entry: the entry, and whether a finding matched it.
  std::map<EntryKey, std::pair<const BaselineEntry *, bool>> Matched;
  for (const BaselineEntry &E : B.Entries)
    Matched.emplace(keyOf(E), std::make_pair(&E, false));
  BaselineMatch M;
  std::vector<Record> Kept;
  Kept.reserve(Records.size());
  for (Record &R : Records) {
    auto It = isFinding(R) && !R.Fingerprint.empty()
                  ? Matched.find(
                        {R.check().str(), findingPath(R, Root), R.Fingerprint})
                  : Matched.end();
    if (It != Matched.end() && !It->second.second) {
      It->second.second = true;
      const BaselineEntry &E = *It->second.first;
      M.Updated.push_back(E.Line != R.At.Line || E.Message != R.message());
      M.Accepted.push_back(std::move(R));
    } else {
      Kept.push_back(std::move(R));
    }
  }
  Records = std::move(Kept);
  for (const BaselineEntry &E : B.Entries)
    if (!Matched[keyOf(E)].second && Judged(E.Path))
      M.NotFound.push_back(E);
  return M;
}

} // namespace tmigrate
