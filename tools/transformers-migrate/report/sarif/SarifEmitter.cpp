//===- SarifEmitter.cpp - --format=sarif (SARIF 2.1.0) --------------------===//
//
// One run; the driver lists every known check as a rule (SarifRules.h);
// each result has its rule, level, message, physical location, related
// locations (the notes), its fix as artifact changes and, for a finding,
// its baseline fingerprint (Fingerprint.h) as a partialFingerprint. With
// --baseline, every result has a baselineState: "new" for those reported,
// "unchanged" for the findings the baseline accepted ("updated" when their
// line or message is not the entry's), "absent" for its entries no finding
// matched. Paths and regions are SarifLocations':
// relative to %SRCROOT%, in code points.
//
//===----------------------------------------------------------------------===//

#include "input/CheckConfig.h"
#include "report/Emitters.h"
#include "report/Fingerprint.h"
#include "report/sarif/SarifLocations.h"
#include "report/sarif/SarifRules.h"
#include "support/Paths.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <map>

namespace tmigrate {

// llvm::json keeps a StringRef without copying it: a message is copied, as
// some do not outlive the document.
static llvm::json::Object text(llvm::StringRef S) {
  return llvm::json::Object{{"text", S.str()}};
}

/// The reportingDescriptor of the rule \p Id.
static llvm::json::Object rule(llvm::StringRef Id, bool IsError) {
  RuleDescription D = describeRule(Id);
  return llvm::json::Object{
      {"id", Id.str()},
      {"name", D.Name},
      {"shortDescription", text(D.ShortDescription)},
      {"fullDescription", text(D.FullDescription)},
      {"help",
       llvm::json::Object{{"text", D.HelpText}, {"markdown", D.HelpMarkdown}}},
      {"helpUri", D.HelpUri},
      {"defaultConfiguration",
       llvm::json::Object{{"level", IsError ? "error" : "warning"}}}};
}

/// The location of a message: its first range when that range is in the
/// message's file and holds the message's point (the highlighted code),
/// else the point itself. Without a known line (an error about a file as a
/// whole) or a readable file, the file alone.
static llvm::json::Object location(SarifLocations &Locations,
                                   const clang::tooling::DiagnosticMessage &M,
                                   unsigned Line) {
  llvm::json::Object Physical{
      {"artifactLocation", Locations.artifactLocation(M.FilePath)}};
  unsigned Offset = M.FileOffset, Length = 0;
  if (!M.Ranges.empty()) {
    const clang::tooling::FileByteRange &R = M.Ranges.front();
    if (R.FilePath == M.FilePath && R.FileOffset <= M.FileOffset &&
        M.FileOffset <= R.FileOffset + R.Length) {
      Offset = R.FileOffset;
      Length = R.Length;
    }
  }
  if (Line)
    if (std::optional<llvm::json::Object> Region =
            Locations.region(M.FilePath, Offset, Length))
      Physical["region"] = std::move(*Region);
  return llvm::json::Object{{"physicalLocation", std::move(Physical)}};
}

/// The record's fix as one SARIF fix, its replacements grouped per file;
/// none when a file it edits cannot be read to count its code points.
static std::optional<llvm::json::Object> fix(SarifLocations &Locations,
                                             const Record &R) {
  std::map<std::string, llvm::json::Array> PerFile;
  for (const clang::tooling::Replacement &E : R.edits()) {
    std::string File = E.getFilePath().str();
    std::optional<llvm::json::Object> Deleted =
        Locations.charRegion(File, E.getOffset(), E.getLength());
    if (!Deleted)
      return std::nullopt;
    PerFile[File].push_back(
        llvm::json::Object{{"deletedRegion", std::move(*Deleted)},
                           {"insertedContent", text(E.getReplacementText())}});
  }
  llvm::json::Array Changes;
  for (auto &[File, Replacements] : PerFile)
    Changes.push_back(llvm::json::Object{
        {"artifactLocation", Locations.artifactLocation(File)},
        {"replacements", std::move(Replacements)}});
  return llvm::json::Object{{"description", text(R.message())},
                            {"artifactChanges", std::move(Changes)}};
}

void emitSarif(const std::vector<Record> &Records,
               const std::vector<bool> &Applied, const RunSummary &Summary,
               const SarifOptions &Options, llvm::raw_ostream &OS) {
  SarifLocations Locations(Options.SourceRoot, Options.Rewritten);
  std::vector<std::string> RuleIds = knownChecks();
  for (const Record &R : Records)
    if (llvm::find(RuleIds, R.check()) == RuleIds.end())
      RuleIds.push_back(R.check().str());
  std::map<std::string, size_t> RuleIndex;
  llvm::json::Array Rules;
  for (const std::string &Id : RuleIds) {
    RuleIndex[Id] = Rules.size();
    bool IsError = Id == "clang-diagnostic-error" || Id == "clang-tidy-nolint";
    Rules.push_back(rule(Id, IsError));
  }

  const BaselineOutcome *Baseline = Summary.Baseline;
  if (Baseline)
    for (const BaselineEntry &E : Baseline->NotFound)
      if (!RuleIndex.count(E.Check)) {
        RuleIndex[E.Check] = Rules.size();
        Rules.push_back(rule(E.Check, /*IsError=*/false));
      }

  llvm::json::Array Results;
  // Every record reported, then (with a baseline) the findings it accepted:
  // SARIF's "unchanged" results ("updated" when their line or message
  // changed), which a viewer shows as known.
  std::vector<const Record *> All;
  for (const Record &R : Records)
    All.push_back(&R);
  if (Baseline)
    for (const Record &R : Baseline->Accepted)
      All.push_back(&R);
  for (size_t I = 0; I < All.size(); ++I) {
    const Record &R = *All[I];
    llvm::json::Object Res{{"ruleId", R.check()},
                           {"ruleIndex", RuleIndex[R.check().str()]},
                           {"level", R.isError() ? "error" : "warning"},
                           {"message", text(R.message())}};
    if (!R.Fingerprint.empty())
      Res["partialFingerprints"] =
          llvm::json::Object{{FingerprintKey, R.Fingerprint}};
    // SARIF 2.1.0 §3.27.24: with a baseline, every result says whether it
    // is in it.
    if (Baseline)
      Res["baselineState"] = I < Records.size() ? "new"
                             : Baseline->Updated[I - Records.size()]
                                 ? "updated"
                                 : "unchanged";
    if (!R.file().empty())
      Res["locations"] =
          llvm::json::Array{location(Locations, R.Diag.Message, R.At.Line)};
    llvm::json::Array Related;
    for (size_t N = 0; N < R.Diag.Notes.size(); ++N) {
      const clang::tooling::DiagnosticMessage &Note = R.Diag.Notes[N];
      if (Note.FilePath.empty())
        continue;
      llvm::json::Object L = location(Locations, Note, R.notePosition(N).Line);
      L["id"] = N;
      L["message"] = text(Note.Message);
      Related.push_back(std::move(L));
    }
    if (!Related.empty())
      Res["relatedLocations"] = std::move(Related);
    if (R.hasFix())
      if (std::optional<llvm::json::Object> Fix = fix(Locations, R))
        Res["fixes"] = llvm::json::Array{std::move(*Fix)};
    if (Summary.FixMode)
      Res["properties"] =
          llvm::json::Object{{"fixApplied", I < Applied.size() && Applied[I]}};
    Results.push_back(std::move(Res));
  }
  // Baseline entries no finding matched: "absent" results, where the
  // baseline last saw them.
  if (Baseline)
    for (const BaselineEntry &E : Baseline->NotFound) {
      llvm::json::Object Physical{
          {"artifactLocation", Locations.artifactLocation(
                                   absolutePath(E.Path, Options.SourceRoot))}};
      if (E.Line)
        Physical["region"] = llvm::json::Object{{"startLine", E.Line}};
      Results.push_back(llvm::json::Object{
          {"ruleId", E.Check},
          {"ruleIndex", RuleIndex[E.Check]},
          {"level", "warning"},
          {"message",
           text(E.Message.empty() ? "a finding of the baseline" : E.Message)},
          {"locations", llvm::json::Array{llvm::json::Object{
                            {"physicalLocation", std::move(Physical)}}}},
          {"partialFingerprints",
           llvm::json::Object{{FingerprintKey, E.Fingerprint}}},
          {"baselineState", "absent"}});
    }

  llvm::json::Array Notifications;
  for (const std::string &F : Summary.FailedFiles)
    Notifications.push_back(llvm::json::Object{
        {"level", "error"}, {"message", text("could not analyse " + F)}});

  llvm::json::Object Driver{{"name", "transformers-migrate"},
                            {"fullName",
                             "transformers-migrate " TT_MIGRATE_VERSION
                             " (LLVM " TT_MIGRATE_LLVM_VERSION ")"},
                            {"informationUri", projectUri()},
                            {"version", TT_MIGRATE_VERSION},
                            {"semanticVersion", TT_MIGRATE_VERSION},
                            {"rules", std::move(Rules)}};
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
      {"columnKind", "unicodeCodePoints"},
      {"invocations",
       llvm::json::Array{llvm::json::Object{
           {"executionSuccessful", Summary.FailedFiles.empty()},
           {"toolExecutionNotifications", std::move(Notifications)}}}},
      {"results", std::move(Results)}};
  if (std::optional<llvm::json::Object> Bases = Locations.originalUriBaseIds())
    Run["originalUriBaseIds"] = std::move(*Bases);
  llvm::json::Object Root{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}}};
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
}

} // namespace tmigrate
