#!/usr/bin/env bash
# The release check of the Debian package: builds it, installs it with apt-get on a clean
# Debian 12 root (made with debootstrap, so only the package's declared Depends are there),
# and starts both programs in it: `tfw --version`, a short demo training, `tfw eval`, and the
# window on the offscreen platform in English and in Chinese.
#
#   scripts/check-package.sh [--build DIR] [--root DIR] [--keep]
#
# --root DIR uses (and keeps) that clean root, made on the first run; without it a temporary one
# is made and removed afterwards unless --keep.
#
# Needs root (debootstrap, chroot) and Debian's mirror; takes about 10 minutes, most of it
# downloading LibTorch and Qt into the clean root. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
root=
keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --root) root=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $(id -u) -eq 0 ]] || { echo "check-package: run as root (debootstrap and chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -q --no-install-recommends debootstrap
command -v dpkg-shlibdeps >/dev/null || apt-get install -y -q --no-install-recommends dpkg-dev

echo "== building the package in $build"
cmake --build "$build" --target package
deb=$(ls -t "$build"/transformer-workbench_*.deb | head -1)
echo "   $deb"
dpkg-deb --info "$deb" | sed -n '/Depends/p'
dpkg-deb --contents "$deb" | awk '{print $6}'

[[ -n $root ]] && keep=1
root=${root:-$(mktemp -d /tmp/tfw-clean-root.XXXXXX)}
cleanup() {
  for m in dev/pts dev proc sys; do umount -l "$root/$m" 2>/dev/null || true; done
  ((keep)) && return
  # Never follow a mount that is still there into the host's /dev, /proc or /sys.
  for m in dev/pts dev proc sys; do
    mountpoint -q "$root/$m" && { echo "check-package: $root/$m still mounted; left $root" >&2; return; }
  done
  rm -rf --one-file-system "$root" "$root.log"
}
trap cleanup EXIT
if [[ ! -x $root/usr/bin/apt-get ]]; then
  echo "== debootstrap bookworm into $root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > "$root.log" 2>&1 ||
    { tail -20 "$root.log"; exit 1; }
fi
for m in proc sys dev dev/pts; do mkdir -p "$root/$m"; mount --bind "/$m" "$root/$m"; done
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

echo "== apt-get install ./$(basename "$deb")"
in_root apt-get update -q
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "/tmp/$(basename "$deb")"

echo "== tfw"
in_root tfw --version
in_root tfw train --preset demo --run-dir /tmp/demo --set train.max_steps=60 \
  --set train.threads=2 > "$root/tmp/train.out"
tail -2 "$root/tmp/train.out"
in_root tfw eval --checkpoint /tmp/demo/checkpoints/best.tfw --split valid
zcat "$root/usr/share/man/man1/tfw.1.gz" | grep -q '^\.TH TFW 1' || { echo "tfw.1.gz unreadable" >&2; exit 1; }

echo "== transformer-workbench (offscreen, English and Chinese)"
for language in en zh_CN; do
  in_root env QT_QPA_PLATFORM=offscreen transformer-workbench --language "$language" \
    --runs-dir /tmp/window-runs --quit-after-ms 3000
done
echo "== the package installs and both programs start"
