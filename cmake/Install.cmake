# Install layout, CMake package and Debian package of transformers-tidy.
#
#   <prefix>/bin/transformers-migrate
#   <prefix>/include/transformers/...                  (reference library)
#   <prefix>/lib/libtransformers.a
#   <prefix>/lib/transformers-tidy/llvm-<N>/*.so        (clang-tidy plugin)
#   <prefix>/lib/cmake/TransformersTidy/...             (find_package)
#
# The plugin directory names the LLVM major because a plugin only loads into
# the clang-tidy it was built against: packages for two majors can be
# installed side by side. Everything is one install component, so CPack
# packages exactly these files.
#
# Included from the top-level CMakeLists.txt after every target is defined;
# install(TARGETS) accepts targets of other directories (CMake >= 3.13).

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TT_INSTALL_COMPONENT transformers-tidy)
set(TT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/TransformersTidy")

# The reference library: headers, archive and an exported target. Its
# include directory is a BUILD_INTERFACE only; INCLUDES DESTINATION gives
# the installed target its include path.
install(TARGETS transformers
  EXPORT TransformersTidyTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
    COMPONENT ${TT_INSTALL_COMPONENT}
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/transformers"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
  COMPONENT ${TT_INSTALL_COMPONENT}
  FILES_MATCHING PATTERN "*.h")

if(NOT TT_HAVE_LLVM)
  # Without LLVM only the library is installable (and no .deb is offered:
  # its point is the tools).
  install(EXPORT TransformersTidyTargets
    NAMESPACE transformers::
    DESTINATION "${TT_INSTALL_CMAKEDIR}"
    COMPONENT ${TT_INSTALL_COMPONENT})
  return()
endif()

set(TT_INSTALL_PLUGINDIR
  "${CMAKE_INSTALL_LIBDIR}/transformers-tidy/llvm-${TT_LLVM_MAJOR}")

# transformers-migrate keeps the run path to the LLVM libraries it was
# linked against, as in the build tree, so a non-default LLVM still works.
set_target_properties(transformers-migrate PROPERTIES
  INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS transformers-migrate
  EXPORT TransformersTidyTargets
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
    COMPONENT ${TT_INSTALL_COMPONENT})

# Every MODULE library of lib/TidyModule (the file users -load and whatever
# it loads next to it), so this stays right when that directory changes.
get_property(_tt_tidy_targets
  DIRECTORY "${PROJECT_SOURCE_DIR}/lib/TidyModule"
  PROPERTY BUILDSYSTEM_TARGETS)
set(TT_PLUGIN_TARGETS)
foreach(_tt_target IN LISTS _tt_tidy_targets)
  get_target_property(_tt_type ${_tt_target} TYPE)
  if(_tt_type STREQUAL "MODULE_LIBRARY")
    list(APPEND TT_PLUGIN_TARGETS ${_tt_target})
  endif()
endforeach()
if(NOT TARGET TransformersTidyModule
   OR NOT "TransformersTidyModule" IN_LIST TT_PLUGIN_TARGETS)
  message(FATAL_ERROR "cmake/Install.cmake: lib/TidyModule no longer "
    "defines the MODULE target TransformersTidyModule (the plugin to -load)")
endif()
install(TARGETS ${TT_PLUGIN_TARGETS}
  LIBRARY DESTINATION "${TT_INSTALL_PLUGINDIR}"
    COMPONENT ${TT_INSTALL_COMPONENT})

# The CMake package.
install(EXPORT TransformersTidyTargets
  NAMESPACE transformers::
  DESTINATION "${TT_INSTALL_CMAKEDIR}"
  COMPONENT ${TT_INSTALL_COMPONENT})

set(TT_INSTALL_PLUGIN "${TT_INSTALL_PLUGINDIR}/TransformersTidyModule.so")
set(TT_INSTALL_MIGRATE "${CMAKE_INSTALL_BINDIR}/transformers-migrate")
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/TransformersTidyConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfig.cmake"
  INSTALL_DESTINATION "${TT_INSTALL_CMAKEDIR}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR TT_INSTALL_PLUGIN TT_INSTALL_MIGRATE)

# The version file: the project version (0.x: same minor is compatible),
# preceded by the LLVM major the package was built against. A consumer that
# sets TransformersTidy_REQUIRED_LLVM_MAJOR gets only a package whose plugin
# its clang-tidy can load; find_package lists the others as unsuitable.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfigVersion.basic.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
file(READ
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfigVersion.basic.cmake"
  _tt_basic_version)
file(CONFIGURE
  OUTPUT "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfigVersion.cmake"
  CONTENT [[
# transformers-tidy @PROJECT_VERSION@ built against LLVM @TT_LLVM_MAJOR@: its
# clang-tidy plugin loads only into clang-tidy-@TT_LLVM_MAJOR@.
set(TransformersTidy_PACKAGE_LLVM_MAJOR "@TT_LLVM_MAJOR@")
if(DEFINED TransformersTidy_REQUIRED_LLVM_MAJOR
   AND NOT TransformersTidy_REQUIRED_LLVM_MAJOR STREQUAL "@TT_LLVM_MAJOR@")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
  message(STATUS "TransformersTidy at ${CMAKE_CURRENT_LIST_DIR} is built "
    "for LLVM @TT_LLVM_MAJOR@, not ${TransformersTidy_REQUIRED_LLVM_MAJOR}")
endif()

@_tt_basic_version@]]
  @ONLY)
install(FILES
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfig.cmake"
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfigVersion.cmake"
  DESTINATION "${TT_INSTALL_CMAKEDIR}"
  COMPONENT ${TT_INSTALL_COMPONENT})

# The Debian package: cpack -G DEB in the build directory.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME "transformers-tidy-llvm${TT_LLVM_MAJOR}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "transformers-tidy")
set(CPACK_PACKAGE_CONTACT "transformers-tidy maintainers <transformers-tidy@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "clang-tidy checks and migration tool for legacy transformers KV caches")
set(CPACK_PACKAGE_DESCRIPTION
  "transformers-migrate and a clang-tidy-${TT_LLVM_MAJOR} plugin that find \
legacy tuple-shaped KV caches passed as past_key_values or cache_params and \
fix them with DynamicCache::from_legacy_cache, plus the C++ reference \
generation library (headers, static archive, CMake package).")
# Only this project's files (not those of any third-party subproject).
set(CPACK_INSTALL_CMAKE_PROJECTS
  "${PROJECT_BINARY_DIR};${PROJECT_NAME};${TT_INSTALL_COMPONENT};/")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Fixed, not dpkg-shlibdeps: the package names follow from the LLVM major.
# transformers-migrate links libclang-cpp and libLLVM and reads Clang's
# builtin headers (libclang-common); the plugin needs the clang-tidy of the
# same major to load into.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libc6, libstdc++6, libclang-cpp${TT_LLVM_MAJOR}, libllvm${TT_LLVM_MAJOR}, libclang-common-${TT_LLVM_MAJOR}-dev, clang-tidy-${TT_LLVM_MAJOR}")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tools-${TT_LLVM_MAJOR}")
include(CPack)
