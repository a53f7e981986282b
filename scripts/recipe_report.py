#!/usr/bin/env python3
"""Quality per minute of the presets' recipes, from the runs' own files.

Reads what scripts/recipes.sh left in OUT/<preset>/ and OUT/<preset>+<label>/ (recipe.json,
config.json, history.jsonl, train.log, evals/*.json) and writes, into --docs:
  <preset>-minutes.svg, <preset>-steps.svg  the validation metric against wall-clock minutes
                                            and against steps, with the reference points of
                                            scripts/recipe_anchors.json where they exist;
  <preset>-ablations.svg                    every labelled variant's validation curve against
                                            steps, beside its baseline;
  results.md                                the final figures, the ablations against their
                                            baseline, and what choosing the checkpoint by
                                            validation BLEU/ROUGE instead of loss gives.
Only the standard library: the charts are plain SVG.
"""

import argparse
import glob
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PRESETS = os.path.join(HERE, "..", "resources", "presets")


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_evals(run_dir):
    evals = []
    for path in sorted(glob.glob(os.path.join(run_dir, "evals", "*.json"))):
        with open(path, encoding="utf-8") as f:
            evals.append(json.load(f))
    return evals


def load_run(run_dir):
    run = {"dir": run_dir}
    with open(os.path.join(run_dir, "recipe.json"), encoding="utf-8") as f:
        run["recipe"] = json.load(f)
    with open(os.path.join(run_dir, "config.json"), encoding="utf-8") as f:
        run["config"] = json.load(f)
    run["history"] = read_jsonl(os.path.join(run_dir, "history.jsonl"))
    run["evals"] = read_evals(run_dir)
    run["leak"] = None
    checks = os.path.join(run_dir, "checks.json")
    if os.path.exists(checks):
        with open(checks, encoding="utf-8") as f:
            for check in json.load(f)["checks"]:
                if check["id"] == "causal_leak":
                    run["leak"] = check["status"] + ": " + check["figure"]
    run["padding"] = None
    log = os.path.join(run_dir, "train.log")
    if os.path.exists(log):
        with open(log, encoding="utf-8") as f:
            found = re.findall(r"batches: ([0-9.]+)% of their positions are padding", f.read())
        if found:
            run["padding"] = float(found[0])
    run["drift"] = preset_drift(run)
    return run


def elapsed_at_step(history, step):
    """Trainer's clock (seconds) when `step` was reached, from the step and validation lines."""
    best = None
    for entry in history:
        if entry.get("step") == step and "elapsed_s" in entry:
            best = entry["elapsed_s"] if best is None else min(best, entry["elapsed_s"])
    return best


def headline(evaluation):
    """(name, value) of the figure a task is judged by."""
    if "bleu" in evaluation:
        return "BLEU", evaluation["bleu"]["score"]
    if "rougeL" in evaluation:
        return "ROUGE-L", 100 * evaluation["rougeL"]["fmeasure"]
    return "perplexity", evaluation["perplexity"]


def best_by_validation(evals):
    """The greedy validation evaluation of a periodic checkpoint that scores best (BLEU or
    ROUGE-L): the checkpoint early stopping on that score keeps. None when there is none."""
    scored = [e for e in evals if e.get("split") == "valid" and e["decode"]["beam"] == 1
              and os.path.basename(e["checkpoint"]).startswith("step-")
              and ("bleu" in e or "rougeL" in e)]
    return max(scored, key=lambda e: headline(e)[1], default=None)


