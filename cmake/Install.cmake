# Install layout and CMake package of transformers-tidy.
#
#   <prefix>/include/transformers/...                  (reference library)
#   <prefix>/lib/libtransformers.a
#   <prefix>/lib/cmake/TransformersTidy/...             (find_package)
#   <prefix>/lib/cmake/TransformersTidy/llvm-<N>/...    (its LLVM <N> tools)
#   <prefix>/lib/transformers-tidy/llvm-<N>/transformers-migrate
#   <prefix>/lib/transformers-tidy/llvm-<N>/transformers-tidy-lsp
#   <prefix>/lib/transformers-tidy/llvm-<N>/*.so        (clang-tidy plugin)
#   <prefix>/bin/transformers-migrate-<N>               (symlink to the tool)
#   <prefix>/bin/transformers-tidy-lsp-<N>              (symlink to the server)
#   <prefix>/share/man/man1/transformers-migrate-<N>.1.gz
#   <prefix>/share/man/man1/transformers-tidy-lsp-<N>.1.gz
#   <prefix>/bin/transformers-migrate                   (symlink, see below)
#   <prefix>/bin/transformers-tidy-lsp                  (symlink, see below)
#   <prefix>/share/man/man1/transformers-migrate.1.gz   (symlink)
#   <prefix>/share/man/man1/transformers-tidy-lsp.1.gz  (symlink)
#   <prefix>/share/transformers-tidy/bazel/...          (Bazel rules)
#
# Everything that depends on the LLVM major carries it in its path, because a
# plugin only loads into the clang-tidy it was built against and users keep
# several majors: trees built for two majors install side by side. Three
# install components:
#   common       library, headers, CMake package, Bazel rules; the same for
#                every major
#   llvm<N>      the tool, the language server, the plugin, their man pages
#                and the CMake package's part for LLVM <N>
#   unversioned  the plain names. `cmake --install` installs them (the last
#                tree installed wins); the Debian packages leave them to
#                update-alternatives (cmake/DebianPackage.cmake).
#
# Included from the top-level CMakeLists.txt after every target is defined;
# install(TARGETS) accepts targets of other directories (CMake >= 3.13).

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/TransformersTidy")

# The reference library: headers, archive and an exported target. Its
# include directory is a BUILD_INTERFACE only; INCLUDES DESTINATION gives
# the installed target its include path.
install(TARGETS transformers
  EXPORT TransformersTidyTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT common
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/transformers"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
  COMPONENT common
  FILES_MATCHING PATTERN "*.h")
# The Bazel rules (bazel/, a Bazel repository of their own that a user's
# workspace names with local_repository; docs/integrations.md, "Bazel").
# They take the LLVM major from the user's set-up, so they are common.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/bazel/"
  DESTINATION "${CMAKE_INSTALL_DATADIR}/transformers-tidy/bazel"
  COMPONENT common
  USE_SOURCE_PERMISSIONS
  PATTERN "__pycache__" EXCLUDE)
install(EXPORT TransformersTidyTargets
  NAMESPACE transformers::
  DESTINATION "${TT_INSTALL_CMAKEDIR}"
  COMPONENT common)

if(NOT TT_HAVE_LLVM)
  # Without LLVM only the library is installable (and no .deb is offered:
  # its point is the tools).
  include(InstallCMakePackage)
  return()
endif()

set(TT_INSTALL_COMPONENT "llvm${TT_LLVM_MAJOR}")
set(TT_INSTALL_PLUGINDIR
  "${CMAKE_INSTALL_LIBDIR}/transformers-tidy/llvm-${TT_LLVM_MAJOR}")
set(TT_INSTALL_MAN1DIR "${CMAKE_INSTALL_MANDIR}/man1")

# tt_link(LINK TARGET COMPONENT): installs the relative symlink
# <prefix>/LINK -> TARGET, honouring DESTDIR as install() rules do.
function(tt_link link target component)
  install(CODE "
    set(_tt_link \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${link}\")
    get_filename_component(_tt_dir \"\${_tt_link}\" DIRECTORY)
    file(MAKE_DIRECTORY \"\${_tt_dir}\")
    file(REMOVE \"\${_tt_link}\")
    message(STATUS \"Installing: \${_tt_link} -> ${target}\")
    file(CREATE_LINK \"${target}\" \"\${_tt_link}\" SYMBOLIC)
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${_tt_link}\")"
    COMPONENT ${component})
endfunction()

include(InstallRunPath)
tt_llvm_install_rpath(_tt_migrate_rpath)
set_target_properties(transformers-migrate transformers-tidy-lsp PROPERTIES
  INSTALL_RPATH "${_tt_migrate_rpath}")

# The tool and the language server (docs/editors.md) live next to the
# plugin, like Debian's /usr/lib/llvm-<N>/bin; bin/ gets their versioned
# names. The server is not exported to the CMake package: builds do not
# run it.
install(TARGETS transformers-migrate
  EXPORT TransformersTidyToolsTargets
  RUNTIME DESTINATION "${TT_INSTALL_PLUGINDIR}"
    COMPONENT ${TT_INSTALL_COMPONENT})
install(TARGETS transformers-tidy-lsp
  RUNTIME DESTINATION "${TT_INSTALL_PLUGINDIR}"
    COMPONENT ${TT_INSTALL_COMPONENT})
foreach(_tt_exe transformers-migrate transformers-tidy-lsp)
  file(RELATIVE_PATH _tt_bin_to_exe "/${CMAKE_INSTALL_BINDIR}"
    "/${TT_INSTALL_PLUGINDIR}/${_tt_exe}")
  tt_link("${CMAKE_INSTALL_BINDIR}/${_tt_exe}-${TT_LLVM_MAJOR}"
    "${_tt_bin_to_exe}" ${TT_INSTALL_COMPONENT})
endforeach()

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

# The man pages (docs/man/<program>.1), installed as <program>-<N>.1.gz,
# compressed as Debian installs man pages (gzip -n: no timestamp, so the
# package is reproducible); the plain names are unversioned symlinks.
find_program(TT_GZIP gzip REQUIRED)
foreach(_tt_exe transformers-migrate transformers-tidy-lsp)
  set(_tt_man "${PROJECT_SOURCE_DIR}/docs/man/${_tt_exe}.1")
  set(_tt_man_gz "${PROJECT_BINARY_DIR}/man/${_tt_exe}-${TT_LLVM_MAJOR}.1.gz")
  add_custom_command(OUTPUT "${_tt_man_gz}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${PROJECT_BINARY_DIR}/man"
    COMMAND "${TT_GZIP}" -9nc "${_tt_man}" > "${_tt_man_gz}"
    DEPENDS "${_tt_man}"
    COMMENT "Compressing the ${_tt_exe} man page"
    VERBATIM)
  add_custom_target(${_tt_exe}-man ALL DEPENDS "${_tt_man_gz}")
  install(FILES "${_tt_man_gz}"
    DESTINATION "${TT_INSTALL_MAN1DIR}"
    COMPONENT ${TT_INSTALL_COMPONENT})

  tt_link("${CMAKE_INSTALL_BINDIR}/${_tt_exe}"
    "${_tt_exe}-${TT_LLVM_MAJOR}" unversioned)
  tt_link("${TT_INSTALL_MAN1DIR}/${_tt_exe}.1.gz"
    "${_tt_exe}-${TT_LLVM_MAJOR}.1.gz" unversioned)
endforeach()

include(InstallCMakePackage)
include(DebianPackage)
