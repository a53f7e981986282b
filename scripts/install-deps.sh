#!/usr/bin/env bash
# Installs the Debian 12 packages the workbench needs to build, test and run.
#   scripts/install-deps.sh            everything (GUI, tests, headless display)
#   scripts/install-deps.sh --no-gui   core + tfw only (servers without Qt)
set -euo pipefail

core_pkgs=(
  build-essential cmake ninja-build ccache pkg-config
  libtorch-dev libopenblas0-pthread libopenblas-dev libprotobuf-dev
  libsentencepiece-dev nlohmann-json3-dev zlib1g-dev libicu-dev
)
gui_pkgs=(
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
  qt6-l10n-tools qt6-tools-dev-tools
  xvfb xauth
)

pkgs=("${core_pkgs[@]}")
[[ "${1:-}" == "--no-gui" ]] || pkgs+=("${gui_pkgs[@]}")

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi

sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
echo "install-deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
