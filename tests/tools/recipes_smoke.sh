#!/usr/bin/env bash
# scripts/recipes.sh end to end on the demo preset, 40 steps: a labelled variant is trained,
# its checkpoints evaluated, and the report written where --docs says, with the run's row, its
# curve and the command that measures it again, also after the preset has changed, and for a
# run trained on a GPU.
#   recipes_smoke.sh TFW
set -euo pipefail
tfw=$1
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

TFW=$tfw "$repo/scripts/recipes.sh" --data-dir "$work" --out "$work/runs" --docs "$work/docs" \
  --threads 1 --device cpu --label tiny --set train.max_steps=40 --set train.save_every=20 demo \
  > "$work/out.txt"

fail() { echo "FAIL: $*" >&2; cat "$work/out.txt" >&2; exit 1; }
run=$work/runs/demo+tiny
[[ -f $run/checkpoints/best.tfw ]] || fail "no best checkpoint in $run"
python3 - "$run" <<'PY' || fail "recipe.json or evals/ wrong"
import glob, json, os, sys
run = sys.argv[1]
recipe = json.load(open(os.path.join(run, "recipe.json")))
assert recipe["label"] == "tiny", recipe
assert recipe["set"] == ["train.max_steps=40", "train.save_every=20"], recipe
assert recipe["threads"] == 1 and recipe["wall_s"] > 0, recipe
assert recipe["device"] == "cpu (1 thread)", recipe  # what train.log says it trained on
assert json.load(open(os.path.join(run, "config.json")))["train"]["device"] == "cpu"
evals = [json.load(open(f)) for f in glob.glob(os.path.join(run, "evals", "*.json"))]
periodic = sorted(os.path.basename(e["checkpoint"]) for e in evals if e["split"] == "valid"
                  and os.path.basename(e["checkpoint"]).startswith("step-"))
assert periodic == ["step-20.tfw", "step-40.tfw"], periodic
assert all("bleu" in e for e in evals), "an evaluation without BLEU"
PY
grep -q '^| `demo+tiny` | `train.max_steps=40`, `train.save_every=20` | BLEU ' "$work/docs/results.md" \
  || fail "the ablation table has no row for demo+tiny"
grep -q -- '--threads 1 --label tiny --set train.max_steps=40 --set train.save_every=20 demo`' \
  "$work/docs/results.md" || fail "the report does not give the command"
grep -q '<svg' "$work/docs/demo-ablations.svg" || fail "no curve"

# A run trained before its preset changed: the report names the setting it had then, and the
# command that measures it again sets it back.
python3 - "$run/config.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
config["model"]["dropout"] = 0.3  # the demo preset says 0.1
json.dump(config, open(sys.argv[1], "w"))
PY
python3 "$repo/scripts/recipe_report.py" "$work/runs" --docs "$work/docs" > /dev/null
grep -q '^| `demo+tiny` | `train.max_steps=40`, `train.save_every=20`, `model.dropout=0.3` |' \
  "$work/docs/results.md" || fail "the ablation table does not say the preset has changed"
grep -q -- '--set train.save_every=20 --set model.dropout=0.3 demo`' "$work/docs/results.md" \
  || fail "the command does not set back what the preset had then"
# A run trained on a GPU: the table names the GPU, and the command asks for it again.
python3 - "$run/recipe.json" <<'PY'
import json, sys
recipe = json.load(open(sys.argv[1]))
recipe["device"], recipe["threads"] = "cuda:0 NVIDIA H100 80GB HBM3", 0
json.dump(recipe, open(sys.argv[1], "w"))
PY
python3 "$repo/scripts/recipe_report.py" "$work/runs" --docs "$work/docs" > /dev/null
grep -q '^| `demo+tiny` | .* | NVIDIA H100 80GB HBM3 |$' "$work/docs/results.md" \
  || fail "the ablation table does not name the GPU"
grep -q -- '--threads 0 --device cuda --label tiny' "$work/docs/results.md" \
  || fail "the command does not ask for the GPU"
echo "recipes.sh measured demo+tiny and reported it"
