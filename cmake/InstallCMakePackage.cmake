# The CMake package, find_package(TransformersTidy) (included by
# cmake/Install.cmake).
#
#   <cmakedir>/TransformersTidyConfig.cmake          component common: the
#   <cmakedir>/TransformersTidyConfigVersion.cmake   library, and the choice
#   <cmakedir>/TransformersTidyTargets*.cmake        of the LLVM tools
#   <cmakedir>/llvm-<N>/TransformersTidyTools.cmake  component llvm<N>: the
#   <cmakedir>/llvm-<N>/TransformersTidyToolsTargets*.cmake  tools of LLVM <N>
#
# The common files name no LLVM major, so every tree installs the same ones
# and the package finds whichever llvm-<N>/ parts sit next to them.

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/TransformersTidyConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfig.cmake"
  INSTALL_DESTINATION "${TT_INSTALL_CMAKEDIR}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)

# The version file: the project version (0.x: same minor is compatible).
# A consumer that sets TransformersTidy_REQUIRED_LLVM_MAJOR gets only a
# package with tools for that major, so its clang-tidy can load the plugin;
# find_package lists the others as unsuitable.
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
# transformers-tidy @PROJECT_VERSION@. The tools of LLVM <N> (whose plugin
# loads only into clang-tidy-<N>) are in llvm-<N>/ next to this file.
if(DEFINED TransformersTidy_REQUIRED_LLVM_MAJOR AND NOT EXISTS
   "${CMAKE_CURRENT_LIST_DIR}/llvm-${TransformersTidy_REQUIRED_LLVM_MAJOR}/TransformersTidyTools.cmake")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
  file(GLOB _tt_majors RELATIVE "${CMAKE_CURRENT_LIST_DIR}"
    "${CMAKE_CURRENT_LIST_DIR}/llvm-*/TransformersTidyTools.cmake")
  string(REGEX REPLACE "llvm-([0-9]+)/[^;]*" "\\1" _tt_majors "${_tt_majors}")
  string(REPLACE ";" " " _tt_majors "${_tt_majors}")
  message(STATUS "TransformersTidy at ${CMAKE_CURRENT_LIST_DIR} has no tools "
    "for LLVM ${TransformersTidy_REQUIRED_LLVM_MAJOR} (it has: ${_tt_majors})")
endif()

@_tt_basic_version@]]
  @ONLY)
install(FILES
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfig.cmake"
  "${PROJECT_BINARY_DIR}/cmake/TransformersTidyConfigVersion.cmake"
  DESTINATION "${TT_INSTALL_CMAKEDIR}"
  COMPONENT common)

if(NOT TT_HAVE_LLVM)
  return()
endif()

set(_tt_tools_cmakedir "${TT_INSTALL_CMAKEDIR}/llvm-${TT_LLVM_MAJOR}")
set(TT_INSTALL_PLUGIN "${TT_INSTALL_PLUGINDIR}/TransformersTidyModule.so")
install(EXPORT TransformersTidyToolsTargets
  NAMESPACE transformers::
  DESTINATION "${_tt_tools_cmakedir}"
  COMPONENT ${TT_INSTALL_COMPONENT})
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/TransformersTidyTools.cmake.in"
  "${PROJECT_BINARY_DIR}/cmake/llvm-${TT_LLVM_MAJOR}/TransformersTidyTools.cmake"
  INSTALL_DESTINATION "${_tt_tools_cmakedir}"
  PATH_VARS TT_INSTALL_PLUGIN
  NO_CHECK_REQUIRED_COMPONENTS_MACRO)
install(FILES
  "${PROJECT_BINARY_DIR}/cmake/llvm-${TT_LLVM_MAJOR}/TransformersTidyTools.cmake"
  DESTINATION "${_tt_tools_cmakedir}"
  COMPONENT ${TT_INSTALL_COMPONENT})
