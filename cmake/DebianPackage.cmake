# The Debian packages: `cpack -G DEB` in a build directory (included by
# cmake/Install.cmake, whose install components they package).
#
#   transformers-tidy-common   component common: library, headers, CMake
#                              package; Architecture-dependent (a static
#                              archive) but the same for every LLVM major
#   transformers-tidy-llvm<N>  component llvm<N>: transformers-migrate-<N>,
#                              transformers-tidy-lsp-<N>, the clang-tidy-<N>
#                              plugin, the man pages; the plain
#                              transformers-migrate is an alternative, the
#                              plain transformers-tidy-lsp its slave
#                              (packaging/debian/postinst.in)
#
# Packages for two majors share no file, so they install side by side. The
# common package must come from one tree only: two trees compile the library
# with two compilers, and two different .debs with one name and version are
# an error in any archive. TT_DEB_COMMON_PACKAGE picks the tree (default: the
# default LLVM major's); each llvm<N> package depends on the common package
# of exactly its own version.

set(TT_DEB_MAINTAINER
  "transformers-tidy maintainers <maintainers@transformers-tidy.example>"
  CACHE STRING "Maintainer field of the Debian packages: set the publisher's")
# The Debian revision: bump it (and add a changelog entry) for a change of
# the packaging alone.
set(TT_DEB_REVISION 1)
if(TT_LLVM_MAJOR STREQUAL TT_DEFAULT_LLVM_MAJOR)
  set(_tt_common_default ON)
else()
  set(_tt_common_default OFF)
endif()
option(TT_DEB_COMMON_PACKAGE
  "cpack also builds transformers-tidy-common (publish it from one tree)"
  ${_tt_common_default})

set(TT_DEB_VERSION "${PROJECT_VERSION}-${TT_DEB_REVISION}")
set(TT_DEB_COMMON "transformers-tidy-common")
set(TT_DEB_TOOLS "transformers-tidy-llvm${TT_LLVM_MAJOR}")
# 0.1.0 (for LLVM 19 and 22) had one package per major holding everything,
# the common files included: the common package takes them over.
set(_tt_deb_split_version "0.1.0-1")
set(_tt_deb_old_packages)
foreach(_tt_major IN ITEMS 19 22)
  list(APPEND _tt_deb_old_packages
    "transformers-tidy-llvm${_tt_major} (<< ${_tt_deb_split_version})")
endforeach()
string(JOIN ", " _tt_deb_old_packages ${_tt_deb_old_packages})

set(_tt_deb_src "${PROJECT_SOURCE_DIR}/packaging/debian")
set(_tt_deb_out "${PROJECT_BINARY_DIR}/packaging/debian")
set(TT_DEB_BINDIR "/usr/${CMAKE_INSTALL_BINDIR}")
set(TT_DEB_MAN1DIR "/usr/${TT_INSTALL_MAN1DIR}")

# tt_deb_docs(PACKAGE COMPONENT): what Debian requires of every package in
# /usr/share/doc/PACKAGE: the copyright file and the Debian changelog
# (gzip -n, reproducible). Only in the packages: EXCLUDE_FROM_ALL keeps them
# out of a plain `cmake --install`.
function(tt_deb_docs package component)
  set(TT_DEB_PACKAGE "${package}")
  configure_file("${_tt_deb_src}/changelog.in"
    "${_tt_deb_out}/${package}/changelog.Debian" @ONLY)
  set(_gz "${_tt_deb_out}/${package}/changelog.Debian.gz")
  add_custom_command(OUTPUT "${_gz}"
    COMMAND "${TT_GZIP}" -9nc "${_tt_deb_out}/${package}/changelog.Debian"
      > "${_gz}"
    DEPENDS "${_tt_deb_out}/${package}/changelog.Debian"
    VERBATIM)
  add_custom_target(${package}-changelog ALL DEPENDS "${_gz}")
  install(FILES "${_tt_deb_src}/copyright" "${_gz}"
    DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/${package}"
    COMPONENT ${component}
    EXCLUDE_FROM_ALL)
