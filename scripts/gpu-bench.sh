#!/usr/bin/env bash
# Measures the GPU path in one command, on a machine with PyTorch 2.x and no network:
#   1. training speed, tfw (with CUDA graphs, and --eager without) against the Python
#      reference (eager and --compile), alternating rounds, at Transformer-base and at the
#      presets' size, post-LN and pre-LN; then what a batch shape not seen before costs;
#   2. the Multi30k preset and the GPU recipe (multi30k-en-de-gpu) trained on the device, with
#      the GPU's busy share sampled by nvidia-smi, then test-set BLEU greedy and beam 5
#      (skipped without --data);
#   3. decoding speed of that model (tfw bench decode, greedy and beam 5, fp32 and bf16);
#   4. determinism and exact resume on the device: two runs with one seed give the same losses,
#      and a run stopped with Ctrl+C and resumed continues with the uninterrupted run's losses.
# It prints one Markdown table and writes everything as JSON into --out.
#
#   scripts/gpu-bench.sh [--reference PATH/ref_train_step.py] [--rounds N] [--python PY]
#                        [--data DIR] [--out DIR] [--tfw PATH] [--device cuda|cpu] [--quick]
#                        [--only train,shapes,determinism,multi30k,recipe,decode]
#                        [--no-compile]
#
# --tfw skips the build (default: scripts/gpu-build.sh builds build-gpu/app/cli/tfw);
# --data is a folder with the presets' corpora (tfw data get); --quick runs tiny shapes and
# few steps, to check the script itself (with --device cpu it runs on any machine); --only runs
# some parts, in the order given (default: all, in the order above); --no-compile leaves out
# the reference's torch.compile runs, which spend a minute or more compiling.
set -euo pipefail
cd "$(dirname "$0")/.."

reference=../shared/bench/ref_train_step.py
rounds=3
python=python3
data=
out=gpu-bench-$(date +%Y%m%d-%H%M%S)
tfw=
device=cuda
quick=0
only=train,shapes,determinism,multi30k,recipe,decode
compile=1
while [ $# -gt 0 ]; do
  case "$1" in
    --reference) reference=${2:?}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    --python) python=${2:?}; shift 2 ;;
    --data) data=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --tfw) tfw=${2:?}; shift 2 ;;
    --device) device=${2:?}; shift 2 ;;
    --quick) quick=1; shift ;;
    --only) only=${2:?}; shift 2 ;;
    --no-compile) compile=0; shift ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "gpu-bench: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -f "$reference" ] || { echo "gpu-bench: no reference script at $reference (--reference)" >&2; exit 2; }
if [ -z "$tfw" ]; then
  scripts/gpu-build.sh --python "$python"
  tfw=build-gpu/app/cli/tfw
fi
# A build by gpu-build.sh finds the libraries it unpacked (ICU, protobuf, ...) only this way.
sysroot_libs=$PWD/.deps/sysroot/usr/lib/x86_64-linux-gnu
[ -d "$sysroot_libs" ] && export LD_LIBRARY_PATH=$sysroot_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
mkdir -p "$out"
out=$(cd "$out" && pwd)
results=$out/results.jsonl
: > "$results"
record() { echo "$1" >> "$results"; }  # one JSON object per line

