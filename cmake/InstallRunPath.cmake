# tt_llvm_install_rpath(OUT): the run path the installed transformers-migrate
# needs to find the shared LLVM libraries it links (clang-cpp, LLVM).
#
# Empty when the dynamic loader finds every one of them by soname in a
# default directory, as with Debian's packages (libclang-cpp<N> and
# libllvm<N> put the sonames in /usr/lib/<multiarch>): Debian forbids a
# needless run path (lintian: custom-library-search-path) and the loader's
# own search keeps working after LLVM point releases. Otherwise, e.g. for a
# self-built LLVM in /opt, LLVM's library directory, as in the build tree.

function(tt_llvm_install_rpath out)
  set(_dirs)
  foreach(_dir /lib /usr/lib)
    if(CMAKE_LIBRARY_ARCHITECTURE)
      list(APPEND _dirs "${_dir}/${CMAKE_LIBRARY_ARCHITECTURE}")
    endif()
    list(APPEND _dirs "${_dir}" "${_dir}64")
  endforeach()

  foreach(_lib clang-cpp LLVM)
    set(_soname)
    if(TARGET ${_lib})
      get_target_property(_configs ${_lib} IMPORTED_CONFIGURATIONS)
      foreach(_config IN LISTS _configs)
        get_target_property(_soname ${_lib} IMPORTED_SONAME_${_config})
        if(_soname)
          break()
        endif()
      endforeach()
    endif()
    set(_found FALSE)
    if(_soname)
      foreach(_dir IN LISTS _dirs)
        if(EXISTS "${_dir}/${_soname}")
          set(_found TRUE)
          break()
        endif()
      endforeach()
    endif()
    if(NOT _found)
      set(${out} "${LLVM_LIBRARY_DIR}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()
