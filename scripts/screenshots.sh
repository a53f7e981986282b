#!/usr/bin/env bash
# Screenshots of every tab of the window in one language, for docs/ and for checking that no
# text is clipped: the demo experiment is trained first (so Training, Runs, Inference and
# Evaluate have something to show), then each tab is shown (Ctrl+1..7) and captured.
#   scripts/screenshots.sh [LANGUAGE] [OUT_DIR]    default: zh_CN docs/screenshots/zh_CN
# Needs a build in build/ (BUILD_DIR to change), Xvfb, xdotool and ImageMagick's `import`
# (Debian: xvfb xdotool imagemagick) and a font with Chinese characters (fonts-wqy-microhei).
set -euo pipefail
cd "$(dirname "$0")/.."
language=${1:-zh_CN}
out=${2:-docs/screenshots/$language}
build=${BUILD_DIR:-build}
app=$build/app/gui/transformer-workbench
[[ -x $app ]] || { echo "no $app: build first (cmake --build $build)" >&2; exit 2; }
for tool in Xvfb xdotool import; do
  command -v $tool >/dev/null || { echo "$tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
mkdir -p "$out"
work=$(mktemp -d /tmp/tfw-screens-XXXXXX)

display_number=$((100 + RANDOM % 400))
while [[ -e /tmp/.X$display_number-lock ]]; do display_number=$((display_number + 1)); done
export DISPLAY=:$display_number
Xvfb "$DISPLAY" -screen 0 1600x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
app_pid=
cleanup() {
  [[ -n $app_pid ]] && kill "$app_pid" 2>/dev/null && wait "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.2; done

# A settings folder of its own, so the student's settings are neither used nor changed.
HOME=$work/home XDG_CONFIG_HOME=$work/config "$app" --language "$language" --preset demo \
  --runs-dir "$work/runs" --autostart >"$work/app.log" 2>&1 &
app_pid=$!
window=
for _ in $(seq 1 100); do
  window=$(xdotool search --pid "$app_pid" --onlyvisible --name . 2>/dev/null | head -1) && [[ -n $window ]] && break
  sleep 0.2
done
[[ -n $window ]] || { echo "the window did not appear" >&2; cat "$work/app.log" >&2; exit 1; }
xdotool windowmove "$window" 0 0 windowsize "$window" 1480 940
# The demo trains in one to five minutes; wait for its run to finish (status.json says so).
for _ in $(seq 1 600); do
  grep -qs '"completed"' "$work"/runs/*/status.json && break
  sleep 0.5
done
sleep 2
names=(experiment training runs inference evaluate compare ablations)
for i in "${!names[@]}"; do
  # No window manager on a bare Xvfb: focus the window and send the keys to it.
  xdotool windowfocus --sync "$window" key --window "$window" "ctrl+$((i + 1))"
  sleep 1.5
  import -window root -crop 1480x940+0+0 "$out/${names[$i]}.png"
  echo "$out/${names[$i]}.png"
done
