#!/usr/bin/env bash
# Soak test of the window (not in CI): the real application under Xvfb trains the built-in demo
# experiment with the Training charts on screen for MINUTES (default 60), starting a new run
# whenever one finishes. Every 10 s it samples the process's resident memory (VmRSS); the window
# logs how late a 5 ms timer on its thread runs (TFW_EVENT_LOOP_LOG). At the end it prints the
# RSS slope (MiB per hour, least squares after a warm-up of a fifth of the time, at most 5 min),
# the event loop's p50/p99/max lateness and a screenshot's path.
#   scripts/soak.sh [MINUTES]          needs a build in build/ (BUILD_DIR to change)
# Needs Xvfb, xdotool and ImageMagick's `import` (Debian: xvfb xdotool imagemagick). The
# figures and the files are kept in SOAK_DIR (default: a new /tmp/tfw-soak-* folder).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-60}
build=${BUILD_DIR:-build}
app=$build/app/gui/transformer-workbench
[[ -x $app ]] || { echo "no $app: build first (cmake --build $build)" >&2; exit 2; }
for tool in Xvfb xdotool import; do
  command -v $tool >/dev/null || { echo "$tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
out=${SOAK_DIR:-$(mktemp -d /tmp/tfw-soak-XXXXXX)}
mkdir -p "$out/runs"

display_number=$((100 + RANDOM % 400))
while [[ -e /tmp/.X$display_number-lock ]]; do display_number=$((display_number + 1)); done
export DISPLAY=:$display_number
Xvfb "$DISPLAY" -screen 0 1600x1000x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
app_pid=
cleanup() {
  [[ -n $app_pid ]] && kill "$app_pid" 2>/dev/null && wait "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 1 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.2; done

TFW_EVENT_LOOP_LOG=$out/lateness.txt "$app" --preset demo --runs-dir "$out/runs" --autostart \
  >"$out/app.log" 2>&1 &
app_pid=$!
window=
for _ in $(seq 1 100); do
  window=$(xdotool search --pid "$app_pid" --name "Transformer Workbench" 2>/dev/null | head -n 1) || true
  [[ -n $window ]] && break
  sleep 0.2
done
[[ -n $window ]] || { echo "the window did not appear (see $out/app.log)" >&2; exit 1; }
xdotool windowsize "$window" 1600 1000 windowmove "$window" 0 0 2>/dev/null || true

# The newest run's state from its status.json ("running", "completed", ...).
run_state() {
  local newest
  newest=$(ls -td "$out"/runs/*/ 2>/dev/null | head -n 1)
  [[ -n $newest && -f $newest/status.json ]] || { echo none; return; }
  sed -n 's/.*"state": *"\([a-z_]*\)".*/\1/p' "$newest/status.json"
}

echo "soak: $minutes min, pid $app_pid on $DISPLAY, files in $out"
start=$(date +%s)
end=$((start + minutes * 60))
runs_started=1
: >"$out/rss.txt"
while :; do
  now=$(date +%s)
  kill -0 "$app_pid" 2>/dev/null || { echo "the application ended early (see $out/app.log)" >&2; exit 1; }
  rss_kb=$(awk '/^VmRSS:/ {print $2}' "/proc/$app_pid/status")
  echo "$((now - start)) $rss_kb" >>"$out/rss.txt"
  state=$(run_state)
  if [[ $state != running && $state != paused && $state != none ]]; then
    # The run finished: show the Training tab and start the next one (Ctrl+2, Ctrl+R). Keys
    # go through XTEST to the focused window (Qt ignores events sent to a window directly).
    xdotool windowfocus --sync "$window" key ctrl+2 ctrl+r 2>/dev/null || true
    runs_started=$((runs_started + 1))
  fi
  ((now >= end)) && break
  sleep 10
done
xdotool windowfocus --sync "$window" key ctrl+2 2>/dev/null || true
sleep 1
import -window root "$out/screenshot.png"

warmup=$((minutes * 60 / 5))
((warmup > 300)) && warmup=300
awk -v warmup="$warmup" '
  $1 >= warmup { n++; x = $1 / 3600; y = $2 / 1024; sx += x; sy += y; sxx += x * x; sxy += x * y }
  END {
    if (n < 2) { print "rss: too few samples"; exit }
    slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    printf "rss: %d samples after %d s warm-up, %.1f MiB mean, slope %.1f MiB/hour\n", n, warmup, sy / n, slope
  }' "$out/rss.txt" | tee "$out/summary.txt"
sort -n "$out/lateness.txt" | awk '
  { v[NR] = $1 }
  END {
    if (NR == 0) { print "event loop: no samples"; exit }
    p = int(0.99 * NR); if (p < 1) p = 1
    m = int(0.5 * NR); if (m < 1) m = 1
    printf "event loop lateness of a 5 ms timer: %d ticks, p50 %.2f ms, p99 %.2f ms, max %.1f ms\n",
           NR, v[m], v[p], v[NR]
  }' | tee -a "$out/summary.txt"
echo "runs started: $runs_started (last state: $(run_state))" | tee -a "$out/summary.txt"
echo "screenshot: $out/screenshot.png" | tee -a "$out/summary.txt"
