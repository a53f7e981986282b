# Writes OUTPUT: a .cpp defining tfw::builtin_translation_files() (core/config/phrase_catalog.h)
# from every Qt Linguist file in TS_DIR, so that tfw (which has no Qt) speaks the same
# translations as the window.
file(GLOB ts_files ${TS_DIR}/*.ts)
list(SORT ts_files)
set(body "")
foreach(path ${ts_files})
  get_filename_component(name ${path} NAME_WE)
  string(REGEX REPLACE "^transformer-workbench_" "" language ${name})
  file(READ ${path} text)
  string(APPEND body "        {\"${language}\", R\"tfwts(${text})tfwts\"},\n")
endforeach()
file(WRITE ${OUTPUT}.tmp "// Generated from translations/ by cmake/EmbedTranslations.cmake.\n#include \"core/config/phrase_catalog.h\"\n\nnamespace tfw {\n\nconst std::vector<TranslationFile>& builtin_translation_files() {\n    static const std::vector<TranslationFile> files{\n${body}    };\n    return files;\n}\n\n}  // namespace tfw\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUTPUT}.tmp ${OUTPUT})
