//===- VersionShim.cpp - Load the module built for the host's LLVM major --===//
//
// This is TransformersTidyModule.so, the file given to `clang-tidy -load`.
// The checks live in TransformersTidyModule-llvm<N>.so next to it, which
// resolves every LLVM/Clang symbol from the loading clang-tidy and is only
// correct inside the clang-tidy of the major version N it was compiled
// against. Loaded into another major it fails with an `undefined symbol ...
// LLVM_<N>.1` dlopen error (Debian versions LLVM's symbols per release), or,
// without symbol versioning, binds to an incompatible ABI and crashes.
//
// So the shim links nothing but libc and, when the host loads it, first asks
// which LLVM major the host runs; only if a module for that major sits next
// to the shim does it dlopen() it (its static ClangTidyModuleRegistry::Add
// then registers the checks before clang-tidy reads the registry). Otherwise
// it prints one line saying what to do and loads nothing: clang-tidy then
// runs as it would without the plugin.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#ifndef TT_LLVM_MAJOR
#error "TT_LLVM_MAJOR (the LLVM major of the real module) must be defined"
#endif

namespace {

constexpr const char *ModuleStem = "TransformersTidyModule-llvm";

/// Parses the major out of a loaded LLVM/Clang shared library's file name
/// ("libLLVM.so.19.1", "libLLVM-19.so", "libclang-cpp.so.22.1"); 0 if the
/// name is not one of those.
int majorFromLibraryName(const char *Path) {
  const char *Base = std::strrchr(Path, '/');
  Base = Base ? Base + 1 : Path;
  static const char *const Prefixes[] = {"libLLVM.so.", "libLLVM-",
                                         "libclang-cpp.so."};
  for (const char *Prefix : Prefixes) {
    size_t Len = std::strlen(Prefix);
    if (std::strncmp(Base, Prefix, Len) != 0)
      continue;
    char *End = nullptr;
    long Major = std::strtol(Base + Len, &End, 10);
    if (End != Base + Len && Major > 0 && Major < 1000)
      return static_cast<int>(Major);
  }
  return 0;
}

int majorOfLoadedLibrary(struct dl_phdr_info *Info, size_t, void *Data) {
  int Major = Info->dlpi_name ? majorFromLibraryName(Info->dlpi_name) : 0;
  if (Major == 0)
    return 0; // Keep iterating.
  *static_cast<int *>(Data) = Major;
  return 1;
}

/// The LLVM major of the loading process, or 0 if it cannot be told.
int hostLLVMMajor() {
  // The LLVM-C API (since LLVM 16) reports the version of the LLVM the host
  // actually runs, whatever its library is called.
  using GetVersionFn = void (*)(unsigned *, unsigned *, unsigned *);
  if (void *Sym = dlsym(RTLD_DEFAULT, "LLVMGetVersion")) {
    unsigned Major = 0, Minor = 0, Patch = 0;
    reinterpret_cast<GetVersionFn>(Sym)(&Major, &Minor, &Patch);
    if (Major != 0)
      return static_cast<int>(Major);
  }
  // A host that does not export the C API: the name of its libLLVM or
  // libclang-cpp says the major.
  int Major = 0;
  dl_iterate_phdr(majorOfLoadedLibrary, &Major);
  return Major;
}

/// Copies this shim's file name, as the dynamic loader resolved it, into
/// Path.
bool shimPath(char *Path, size_t Size) {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&hostLLVMMajor), &Info) ||
      !Info.dli_fname)
    return false;
  return std::snprintf(Path, Size, "%s", Info.dli_fname) < (int)Size;
}

bool fileExists(const char *Path) { return access(Path, F_OK) == 0; }

__attribute__((constructor)) void loadModuleForHost() {
  char Shim[4096];
  if (!shimPath(Shim, sizeof(Shim))) {
    std::fprintf(stderr, "transformers-tidy: cannot locate "
                         "TransformersTidyModule.so itself; no checks "
                         "loaded\n");
    return;
  }
  const char *Slash = std::strrchr(Shim, '/');
  int DirLen = Slash ? static_cast<int>(Slash - Shim + 1) : 0;

  int Host = hostLLVMMajor();
  // Unknown host major: try the module built with the shim, and let dlopen
  // say why if it does not fit.
  int Wanted = Host ? Host : TT_LLVM_MAJOR;
  char Module[4096 + 64];
  std::snprintf(Module, sizeof(Module), "%.*s%s%d.so", DirLen, Shim, ModuleStem,
                Wanted);

  if (!fileExists(Module)) {
    if (Host != 0 && Host != TT_LLVM_MAJOR)
      std::fprintf(stderr,
                   "transformers-tidy: %s was built for clang-tidy %d but is "
                   "loaded by clang-tidy %d; use the plugin built for LLVM "
                   "%d (a build configured with -DLLVM_VERSION=%d) or run "
                   "clang-tidy-%d; no transformers checks loaded\n",
                   Shim, TT_LLVM_MAJOR, Host, Host, Host, TT_LLVM_MAJOR);
    else
      std::fprintf(stderr,
                   "transformers-tidy: %s is missing next to %s (rebuild "
                   "the TransformersTidyModule target); no transformers "
                   "checks loaded\n",
                   Module, Shim);
    return;
  }
  // RTLD_NOW: an unresolved symbol fails here, not in the middle of a run.
  // RTLD_GLOBAL: as clang-tidy loads plugins itself.
  if (!dlopen(Module, RTLD_NOW | RTLD_GLOBAL))
    std::fprintf(stderr,
                 "transformers-tidy: cannot load %s (built for clang-tidy "
                 "%d): %s; no transformers checks loaded\n",
                 Module, Wanted, dlerror());
}

} // namespace
