#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs the whole test suite.
#   scripts/test.sh              against Debian's LibTorch 1.13 (CPU), in build/
#   scripts/test.sh --libtorch2  against the pinned PyTorch 2.x wheel's LibTorch (CUDA
#                                build; runs on the CPU without a GPU), in build-libtorch2/
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
if [[ "${1:-}" == "--libtorch2" ]]; then
  scripts/install-deps.sh --libtorch2 --interop
  # The torch package's root: its share/cmake/Torch and its lib/ win over Debian's LibTorch.
  torch_root=$(.deps/libtorch2/bin/python -c 'import os, torch; print(os.path.dirname(torch.__file__))')
  build=build-libtorch2
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$torch_root"
else
  scripts/install-deps.sh --interop
  build=build
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build" -j"$jobs"
ctest --test-dir "$build" -j"$jobs" --output-on-failure