# 1. Training speed. Shapes: name and the flags both implementations take.
training_speed() {
  if [ "$quick" = 1 ]; then
    shapes=("tiny:--d-model 64 --heads 4 --ff 128 --layers 1 --vocab 500 --batch 8 --src 12 --tgt 12")
    steps="--steps 3 --warmup 1"
  else
    shapes=("base:--d-model 512 --heads 8 --ff 2048 --layers 6 --vocab 32000 --batch 256 --src 48 --tgt 48"
            "preset:--d-model 256 --heads 8 --ff 1024 --layers 3 --vocab 8000 --batch 64 --src 24 --tgt 24")
    steps="--steps 50 --warmup 10"
  fi
  precision=bf16
  [ "$device" = cpu ] && precision=fp32
  for round in $(seq 1 "$rounds"); do
    for shape in "${shapes[@]}"; do
      name=${shape%%:*} flags=${shape#*:}
      for norm in "" --norm-first; do
        common="$flags $norm $steps --device $device --precision $precision"
        norm_name=post-LN
        [ -n "$norm" ] && norm_name=pre-LN
        label="\"shape\":\"$name\",\"norm\":\"$norm_name\",\"round\":$round,\"section\":\"train\""
        # shellcheck disable=SC2086
        line=$("$tfw" bench train $common | tail -1) && record "{$label,\"run\":${line}}"
        if [ "$device" = cuda ]; then  # the same without CUDA graphs, every kernel launched
          # shellcheck disable=SC2086
          line=$("$tfw" bench train $common --eager | tail -1) && record "{$label,\"run\":${line}}"
        fi
        # shellcheck disable=SC2086
        line=$("$python" "$reference" $common | tail -1) && record "{$label,\"run\":${line}}"
        [ "$compile" = 1 ] || continue
        # shellcheck disable=SC2086
        line=$("$python" "$reference" $common --compile | tail -1) &&
          record "{$label,\"run\":${line}}" || echo "gpu-bench: the reference's --compile failed" >&2
      done
    done
  done
}

# 1b. What a batch shape not seen before costs: 16 shapes of the presets' size, each taken
# once (new), once more (with CUDA graphs: recorded), then in turn; with and without graphs.
new_shapes() {
  local flags="--d-model 256 --heads 8 --ff 1024 --layers 3 --vocab 8000 --batch 64 --src 40 --tgt 40"
  local steps="--steps 48 --warmup 10 --shapes 16"
  if [ "$quick" = 1 ]; then
    flags="--d-model 64 --heads 4 --ff 128 --layers 1 --vocab 500 --batch 8 --src 12 --tgt 12"
    steps="--steps 6 --warmup 2 --shapes 3"
  fi
  local precision=bf16
  [ "$device" = cpu ] && precision=fp32
  for mode in "" --eager; do
    # shellcheck disable=SC2086
    line=$("$tfw" bench train $flags $steps $mode --device "$device" --precision $precision |
             tail -1) && record "{\"section\":\"shapes\",\"run\":${line}}"
  done
}

# 4. Determinism and exact resume on the device.
determinism() {
  demo_steps=60
  [ "$quick" = 1 ] && demo_steps=12
  demo=(--preset demo --set train.device="$device" --set train.max_steps=$demo_steps
        --set train.valid_every=1000000 --set train.threads=2)
  # Their terminal output goes to DIR.txt beside each run.
  "$tfw" train "${demo[@]}" --run-dir "$out/same-seed-a" > "$out/same-seed-a.txt" 2>&1
  "$tfw" train "${demo[@]}" --run-dir "$out/same-seed-b" > "$out/same-seed-b.txt" 2>&1
  # Stopped after a third of the steps (Ctrl+C: the step finishes, a checkpoint is saved).
  "$tfw" train "${demo[@]}" --run-dir "$out/resumed" > "$out/resumed.txt" 2>&1 &
  pid=$!
  stop_at=$((demo_steps / 3))
  while kill -0 $pid 2> /dev/null; do
    if [ -f "$out/resumed/history.jsonl" ] &&
       [ "$(grep -c '"kind":"step"' "$out/resumed/history.jsonl")" -ge "$stop_at" ]; then
      kill -INT $pid; break
    fi
    sleep 0.2
  done
  wait $pid || true
  "$tfw" resume "$out/resumed" >> "$out/resumed.txt" 2>&1
  record "{\"section\":\"determinism\",\"runs\":[\"$out/same-seed-a\",\"$out/same-seed-b\",\"$out/resumed\"]}"
}

# 2. A preset trained on the device, its quality, the GPU's busy share; the checkpoint it kept.
train_preset() {
  local preset=$1 run=$out/$1
  local preset_flags=(--preset "$preset" --data-dir "$data" --set train.device="$device")
  [ "$quick" = 1 ] && preset_flags+=(--set train.max_steps=20 --set train.valid_every=10)
  local sampler=
  if command -v nvidia-smi > /dev/null; then
    # Its own output and errors to the file: left running, it would hold a pipe open.
    nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits -lms 500 \
      > "$out/gpu-busy-$preset.txt" 2>&1 &
    sampler=$!
  fi
  local start end status=0
  start=$(date +%s%N)
  "$tfw" train "${preset_flags[@]}" --run-dir "$run" > "$out/$preset-train.txt" 2>&1 || status=$?
  end=$(date +%s%N)
  [ -n "$sampler" ] && kill $sampler
  if [ $status -ne 0 ]; then
    echo "gpu-bench: training $preset failed (exit $status):" >&2
    tail -5 "$out/$preset-train.txt" >&2
    return
  fi
  checkpoint=$run/checkpoints/best.tfw
  [ -f "$checkpoint" ] || checkpoint=$run/checkpoints/last.tfw
  local greedy beam
  greedy=$("$tfw" eval --checkpoint "$checkpoint" --beam 1 --device "$device" | tr -d '\n')
  beam=$("$tfw" eval --checkpoint "$checkpoint" --beam 5 --device "$device" | tr -d '\n')
  record "{\"section\":\"multi30k\",\"preset\":\"$preset\",\"run\":\"$run\",\"wall_ms\":$(((end - start) / 1000000)),\"greedy\":$greedy,\"beam5\":$beam}"
}

# 3. Decoding speed of the Multi30k preset's model.
decode_speed() {
  local checkpoint=$out/multi30k-en-de/checkpoints/best.tfw
  [ -f "$checkpoint" ] || checkpoint=$out/multi30k-en-de/checkpoints/last.tfw
  [ -f "$checkpoint" ] || { echo "gpu-bench: decode needs the multi30k part first" >&2; return; }
  local src=$data/multi30k/test2016.en
  for precision in fp32 bf16; do
    for beam_size in 1 5; do
      for batch in 64 256; do
        line=$("$tfw" bench decode --checkpoint "$checkpoint" --src "$src" --beam $beam_size \
                 --batch $batch --device "$device" --precision $precision 2> /dev/null | tail -1)
        record "{\"section\":\"decode\",\"beam\":$beam_size,\"batch\":$batch,\"run\":$line}"
      done
    done
  done
  # The device's search (bookkeeping on the GPU) against the CPU's loops: the same outputs?
  for beam_size in 1 5; do
    "$tfw" translate --checkpoint "$checkpoint" --input "$src" --beam $beam_size \
      --device "$device" > "$out/decode-$device-beam$beam_size.txt" 2> /dev/null
    "$tfw" translate --checkpoint "$checkpoint" --input "$src" --beam $beam_size \
      --device cpu > "$out/decode-cpu-beam$beam_size.txt" 2> /dev/null
    local same
    same=$(paste -d '\t' "$out/decode-$device-beam$beam_size.txt" "$out/decode-cpu-beam$beam_size.txt" |
             awk -F '\t' '$1 == $2' | wc -l)
    record "{\"section\":\"decode_same\",\"beam\":$beam_size,\"identical\":$same,\"lines\":$(wc -l < "$src")}"
  done
}

have_data() {
  [ -n "$data" ] && [ -d "$data/multi30k" ] && return 0
  echo "gpu-bench: no multi30k under --data '$data': the preset runs and decoding are skipped" >&2
  return 1
}

for part in ${only//,/ }; do
  case "$part" in
    train) training_speed ;;
    shapes) new_shapes ;;
    determinism) determinism ;;
    multi30k) have_data && train_preset multi30k-en-de ;;
    recipe) have_data && train_preset multi30k-en-de-gpu ;;
    decode) have_data && decode_speed ;;
    *) echo "gpu-bench: unknown part $part (--only)" >&2; exit 2 ;;
  esac
done

"$python" scripts/gpu_bench_report.py "$results" "$out"
