#!/usr/bin/env bash
# Installs the Debian 12 packages the workbench needs to build, test and run.
#   scripts/install-deps.sh              everything (GUI, tests, headless display)
#   scripts/install-deps.sh --no-gui     core + tfw only (servers without Qt)
#   scripts/install-deps.sh --libtorch2  also LibTorch 2.x (CUDA build) from the pinned
#                                        PyTorch wheel on PyPI, into .deps/libtorch2/
#                                        (a project-local Python venv, never the system's)
#   scripts/install-deps.sh --interop    also the Python tools the interop tests read our
#                                        files with (TensorBoard, safetensors, sentencepiece,
#                                        sacreBLEU), pinned, into .deps/interop/
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned to the PyTorch the lab's GPU machines run; its LibTorch is built with CUDA 13.0.
torch_pin="torch==2.11.0"
venv=.deps/libtorch2
# What the interop tests check our files against; the PyTorch venv gets the two it needs to
# load an exported model, and transformers to load an hf-llama export.
interop_pins=(tensorboard==2.21.0 safetensors==0.8.0 sentencepiece==0.2.3 sacrebleu==2.6.0)
torch_interop_pins=(safetensors==0.8.0 sentencepiece==0.2.3 numpy==2.4.6 transformers==5.23.0)
interop_venv=.deps/interop

core_pkgs=(
  build-essential cmake ninja-build ccache pkg-config
  libtorch-dev libopenblas0-pthread libopenblas-dev libprotobuf-dev
  libsentencepiece-dev nlohmann-json3-dev zlib1g-dev libicu-dev
  protobuf-compiler             # TensorBoard event files
  libcurl4-openssl-dev libssl-dev  # tfw data get: downloads and their SHA-256 sums
  libgloo-dev                   # data-parallel training: the headers of LibTorch's Gloo process group
  libdnnl-dev                   # decoding with packed weights on Debian's LibTorch 1.13
  ocl-icd-opencl-dev            # libdnnl-dev's CMake files require OpenCL (only recommended)
)
gui_pkgs=(
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
  qt6-l10n-tools qt6-tools-dev-tools qt6-tools-dev
  fonts-wqy-microhei  # Chinese characters in the window and the heatmaps
  qt6-translations-l10n  # Qt's own dialogs and buttons in Chinese
  xvfb xauth
)
report_pkgs=(
  texlive-xetex texlive-latex-recommended texlive-lang-chinese  # report.tex: xelatex, ctexart
  poppler-utils poppler-data  # pdftoppm; the Chinese fonts a report's PDF figures name
)

no_gui=0 libtorch2=0 interop=0 report=0
for arg in "$@"; do
  case "$arg" in
    --no-gui) no_gui=1 ;;
    --libtorch2) libtorch2=1 ;;
    --interop) interop=1 ;;
    --report) report=1 ;;
    *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
  esac
done

pkgs=("${core_pkgs[@]}")
((no_gui)) || pkgs+=("${gui_pkgs[@]}")
((report)) && pkgs+=("${report_pkgs[@]}")
((libtorch2 || interop)) && pkgs+=(python3-venv)

# Installs the pinned packages a venv lacks (pip freeze spells them name==version).
pip_install_pinned() {
  local venv_dir=$1 have
  shift
  have=$("$venv_dir/bin/python" -m pip freeze --disable-pip-version-check 2>/dev/null | tr 'A-Z_' 'a-z-')
  local want=()
  for pin in "$@"; do grep -qxF "$pin" <<<"$have" || want+=("$pin"); done
  if ((${#want[@]} == 0)); then
    echo "install-deps: $* present in $venv_dir"
  else
    echo "install-deps: installing ${want[*]} into $venv_dir"
    "$venv_dir/bin/python" -m pip install -q --disable-pip-version-check ${TFW_PIP_OPTIONS:-} "${want[@]}"
  fi
}

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#pkgs[@]} packages present"
else
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  echo "install-deps: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if ((libtorch2)); then
  [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
  if "$venv/bin/python" -m pip show torch 2>/dev/null | grep -qx "Version: ${torch_pin#torch==}"; then
    echo "install-deps: $torch_pin present in $venv"
  else
    echo "install-deps: installing $torch_pin into $venv (about 4.6 GB with its CUDA libraries)"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check ${TFW_PIP_OPTIONS:-} "$torch_pin"
  fi
  pip_install_pinned "$venv" "${torch_interop_pins[@]}"
fi

if ((interop)); then
  [[ -x $interop_venv/bin/python ]] || python3 -m venv "$interop_venv"
  pip_install_pinned "$interop_venv" "${interop_pins[@]}"
fi