def validation_curve(run):
    """[(minutes, step, value)], the metric's name and whether lower is better."""
    if run["config"]["task"] == "lm":
        points = [(e["elapsed_s"] / 60, e["step"], e["perplexity"])
                  for e in run["history"] if e.get("kind") == "validation"]
        return points, "validation perplexity", True
    points, name = [], "validation"
    for e in run["evals"]:
        if e.get("split") != "valid" or e["decode"]["beam"] != 1:
            continue
        if not os.path.basename(e["checkpoint"]).startswith("step-"):
            continue
        seconds = elapsed_at_step(run["history"], e["checkpoint_step"])
        if seconds is None:
            continue
        metric, value = headline(e)
        name = "validation " + metric + " (greedy)"
        points.append((seconds / 60, e["checkpoint_step"], value))
    return sorted(points), name, False


def nice_ticks(low, high, count=5):
    span = high - low if high > low else 1.0
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = min((m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw))
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def log_ticks(low, high):
    """1-2-5 values (finer for a narrow range) from just below `low` to just above `high`,
    for a logarithmic axis."""
    for mantissas in ((1, 2, 5), (1, 1.5, 2, 3, 5, 7)):
        ticks = []
        for exponent in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1):
            ticks += [m * 10 ** exponent for m in mantissas]
        below = [t for t in ticks if t <= low]
        above = [t for t in ticks if t >= high]
        ticks = [t for t in ticks if (not below or t >= below[-1]) and (not above or t <= above[0])]
        if len(ticks) >= 5:
            break
    return ticks


def label(value):
    return f"{value:g}"


COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
           "#7f7f7f", "#393b79"]


def svg_chart(path, title, x_name, y_name, series, log_y=False, legend_below=False):
    """series: [(legend, [(x, y)], colour)]. The legend sits top right, or bottom right for
    rising curves (legend_below), where the lines are not."""
    width, height = 640, 380
    left, right, top, bottom = 64, 20, 40, 52
    xs = [x for _, pts, _ in series for x, _ in pts]
    ys = [y for _, pts, _ in series for _, y in pts]
    if not xs:
        return False
    x_ticks = nice_ticks(0, max(xs))
    lo, hi = min(ys), max(ys)
    if log_y:
        fy = math.log10
        y_ticks = log_ticks(lo, hi)
        y_low, y_high = fy(min(lo, y_ticks[0])), fy(max(hi, y_ticks[-1]))
    else:
        fy = float
        pad = 0.05 * (hi - lo or 1)
        y_ticks = nice_ticks(max(0, lo - pad) if lo >= 0 else lo - pad, hi + pad)
        y_low, y_high = y_ticks[0], y_ticks[-1]
    x_low, x_high = x_ticks[0], x_ticks[-1]

    def px(x):
        return left + (x - x_low) / (x_high - x_low or 1) * (width - left - right)

    def py(y):
        return top + (1 - (fy(y) - y_low) / (y_high - y_low or 1)) * (height - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14" '
           f'font-weight="bold">{title}</text>']
    for t in x_ticks:
        out.append(f'<line x1="{px(t):.1f}" y1="{top}" x2="{px(t):.1f}" y2="{height - bottom}" '
                   f'stroke="#e4e4e4"/>')
        out.append(f'<text x="{px(t):.1f}" y="{height - bottom + 16}" '
                   f'text-anchor="middle">{label(t)}</text>')
    for t in y_ticks:
        out.append(f'<line x1="{left}" y1="{py(t):.1f}" x2="{width - right}" y2="{py(t):.1f}" '
                   f'stroke="#e4e4e4"/>')
        out.append(f'<text x="{left - 6}" y="{py(t) + 4:.1f}" text-anchor="end">{label(t)}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{width - left - right}" '
               f'height="{height - top - bottom}" fill="none" stroke="#888"/>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" '
               f'text-anchor="middle">{x_name}</text>')
    out.append(f'<text transform="translate(16 {(top + height - bottom) / 2}) rotate(-90)" '
               f'text-anchor="middle">{y_name}</text>')
    for i, (legend, pts, colour) in enumerate(series):
        if len(pts) > 1:
            path_points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
            out.append(f'<polyline points="{path_points}" fill="none" stroke="{colour}" '
                       f'stroke-width="2"/>')
        for x, y in pts:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{colour}"/>')
        ly = (height - bottom - 10 - 18 * (len(series) - 1 - i)) if legend_below else top + 14 + 18 * i
        out.append(f'<circle cx="{width - right - 190}" cy="{ly - 4}" r="4" fill="{colour}"/>')
        out.append(f'<text x="{width - right - 180}" y="{ly}">{legend}</text>')
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return True


