#!/usr/bin/env bash
# Builds core, tfw and the core tests (-DTFW_BUILD_GUI=OFF) into build-gpu/ on a machine
# that has PyTorch 2.x and CMake but no Debian -dev packages and no network, such as a
# lab GPU server. The libraries the engine needs besides LibTorch (sentencepiece, ICU,
# zlib, nlohmann-json, protobuf and its compiler, OpenSSL's libcrypto, Gloo's headers for
# data-parallel training; libcurl is optional and left out, so `tfw data get` says it cannot
# download there) are carried as Debian 12 .deb files:
#   scripts/gpu-build.sh --fetch           on any Debian 12 machine with network: downloads
#                                          them into .deps/debs/ (copy that folder over)
#   scripts/gpu-build.sh [--python PY]     on the GPU machine: unpacks .deps/debs/ into
#                                          .deps/sysroot/ and builds against PY's torch
#                                          (default: python3)
# The core tests are built when QtCore and QtTest are found; tfw runs without Qt.
set -euo pipefail
cd "$(dirname "$0")/.."
debs=.deps/debs
root=$PWD/.deps/sysroot
packages=(libsentencepiece-dev libsentencepiece0 libicu-dev libicu72 zlib1g-dev zlib1g
          nlohmann-json3-dev libprotobuf-dev libprotobuf32 libprotobuf-lite32 protobuf-compiler
          libprotoc32 libssl-dev libssl3 libgloo-dev)

python=python3
case "${1:-}" in
  --fetch)
    mkdir -p "$debs"
    (cd "$debs" && apt-get download "${packages[@]}")
    echo "gpu-build: $(ls "$debs" | wc -l) packages in $debs"
    exit 0 ;;
  --python) python=${2:?--python needs a path} ;;
  "") ;;
  *) echo "gpu-build: unknown option $1" >&2; exit 2 ;;
esac

if ! compgen -G "$debs/*.deb" > /dev/null; then
  echo "gpu-build: no .deb files in $debs (run scripts/gpu-build.sh --fetch on a machine" \
       "with network and copy $debs here)" >&2
  exit 1
fi
rm -rf "$root" && mkdir -p "$root"
for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$root" 2>/dev/null || {
  # No dpkg-deb here: a .deb is an ar archive holding data.tar.*.
  tmp=$(mktemp -d) && (cd "$tmp" && ar x "$OLDPWD/$deb") && tar -xf "$tmp"/data.tar.* -C "$root"
  rm -rf "$tmp"; }
done
# Absolute links (libz.so -> /lib/...) and pkg-config paths must point into the unpack folder.
find "$root" -type l -lname '/*' | while read -r link; do
  ln -sfn "$root$(readlink "$link")" "$link"
done
sed -i -E "s|^(prefix *= *)/usr|\1$root/usr|" "$root"/usr/lib/x86_64-linux-gnu/pkgconfig/*.pc \
  "$root"/usr/share/pkgconfig/*.pc
export PKG_CONFIG_PATH=$root/usr/lib/x86_64-linux-gnu/pkgconfig:$root/usr/share/pkgconfig
export LD_LIBRARY_PATH=$root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}  # protoc

torch_root=$("$python" -c 'import os, torch; print(os.path.dirname(torch.__file__))')
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DTFW_BUILD_GUI=OFF \
  -DCMAKE_PREFIX_PATH="$torch_root;$root/usr" -DTFW_PROTOBUF_ROOT="$root/usr" \
  $(command -v ninja > /dev/null && echo -GNinja)
cmake --build build-gpu -j"$(nproc)"
build-gpu/app/cli/tfw --version
echo "gpu-build: to run it by hand, first: export LD_LIBRARY_PATH=$root/usr/lib/x86_64-linux-gnu"
