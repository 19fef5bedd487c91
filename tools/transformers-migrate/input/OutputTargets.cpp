//===- OutputTargets.cpp - Outputs that never destroy an input ------------===//

#include "input/OutputTargets.h"
#include "support/Paths.h"
#include "support/SafeFileWriter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace tmigrate {

namespace {

llvm::Error refusal(const NamedOutput &O, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 O.Option + " '" + O.Path + "': " + Why);
}

/// Rule 2 for the directories of \p O's path (its last component is the
/// writer's: a link there is replaced). Success when they resolve to where
/// they are spelled, or into the project.
llvm::Error checkDirectories(const NamedOutput &O, const ProjectScope &Project,
                             bool AllowOutside) {
  if (AllowOutside || isOwnStream(O.Path))
    return llvm::Error::success();
  std::string Dir =
      std::string(llvm::sys::path::parent_path(absolutePath(O.Path)));
  llvm::SmallString<256> Real;
  // A directory that does not exist is the writer's error to report.
  if (llvm::sys::fs::real_path(Dir, Real) || Real == Dir ||
      Project.contains(Real))
    return llvm::Error::success();
  return refusal(O, "its directory '" + Dir +
                        "' leads through a symbolic link to '" + Real +
                        "', outside the project (" + Project.describe() +
                        "); name a path that does not pass through a link, "
                        "or pass --allow-outside");
}

} // namespace

llvm::Expected<OutputTargets>
OutputTargets::check(std::vector<NamedOutput> Outputs,
                     const ProjectScope &Project, bool AllowOutside) {
  OutputTargets Out;
  for (NamedOutput &O : Outputs) {
    if (O.Path.empty())
      continue;
    if (llvm::Error E = checkDirectories(O, Project, AllowOutside))
      return std::move(E);
    Target T;
    T.Output = std::move(O);
    // The process' own streams are written as streams, never replaced.
    T.Exists = !isOwnStream(T.Output.Path) &&
               !llvm::sys::fs::getUniqueID(T.Output.Path, T.Identity);
    Out.Targets.push_back(std::move(T));
  }
  return std::move(Out);
}

std::vector<llvm::sys::fs::UniqueID> OutputTargets::identities() const {
  std::vector<llvm::sys::fs::UniqueID> Ids;
  for (const Target &T : Targets)
    if (T.Exists)
      Ids.push_back(T.Identity);
  return Ids;
}

std::vector<std::string>
filesWithIdentity(llvm::ArrayRef<std::string> Paths,
                  llvm::ArrayRef<llvm::sys::fs::UniqueID> Identities) {
  std::vector<std::string> Out;
  if (Identities.empty())
    return Out;
  for (const std::string &P : Paths) {
    llvm::sys::fs::UniqueID Id;
    if (!llvm::sys::fs::getUniqueID(P, Id) &&
        llvm::is_contained(Identities, Id))
      Out.push_back(P);
  }
  return Out;
}

std::optional<std::pair<const NamedOutput *, std::string>>
OutputTargets::firstIn(llvm::ArrayRef<std::string> Paths) const {
  for (const Target &T : Targets) {
    if (!T.Exists)
      continue;
    std::vector<std::string> Same = filesWithIdentity(Paths, {T.Identity});
    if (!Same.empty())
      return std::make_pair(&T.Output, std::move(Same.front()));
  }
  return std::nullopt;
}

llvm::Error OutputTargets::refuseInputs(llvm::ArrayRef<std::string> Inputs,
                                        llvm::StringRef What) const {
  auto Hit = firstIn(Inputs);
  if (!Hit)
    return llvm::Error::success();
  const auto &[Output, Input] = *Hit;
  std::string Named =
      Input == Output->Path ? std::string() : " ('" + Input + "')";
  return refusal(*Output, "it is " + What + Named +
                              ", which the output would overwrite; "
                              "nothing was analysed or written");
}

llvm::Error OutputTargets::refuseRead(llvm::ArrayRef<std::string> Read,
                                      llvm::StringRef MainFile) const {
  auto Hit = firstIn(Read);
  if (!Hit)
    return llvm::Error::success();
  return refusal(*Hit->first, "it is '" + Hit->second + "', read by '" +
                                  MainFile +
                                  "', which the output would overwrite; "
                                  "nothing was written");
}

} // namespace tmigrate
