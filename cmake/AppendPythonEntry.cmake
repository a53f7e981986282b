# Appends ZIP (a zip application holding __main__.py) to the executable BINARY, so that Python
# can run BINARY as well (see app/cli/python_entry/__main__.py). Python's zip import finds the
# archive from the end of the file, whatever comes before it.
# Run as: cmake -DBINARY=<file> -DZIP=<file> -P AppendPythonEntry.cmake
if(NOT EXISTS "${BINARY}" OR NOT EXISTS "${ZIP}")
  message(FATAL_ERROR "AppendPythonEntry: BINARY (${BINARY}) and ZIP (${ZIP}) must exist")
endif()
execute_process(COMMAND sh -c "cat \"$1\" >> \"$2\"" sh "${ZIP}" "${BINARY}"
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "AppendPythonEntry: could not append ${ZIP} to ${BINARY}")
endif()
