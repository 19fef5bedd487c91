# Locates one pinned LLVM/Clang release for the analysis core, the clang-tidy
# plugin and the standalone tool.
#
#   -DLLVM_VERSION=19 (default) or 22, or a full major.minor such as 19.1.
#   -DLLVM_DIR=...    to point at a specific LLVMConfig.cmake.
#
# Sets TT_HAVE_LLVM, TT_LLVM_MAJOR, TT_DEFAULT_LLVM_MAJOR, TT_LLVM_BINDIR and
# the LLVM_* / CLANG_* variables of the LLVM and Clang packages.

set(TT_DEFAULT_LLVM_MAJOR 19)
set(LLVM_VERSION ${TT_DEFAULT_LLVM_MAJOR} CACHE STRING
  "LLVM major version to build against (19 or 22)")
option(TT_WITH_LLVM "Build the clang-facing parts (core, plugin, tool)" ON)

# Debian's LLVMConfigVersion.cmake only accepts a request naming major.minor,
# and every release since LLVM 18 is numbered <major>.1.x.
if(LLVM_VERSION MATCHES "^[0-9]+$")
  set(_tt_llvm_request "${LLVM_VERSION}.1")
else()
  set(_tt_llvm_request "${LLVM_VERSION}")
endif()
string(REGEX MATCH "^[0-9]+" TT_LLVM_MAJOR "${_tt_llvm_request}")

set(_tt_llvm_packages
  "llvm-${TT_LLVM_MAJOR}-dev libclang-${TT_LLVM_MAJOR}-dev clang-tidy-${TT_LLVM_MAJOR} clang-${TT_LLVM_MAJOR} llvm-${TT_LLVM_MAJOR}-tools clang-tools-${TT_LLVM_MAJOR}")

if(TT_WITH_LLVM)
  find_package(LLVM ${_tt_llvm_request} CONFIG QUIET
    HINTS "/usr/lib/llvm-${TT_LLVM_MAJOR}/lib/cmake/llvm")
endif()

if(NOT LLVM_FOUND)
  set(TT_HAVE_LLVM OFF)
  message(WARNING
    "LLVM ${_tt_llvm_request} was not found: building only the reference "
    "library, its unit tests and the example. Skipped: the analysis core, the "
    "clang-tidy plugin, transformers-migrate and the lit suites. Install: "
    "apt-get install ${_tt_llvm_packages}")
  return()
endif()

find_package(Clang CONFIG REQUIRED
  HINTS "${LLVM_INSTALL_PREFIX}/lib/cmake/clang" "${LLVM_DIR}/../clang")

set(TT_HAVE_LLVM ON)
set(TT_LLVM_BINDIR "${LLVM_TOOLS_BINARY_DIR}")
message(STATUS "Using LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")

# Debian builds clang-tidy-<N> with clang++-<N>; compiling the plugin with
# another Clang major usually works but is not what the tests cover.
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  string(REGEX MATCH "^[0-9]+" _tt_cxx_major "${CMAKE_CXX_COMPILER_VERSION}")
  if(NOT _tt_cxx_major STREQUAL TT_LLVM_MAJOR)
    message(WARNING "Building against LLVM ${TT_LLVM_MAJOR} with Clang "
      "${CMAKE_CXX_COMPILER_VERSION}: use -DCMAKE_CXX_COMPILER=clang++-"
      "${TT_LLVM_MAJOR}, the compiler clang-tidy-${TT_LLVM_MAJOR} is built "
      "with (docs/llvm-versions.md)")
  endif()
endif()

# Compile flags every clang-facing target must share with the LLVM build, so
# the plugin agrees with the clang-tidy binary that loads it.
add_library(tt_llvm_flags INTERFACE)
target_include_directories(tt_llvm_flags SYSTEM INTERFACE
  ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
separate_arguments(_tt_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_options(tt_llvm_flags INTERFACE ${_tt_llvm_defs})
target_compile_definitions(tt_llvm_flags INTERFACE
  TT_LLVM_MAJOR=${LLVM_VERSION_MAJOR})
if(NOT LLVM_ENABLE_RTTI)
  target_compile_options(tt_llvm_flags INTERFACE -fno-rtti)
endif()
if(NOT LLVM_ENABLE_EH)
  target_compile_options(tt_llvm_flags INTERFACE -fno-exceptions)
endif()
