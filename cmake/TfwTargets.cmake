# Helpers shared by every target of the project.

# Strict warnings for our own code (never for third-party headers).
function(tfw_strict_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
endfunction()

# Links tfw_core into an executable. sentencepiece is not linked: it brings its own
# protobuf, so it is loaded at run time from the tfw_sentencepiece module
# (core/data/sentencepiece_module.h). tests/ starts every executable to keep this honest.
function(tfw_link_core target)
  target_link_libraries(${target} PRIVATE tfw_core)
endfunction()

# Collects the sources of the given sub-folders (one folder per area of a library).
function(tfw_collect_sources out_var)
  set(files)
  foreach(dir ${ARGN})
    # Headers too: AUTOMOC then sees a new Q_OBJECT header as soon as the glob does.
    file(GLOB dir_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.cpp
         ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.h)
    list(APPEND files ${dir_files})
  endforeach()
  set(${out_var} ${files} PARENT_SCOPE)
endfunction()

# Precompiled headers for the targets that include LibTorch. Off by default: on a 2-core
# machine a clean build took the same time with them (642 s against 633 s), an edited core
# file rebuilt slower (18 s against 14 s) and each target's header weighed ~390 MB, because
# optimising and instantiating templates, not parsing, dominates. Worth trying on machines
# where parsing is slow (see CONTRIBUTING.md).
option(TFW_PRECOMPILE_HEADERS "Precompile the LibTorch and JSON headers" OFF)
set(TFW_PRECOMPILED_HEADERS <ATen/ATen.h> <torch/nn/module.h> <nlohmann/json.hpp> <functional>
    <map> <memory> <string> <vector>)

# Gives the target its own precompiled header.
function(tfw_precompile_headers target)
  if(TFW_PRECOMPILE_HEADERS)
    target_precompile_headers(${target} PRIVATE ${TFW_PRECOMPILED_HEADERS})
  endif()
endfunction()

# Uses another target's precompiled header (the two must be compiled with the same flags).
function(tfw_reuse_precompiled_headers target from)
  if(TFW_PRECOMPILE_HEADERS)
    target_precompile_headers(${target} REUSE_FROM ${from})
  endif()
endfunction()