def final_rows(run):
    """The test (or valid) figures of the best checkpoint: greedy and the preset's decoding."""
    split = run["recipe"]["split"]
    finals = [e for e in run["evals"] if e.get("split") == split
              and os.path.basename(e["checkpoint"]) == "best.tfw"]
    if run["config"]["task"] == "lm":
        return {"lm": finals[-1]} if finals else {}
    rows = {}
    for e in finals:
        rows["greedy" if e["decode"]["beam"] == 1 else "beam %d" % e["decode"]["beam"]] = e
    return rows


def describe(evaluation):
    if "bleu" in evaluation:
        return "BLEU %.2f (chrF %.2f)" % (evaluation["bleu"]["score"], evaluation["chrf"]["score"])
    if "rougeL" in evaluation:
        return "ROUGE-1/2/L %.1f / %.1f / %.1f" % tuple(
            100 * evaluation[key]["fmeasure"] for key in ("rouge1", "rouge2", "rougeL"))
    text = "perplexity %.1f" % evaluation["perplexity"]
    if evaluation.get("word_perplexity"):
        text += " (per word %.1f)" % evaluation["word_perplexity"]
    return text


def on_gpu(run):
    return run["recipe"].get("device", "").startswith("cuda")


def where_trained(run):
    """The table's "threads" column: the thread count on a CPU, the GPU's name on a GPU."""
    if on_gpu(run):
        return run["recipe"]["device"].split(" ", 1)[-1].split(",")[0]  # NVIDIA H100 80GB HBM3
    return str(run["recipe"]["threads"])


def run_name(run):
    label = run["recipe"].get("label")
    return run["recipe"]["preset"] + ("+" + label if label else "")


def setting_text(value):
    return json.dumps(value) if isinstance(value, (bool, list)) or value is None else str(value)


