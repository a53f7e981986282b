# ui/common holds what several areas of the window share, so it includes no area above it:
# fails naming each ui/common file that includes another folder of ui/ (or ui/main_window.h).
# Run as: cmake -DUI_DIR=<source>/ui -P check_ui_common_includes.cmake
file(GLOB common_files ${UI_DIR}/common/*.h ${UI_DIR}/common/*.cpp)
set(problems "")
foreach(path ${common_files})
  file(STRINGS ${path} includes REGEX "^#include \"ui/")
  foreach(line ${includes})
    if(NOT line MATCHES "^#include \"ui/common/")
      get_filename_component(name ${path} NAME)
      string(APPEND problems "  ui/common/${name}: ${line}\n")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "ui/common includes other folders of ui/ (move the shared type down "
                      "into ui/common instead):\n${problems}")
endif()
