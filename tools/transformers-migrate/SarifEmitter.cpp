//===- SarifEmitter.cpp - --format=sarif (SARIF 2.1.0) --------------------===//
//
// One run; the driver lists every known check as a rule (id, descriptions,
// default level); each result has its rule, level, message, physical
// location, related locations (the notes) and its fix as artifact changes.
//
//===----------------------------------------------------------------------===//

#include "CheckConfig.h"
#include "Emitters.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <map>

namespace tmigrate {

static std::string fileUri(llvm::StringRef Path) {
  std::string Out = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-_.~").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

static llvm::json::Object
physicalLocation(const Position &P,
                 const clang::tooling::FileByteRange *R = nullptr) {
  llvm::json::Object Region;
  if (P.Line) {
    Region["startLine"] = P.Line;
    Region["startColumn"] = P.Column;
  }
  if (R && R->FilePath == P.File) {
    Region["charOffset"] = R->FileOffset;
    Region["charLength"] = R->Length;
  } else {
    Region["charOffset"] = P.Offset;
  }
  llvm::json::Object Loc{
      {"artifactLocation", llvm::json::Object{{"uri", fileUri(P.File)}}}};
  if (P.Line || R)
    Loc["region"] = std::move(Region);
  return llvm::json::Object{{"physicalLocation", std::move(Loc)}};
}

void emitSarif(const std::vector<Record> &Records,
               const std::vector<bool> &Applied, const RunSummary &Summary,
               llvm::raw_ostream &OS) {
  std::vector<std::string> RuleIds = knownChecks();
  for (const Record &R : Records)
    if (llvm::find(RuleIds, R.check()) == RuleIds.end())
      RuleIds.push_back(R.check().str());
  std::map<std::string, size_t> RuleIndex;
  llvm::json::Array Rules;
  for (const std::string &Id : RuleIds) {
    RuleIndex[Id] = Rules.size();
    bool IsError = Id == "clang-diagnostic-error" || Id == "clang-tidy-nolint";
    llvm::json::Object Rule{
        {"id", Id},
        {"name", Id},
        {"shortDescription", llvm::json::Object{{"text", Id}}},
        {"fullDescription", llvm::json::Object{{"text", checkDescription(Id)}}},
        {"defaultConfiguration",
         llvm::json::Object{{"level", IsError ? "error" : "warning"}}}};
    Rules.push_back(std::move(Rule));
  }

  llvm::json::Array Results;
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    llvm::json::Object Res{
        {"ruleId", R.check()},
        {"ruleIndex", RuleIndex[R.check().str()]},
        {"level", R.isError() ? "error" : "warning"},
        {"message", llvm::json::Object{{"text", R.message()}}}};
    const auto &Ranges = R.Diag.Message.Ranges;
    if (!R.file().empty())
      Res["locations"] = llvm::json::Array{physicalLocation(
          R.position(), Ranges.empty() ? nullptr : &Ranges.front())};
    llvm::json::Array Related;
    for (size_t N = 0; N < R.Diag.Notes.size(); ++N) {
      if (R.Diag.Notes[N].FilePath.empty())
        continue;
      llvm::json::Object L = physicalLocation(R.notePosition(N));
      L["id"] = N;
      L["message"] = llvm::json::Object{{"text", R.Diag.Notes[N].Message}};
      Related.push_back(std::move(L));
    }
    if (!Related.empty())
      Res["relatedLocations"] = std::move(Related);
    if (R.hasFix()) {
      std::map<std::string, llvm::json::Array> PerFile;
      for (const Edit &E : R.edits())
        PerFile[E.File].push_back(llvm::json::Object{
            {"deletedRegion", llvm::json::Object{{"charOffset", E.Offset},
                                                 {"charLength", E.Length}}},
            {"insertedContent", llvm::json::Object{{"text", E.Text}}}});
      llvm::json::Array Changes;
      for (auto &[File, Repls] : PerFile)
        Changes.push_back(llvm::json::Object{
            {"artifactLocation", llvm::json::Object{{"uri", fileUri(File)}}},
            {"replacements", std::move(Repls)}});
      Res["fixes"] = llvm::json::Array{llvm::json::Object{
          {"description", llvm::json::Object{{"text", R.message()}}},
          {"artifactChanges", std::move(Changes)}}};
    }
    if (Summary.FixMode)
      Res["properties"] =
          llvm::json::Object{{"fixApplied", I < Applied.size() && Applied[I]}};
    Results.push_back(std::move(Res));
  }

  llvm::json::Array Notifications;
  for (const std::string &F : Summary.FailedFiles)
    Notifications.push_back(llvm::json::Object{
        {"level", "error"},
        {"message", llvm::json::Object{{"text", "could not analyse " + F}}}});

  llvm::json::Object Driver{{"name", "transformers-migrate"},
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
  llvm::json::Object Root{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}}};
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
}

} // namespace tmigrate