def preset_drift(run):
    """KEY=VALUE for each setting the preset file now gives otherwise than it gave when the run
    was trained (the run's config.json says what it had), so that a run measured before a
    preset changed is still described, and measured again, as it was."""
    path = os.path.join(PRESETS, run["recipe"]["preset"] + ".json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        preset = json.load(f)
    changed = {s.split("=", 1)[0] for s in run["recipe"].get("set", [])}
    drift = []
    for section in ("data", "tokenizer", "model", "train", "decode"):
        for key, now in preset.get(section, {}).items():
            name = section + "." + key
            then = run["config"].get(section, {}).get(key)
            if name not in changed and then is not None and then != now:
                drift.append(name + "=" + setting_text(then))
    return drift


def changes(run):
    """What the run changed against the preset as it is now: its own --set, then any drift."""
    return run["recipe"].get("set", []) + run["drift"]


def command(run):
    """The scripts/recipes.sh line that trains and measures this run again, or None for an
    unlabelled run of a preset that has changed since (only a labelled variant takes --set)."""
    recipe = run["recipe"]
    if not recipe.get("label") and run["drift"]:
        return None
    words = ["scripts/recipes.sh", "--data-dir", "DATA"]
    if recipe["threads"] != 2:
        words += ["--threads", str(recipe["threads"])]
    if on_gpu(run):
        words += ["--device", "cuda"]
    if recipe.get("label"):
        words += ["--label", recipe["label"]]
        for assignment in changes(run):
            words += ["--set", assignment]
    return " ".join(words + [recipe["preset"]])


def commands_section(measured):
    lines = ["", "To measure a run again (`DATA` holds the corpora, see docs/data.md):", ""]
    for run in measured:
        again = command(run)
        lines.append(f"- `{run_name(run)}`: `{again}`" if again else
                     f"- `{run_name(run)}`: trained with an earlier version of the preset (" +
                     ", ".join(f"`{s}`" for s in run["drift"]) + ")")
    return lines


def greedy_and_own(run):
    """(greedy figure, the preset's own decoding figure) of the best checkpoint, as text."""
    rows = final_rows(run)
    greedy = next((e for d, e in rows.items() if d in ("greedy", "lm")), None)
    own = next((e for d, e in rows.items() if d.startswith("beam")), None)
    return greedy, own


def ablation_section(measured, docs):
    """Each labelled variant against its preset's baseline (the run labelled "baseline", else
    the unlabelled one): a table, and the curves against steps in <preset>-ablations.svg."""
    lines = []
    presets = sorted({r["recipe"]["preset"] for r in measured if r["recipe"].get("label")})
    for preset in presets:
        group = [r for r in measured if r["recipe"]["preset"] == preset]
        baseline = next((r for r in group if r["recipe"].get("label") == "baseline"),
                        next((r for r in group if not r["recipe"].get("label")), None))
        ordered = ([baseline] if baseline else []) + [r for r in group if r is not baseline]
        series = []
        for i, run in enumerate(ordered):
            points, metric, lower_better = validation_curve(run)
            legend = run["recipe"].get("label") or "the preset"
            series.append((legend, [(s, v) for _, s, v in points], COLOURS[i % len(COLOURS)]))
        svg_chart(os.path.join(docs, preset + "-ablations.svg"), preset + ": ablations",
                  "optimizer steps", metric, series, lower_better, legend_below=not lower_better)

        # A language model has one figure (its perplexity); a seq2seq preset greedy and its own.
        lm = group[0]["config"]["task"] == "lm"
        columns = (["run", "changes"] +
                   (["perplexity", "Δ perplexity"] if lm else
                    ["greedy", "preset's decoding", "Δ greedy"]) + ["steps", "threads"])
        lines += ["", f"Ablations of `{preset}` (against `{run_name(baseline)}`)"
                  if baseline else f"Ablations of `{preset}`", "",
                  "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        base_greedy = greedy_and_own(baseline)[0] if baseline else None
        for run in ordered:
            greedy, own = greedy_and_own(run)
            delta = "—"
            if greedy and base_greedy and run is not baseline:
                delta = "%+.2f" % (headline(greedy)[1] - headline(base_greedy)[1])
            steps = max((e.get("step", 0) for e in run["history"]), default=0)
            changed = ", ".join(f"`{s}`" for s in changes(run)) or "—"
            figures = [describe(greedy) if greedy else "—"]
            if not lm:
                figures.append(describe(own) if own else "—")
            lines.append(f"| `{run_name(run)}` | {changed} | " + " | ".join(figures) +
                         f" | {delta} | {steps} | {where_trained(run)} |")
    return lines


def selection_section(measured):
    """best.tfw is the checkpoint with the lowest validation loss. Early stopping on BLEU or
    ROUGE keeps the periodic checkpoint that scores best on the validation set instead:
    scripts/recipes.sh evaluates that one on the test set too."""
    lines = []
    for run in measured:
        split = run["recipe"]["split"]
        if split == "valid":
            continue  # choosing on the set that is scored would flatter it
        by_loss = greedy_and_own(run)[0]
        valid = best_by_validation(run["evals"])
        chosen = valid and next((e for e in run["evals"] if e.get("split") == split
                                 and e["decode"]["beam"] == 1
                                 and e["checkpoint"] == valid["checkpoint"]), None)
        if not by_loss or not chosen:
            continue
        if not lines:
            lines = ["", "Choosing the checkpoint: lowest validation loss (`best.tfw`) against "
                     "the best validation score of the periodic checkpoints (early stopping on "
                     "that score), both on the test set, greedy", "",
                     "| run | lowest validation loss | best validation score | Δ |",
                     "|---|---|---|---|"]
        metric, value = headline(chosen)
        lines.append(f"| `{run_name(run)}` | step {by_loss['checkpoint_step']}: "
                     f"{metric} {headline(by_loss)[1]:.2f} | step {chosen['checkpoint_step']} "
                     f"(validation {headline(valid)[1]:.2f}): {metric} {value:.2f} | "
                     f"{value - headline(by_loss)[1]:+.2f} |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", help="the folder scripts/recipes.sh trained in")
    parser.add_argument("--docs", default="docs/recipes", help="where charts and table go")
    parser.add_argument("--anchors", default=os.path.join(HERE, "recipe_anchors.json"))
    parser.add_argument("--pick", metavar="RUN", help="only print the periodic checkpoint of RUN "
                        "with the best validation BLEU/ROUGE-L (empty when none was scored)")
    args = parser.parse_args()
    if args.pick:
        best = best_by_validation(read_evals(args.pick))
        print(best["checkpoint"] if best else "")
        return
    if not args.out:
        parser.error("name the folder scripts/recipes.sh trained in")

    with open(args.anchors, encoding="utf-8") as f:
        anchors = json.load(f)
    os.makedirs(args.docs, exist_ok=True)
    measured = [load_run(os.path.dirname(p))
                for p in sorted(glob.glob(os.path.join(args.out, "*", "recipe.json")))]
    if not measured:
        sys.exit(f"no measured recipes in {args.out}")
    runs = [run for run in measured if not run["recipe"].get("label")]

    lines = ["| preset | split | result | training (wall, data included) | steps | "
             "threads, precision | padding | peak memory | causal-leak check |",
             "|---|---|---|---|---|---|---|---|---|"]
    for run in runs:
        preset = run["recipe"]["preset"]
        points, metric, _ = validation_curve(run)
        series = [("this preset", [(m, v) for m, _, v in points], "#1f77b4")]
        for anchor in [] if on_gpu(run) else anchors.get(preset, []):  # anchors: 2 cores
            series.append((anchor["label"], [tuple(p) for p in anchor["minutes"]], "#d62728"))
        log_y = run["config"]["task"] == "lm"
        svg_chart(os.path.join(args.docs, preset + "-minutes.svg"), preset + ": " + metric,
                  "training minutes (trainer's clock, %s)" %
                  ("GPU" if on_gpu(run) else "2 cores"), metric, series, log_y,
                  legend_below=not log_y)
        svg_chart(os.path.join(args.docs, preset + "-steps.svg"), preset + ": " + metric,
                  "optimizer steps", metric,
                  [("this preset", [(s, v) for _, s, v in points], "#1f77b4")], log_y,
                  legend_below=not log_y)

        steps = max((e.get("step", 0) for e in run["history"]), default=0)
        train = run["config"]["train"]
        threads = where_trained(run)
        padding = "%.1f%%" % run["padding"] if run["padding"] is not None else "—"
        peak_kb = run["recipe"]["peak_rss_kb"]
        memory = "%.2f GB" % (peak_kb / 1e6) if peak_kb else "—"  # no GNU time there
        for decoding, evaluation in final_rows(run).items():
            result = describe(evaluation)
            if decoding != "lm":
                result += ", " + decoding
            lines.append(f"| `{preset}` | {run['recipe']['split']} | {result} | "
                         f"{run['recipe']['wall_s'] / 60:.1f} min | {steps} | "
                         f"{threads}, {train['precision']} | {padding} | {memory} | "
                         f"{run['leak'] or '—'} |")
    if not runs:
        lines = []  # only variants were measured here
    lines += ablation_section(measured, args.docs)
    lines += selection_section(measured)
    lines += commands_section(measured)
    with open(os.path.join(args.docs, "results.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines).lstrip("\n") + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
