#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang with ASan+UBSan, in build-fuzz/) and runs them.
#   scripts/fuzz.sh                    every target, 600 s each, one after another
#   scripts/fuzz.sh checkpoint         one target (config, text_reader, checkpoint,
#                                      sentencepiece, score) for 600 s
#   scripts/fuzz.sh checkpoint 60      ... for 60 s
#   scripts/fuzz.sh --build            build only
# Limits (the bounds a hostile input must stay within): no single allocation over
# TFW_FUZZ_MALLOC_MB (default 1024 MB), no more than TFW_FUZZ_RSS_MB resident (default
# 2048 MB), no input taking longer than TFW_FUZZ_TIMEOUT_S (default 10 s).
# Each run starts from fuzz/seeds/<target>/ plus the corpus grown so far
# (build-fuzz/corpus/<target>/); it keeps going after a finding and leaves the inputs that
# crash, leak, run out of memory or time in build-fuzz/findings/<target>/, and its log in
# build-fuzz/findings/<target>.log. Replay one: build-fuzz/fuzz/fuzz_<target> FILE.
# Runs under nice; set TFW_FUZZ_JOBS to build with more than one job.
set -euo pipefail
cd "$(dirname "$0")/.."
all_targets=(config text_reader checkpoint sentencepiece score)
build=build-fuzz
malloc_mb=${TFW_FUZZ_MALLOC_MB:-1024}
rss_mb=${TFW_FUZZ_RSS_MB:-2048}
timeout_s=${TFW_FUZZ_TIMEOUT_S:-10}

what=${1:-all}
seconds=${2:-600}
if [[ "$what" == all || "$what" == --build ]]; then
  targets=("${all_targets[@]}")
else
  targets=("$what")
fi

if [[ ! -f "$build/build.ninja" ]]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DTFW_FUZZ=ON -DTFW_BUILD_GUI=OFF \
    -DTFW_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=None
fi
nice -n 10 cmake --build "$build" -j"${TFW_FUZZ_JOBS:-1}" --target "${targets[@]/#/fuzz_}"
[[ "$what" == --build ]] && exit 0

# LibTorch is not instrumented: its own allocations outside an input are not ours to report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
for target in "${targets[@]}"; do
  corpus="$build/corpus/$target"
  findings="$build/findings/$target"
  mkdir -p "$corpus" "$findings"
  echo "== fuzz_$target: ${seconds} s, malloc <= ${malloc_mb} MB, rss <= ${rss_mb} MB, timeout ${timeout_s} s"
  # -fork=1: a crash, leak, timeout or out-of-memory ends only the child; the run goes on.
  nice -n 10 "$build/fuzz/fuzz_$target" "$corpus" "fuzz/seeds/$target" \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -timeout="$timeout_s" -rss_limit_mb="$rss_mb" \
    -malloc_limit_mb="$malloc_mb" -artifact_prefix="$findings/" -print_final_stats=1 \
    2>&1 | tee "$build/findings/$target.log" | grep -E '^#|INFO: fuzzed|ERROR|SUMMARY|Test unit written|crash|oom|timeout' || true
  echo "== fuzz_$target: findings in $findings/: $(ls "$findings" | wc -l)"
done
