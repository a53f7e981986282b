#!/usr/bin/env bash
# Trains presets exactly as a student would run them, one at a time, then measures what they
# reached: the test set with greedy search and with the preset's own decoding (BLEU/chrF,
# ROUGE or perplexity), and validation BLEU/ROUGE of every periodic checkpoint for the
# quality-per-minute charts, and the test set with the checkpoint that validation BLEU/ROUGE
# would pick (what early stopping on that metric would keep). Finally
# scripts/recipe_report.py draws the charts and the tables.
#
#   scripts/recipes.sh [--data-dir DIR] [--out DIR] [--threads N] [--device cpu|cuda]
#                      [--docs DIR] [--label NAME --set KEY=VALUE ...] PRESET...
#
# --threads 0 uses every core; --device cuda trains and evaluates on the GPU (without it,
# training takes the preset's own auto, the GPU when there is one, and evaluation the CPU).
#
# An ablation is a labelled variant of a preset: --label nols --set train.label_smoothing=0
# trains into OUT/PRESET+nols, and the report compares it with OUT/PRESET+baseline (or
# OUT/PRESET). Its report goes to docs/recipes/ablations unless --docs says otherwise, so
# that measuring a variant leaves the presets' own tables alone.
#
# Long: each preset trains for its promised time (up to 45 minutes). Keep other work off the
# machine while it runs, or the minutes it reports are not the preset's.
set -euo pipefail
cd "$(dirname "$0")/.."

data_dir=data
out=recipes
threads=2
device=  # empty: the preset's own (auto)
docs=  # docs/recipes, or docs/recipes/ablations for a labelled variant
label=
changes=()  # KEY=VALUE, each passed on as --set
presets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --data-dir) data_dir=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --docs) docs=$2; shift 2 ;;
    --label) label=$2; shift 2 ;;
    --set) changes+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) presets+=("$1"); shift ;;
  esac
done
if [[ ${#presets[@]} -eq 0 ]]; then
  presets=(multi30k-en-de ptb-word-lm wikitext2-lm iwslt14-de-en dialogsum scitldr)  # the presets measured so far
fi
if [[ ${#changes[@]} -gt 0 && -z $label ]]; then
  echo "--set changes the preset: name the variant with --label" >&2
  exit 2
fi
docs=${docs:-docs/recipes${label:+/ablations}}
set_args=()
for change in ${changes[@]+"${changes[@]}"}; do set_args+=(--set "$change"); done
# Where a run trains is not a change of its recipe: no label needed.
[[ -n $device ]] && set_args+=(--set train.device="$device")
tfw=${TFW:-build/app/cli/tfw}
[[ -x "$tfw" ]] || { echo "build tfw first ($tfw not found)" >&2; exit 1; }

# Periodic checkpoints for the validation curve of seq2seq presets (language models log
# their validation perplexity in the history already).
save_every_for() { [[ $1 == lm ]] && echo 0 || echo 400; }

# A Python expression over preset c, e.g. preset_field multi30k-en-de 'c["task"]'.
preset_field() {
  "$tfw" config --preset "$1" | python3 -c "import json, sys; c = json.load(sys.stdin); print($2)"
}

# Runs COMMAND, writing its peak memory to FILE where GNU time is installed (a bare GPU
# server may lack it: the run is measured all the same, its memory is not).
run_timed() {
  local file=$1
  shift
  if [[ -x /usr/bin/time ]]; then /usr/bin/time -v -o "$file" "$@"; else "$@"; fi
}

# Evaluates CHECKPOINT on SPLIT with the given extra options and keeps the result in the
# run's evals/ (where the report, the window and tfw compare find it).
evaluate() {
  local checkpoint=$1 split=$2
  shift 2
  "$tfw" eval --checkpoint "$checkpoint" --split "$split" --save ${device:+--device "$device"} "$@" \
    > /dev/null
}

for preset in "${presets[@]}"; do
  run="$out/$preset${label:++$label}"
  if [[ -e "$run/recipe.json" ]]; then
    echo "== $preset: already measured in $run (delete it to measure again)"
    continue
  fi
  rm -rf "$run"
  mkdir -p "$out"
  task=$(preset_field "$preset" 'c["task"]')
  name=$(basename "$run")
  echo "== $name ($task): training on ${device:-auto} with $threads threads (0: all)"
  started=$(date +%s.%N)
  rm -f "$out/$name.time"
  run_timed "$out/$name.time" \
    "$tfw" train --preset "$preset" --data-dir "$data_dir" --run-dir "$run" \
      --set train.threads="$threads" --set train.save_every="$(save_every_for "$task")" \
      ${set_args[@]+"${set_args[@]}"} > "$out/$name.log" 2>&1
  finished=$(date +%s.%N)

  split=test
  if [[ -z $(preset_field "$preset" 'c["data"]["test"] + c["data"]["test_src"]') ]]; then
    split=valid  # the IWSLT'14 sample has no test set
  fi

  echo "== $name: evaluating on $split"
  if [[ $task == lm ]]; then
    evaluate "$run/checkpoints/best.tfw" "$split"
  else
    evaluate "$run/checkpoints/best.tfw" "$split" --beam 1
    evaluate "$run/checkpoints/best.tfw" "$split"  # the preset's own decoding settings
    for checkpoint in "$run"/checkpoints/step-*.tfw; do
      [[ -e $checkpoint ]] && evaluate "$checkpoint" valid --beam 1
    done
    picked=$(python3 scripts/recipe_report.py --pick "$run")
    if [[ -n $picked && $split != valid ]]; then
      evaluate "$picked" "$split" --beam 1
    fi
  fi
  peak_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/$name.time" 2>/dev/null || true)
  # "model: 9.6M parameters on cuda:0 NVIDIA H100 80GB HBM3, 79.1 GiB; 231 steps ..."
  trained_on=$(sed -n 's/^model: [0-9]* parameters on \([^;]*\);.*/\1/p' "$out/$name.log" | head -1)
  cat > "$run/recipe.json" <<EOF
{"preset": "$preset", "label": "$label", "set": $(python3 -c 'import json, sys; print(json.dumps(sys.argv[1:]))' ${changes[@]+"${changes[@]}"}),
 "task": "$task", "threads": $threads, "device": "$trained_on", "split": "$split",
 "wall_s": $(python3 -c "print(round($finished - $started, 1))"), "peak_rss_kb": ${peak_kb:-0},
 "cpu": "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)", "cores": $(nproc),
 "measured": "$(date -u +%Y-%m-%d)"}
EOF
done

python3 scripts/recipe_report.py "$out" --docs "$docs"