endfunction()

tt_deb_docs(${TT_DEB_COMMON} common)
tt_deb_docs(${TT_DEB_TOOLS} ${TT_INSTALL_COMPONENT})
foreach(_tt_script postinst prerm)
  configure_file("${_tt_deb_src}/${_tt_script}.in"
    "${_tt_deb_out}/${TT_DEB_TOOLS}/${_tt_script}" @ONLY)
endforeach()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME "transformers-tidy")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_DEBIAN_PACKAGE_RELEASE "${TT_DEB_REVISION}")
set(CPACK_PACKAGE_VENDOR "transformers-tidy")
set(CPACK_PACKAGE_CONTACT "${TT_DEB_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
# Only this project's files (not those of any third-party subproject), one
# package per component; the unversioned component is left out.
set(CPACK_INSTALL_CMAKE_PROJECTS
  "${PROJECT_BINARY_DIR};${PROJECT_NAME};ALL;/")
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL ${TT_INSTALL_COMPONENT})
if(TT_DEB_COMMON_PACKAGE)
  list(PREPEND CPACK_COMPONENTS_ALL common)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Debian ships binaries stripped, and computes the shared-library
# dependencies with their minimum versions (dpkg-shlibdeps).
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_COMMON_PACKAGE_NAME "${TT_DEB_COMMON}")
set(CPACK_DEBIAN_COMMON_PACKAGE_BREAKS "${_tt_deb_old_packages}")
set(CPACK_DEBIAN_COMMON_PACKAGE_REPLACES "${_tt_deb_old_packages}")
set(CPACK_DEBIAN_COMMON_DESCRIPTION
  "transformers-tidy reference library, headers and CMake package
The C++ reference implementation of the transformers generation-cache API
(DynamicCache, StaticCache, generate) that the transformers-tidy checks
know: headers, static archive and the CMake package
find_package(TransformersTidy), which finds the tools of every
transformers-tidy-llvm<N> package installed.")

string(TOUPPER "${TT_INSTALL_COMPONENT}" _tt_comp)
set(CPACK_DEBIAN_${_tt_comp}_PACKAGE_NAME "${TT_DEB_TOOLS}")
# Beyond the shared libraries dpkg-shlibdeps finds: Clang's builtin headers,
# which transformers-migrate parses with, and the clang-tidy the plugin is
# loaded into.
set(CPACK_DEBIAN_${_tt_comp}_PACKAGE_DEPENDS
  "${TT_DEB_COMMON} (= ${TT_DEB_VERSION}), libclang-common-${TT_LLVM_MAJOR}-dev, clang-tidy-${TT_LLVM_MAJOR}")
set(CPACK_DEBIAN_${_tt_comp}_PACKAGE_SUGGESTS
  "clang-tools-${TT_LLVM_MAJOR}")
set(CPACK_DEBIAN_${_tt_comp}_PACKAGE_CONTROL_EXTRA
  "${_tt_deb_out}/${TT_DEB_TOOLS}/postinst;${_tt_deb_out}/${TT_DEB_TOOLS}/prerm")
set(CPACK_DEBIAN_${_tt_comp}_DESCRIPTION
  "transformers-tidy checks and migration tool for LLVM ${TT_LLVM_MAJOR}
Finds and fixes legacy tuple-shaped KV caches passed as past_key_values or
cache_params to the transformers C++ generation API, wrapping them in
DynamicCache::from_legacy_cache: transformers-migrate-${TT_LLVM_MAJOR} (also
transformers-migrate, through update-alternatives), a plugin for
clang-tidy-${TT_LLVM_MAJOR}, and transformers-tidy-lsp-${TT_LLVM_MAJOR} (also
transformers-tidy-lsp), a language server that shows the findings and their
fixes in editors, beside clangd or wrapping it. Packages for other LLVM
majors install alongside this one.")
include(CPack)
