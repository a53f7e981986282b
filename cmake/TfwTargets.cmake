# Helpers shared by every target of the project.

# Strict warnings for our own code (never for third-party headers).
function(tfw_strict_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
endfunction()

# Links tfw_core into an executable.
#
# Debian's libsentencepiece carries protobuf code whose static initialisers bind to
# libprotobuf's symbols; when libtorch comes first in symbol lookup the process crashes
# at start-up. Linking libprotobuf explicitly and first puts it ahead of both.
# tests/ has a test that starts every executable to keep this honest.
# It is one flag so that CMake's de-duplication of libraries cannot move it.
function(tfw_link_core target)
  list(GET PROTOBUF_LINK_LIBRARIES 0 protobuf_library)
  target_link_libraries(${target} PRIVATE "-Wl,--no-as-needed,${protobuf_library},--as-needed" tfw_core)
endfunction()

# Collects the .cpp files of the given sub-folders (one folder per area of a library).
function(tfw_collect_sources out_var)
  set(files)
  foreach(dir ${ARGN})
    file(GLOB dir_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.cpp)
    list(APPEND files ${dir_files})
  endforeach()
  set(${out_var} ${files} PARENT_SCOPE)
endfunction()
