#!/usr/bin/env bash
# Installs what is missing, builds, and starts the workbench with its built-in demo
# experiment (a synthetic task that needs no data and learns in one to five minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
if [[ -x build/app/gui/transformer-workbench && ( -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ) ]]; then
  exec build/app/gui/transformer-workbench --preset demo "$@"
fi
exec build/app/cli/tfw train --preset demo --run-dir runs/demo-$(date +%Y%m%d-%H%M%S) "$@"
