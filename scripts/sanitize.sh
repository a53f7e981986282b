#!/usr/bin/env bash
# Builds everything (window and tests included) with AddressSanitizer and
# UndefinedBehaviorSanitizer (CMakePresets.json, preset "asan": clang, build-asan/) and runs
# the whole CTest suite under them. Extra arguments go to ctest, e.g. -R test_tokenizer.
#   scripts/sanitize.sh
# UBSan stops at the first report (-fno-sanitize-recover=undefined, halt_on_error=1); ASan at
# its first error. The suppression files in scripts/sanitizer/ say why each entry is there.
# Runs under nice; TFW_SANITIZE_JOBS sets the build's parallel jobs (default 1).
#
# Left out: the suites that load sentencepiece (test_dataset, test_tokenizer). Its module is
# dlopen'ed with RTLD_DEEPBIND (core/data/sentencepiece_module.h), which ASan refuses and exits
# on; sentencepiece model loading is covered by fuzz/fuzz_sentencepiece instead. Set
# TFW_SANITIZE_EXCLUDE= (empty) to run them anyway.
set -euo pipefail
cd "$(dirname "$0")/.."
exclude=${TFW_SANITIZE_EXCLUDE-^(test_dataset|test_tokenizer)$}
cmake --preset asan
nice -n 10 cmake --build --preset asan -j"${TFW_SANITIZE_JOBS:-1}"
nice -n 10 ctest --preset asan ${exclude:+-E "$exclude"} "$@"
