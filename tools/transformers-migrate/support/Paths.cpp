//===- Paths.cpp - How the tool spells and compares paths -----------------===//

#include "support/Paths.h"
#include "transformers-tidy/LLVMCompat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace tmigrate {

std::string absolutePath(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    if (Base.empty())
      llvm::sys::fs::make_absolute(P);
    else
      transformers_tidy::compat::makeAbsolute(Base, P);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::string realPathOf(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real, /*expand_tilde=*/false))
    return std::string(Real);
  return absolutePath(Path);
}

bool isUnder(llvm::StringRef Path, llvm::StringRef Root) {
  if (Root.empty())
    return true;
  llvm::StringRef R = Root;
  if (R.size() > 1)
    R = R.rtrim('/');
  if (!Path.starts_with(R))
    return false;
  return Path.size() == R.size() || R == "/" || Path[R.size()] == '/';
}

} // namespace tmigrate
