#!/usr/bin/env python3
"""The table scripts/gpu-bench.sh prints: reads its results.jsonl, writes summary.json beside it.

usage: gpu_bench_report.py RESULTS.jsonl OUT_DIR
Medians over rounds; ratios are tfw's target tokens per second over the reference's. MFU is
the model FLOP/s both implementations report (the same count) over the device's dense bf16
peak, known for a few GPUs by name (set PEAK_TFLOPS to give another).
"""
import json
import os
import statistics
import subprocess
import sys

PEAK_TFLOPS = {"H100": 989.0, "H200": 989.0, "A100": 312.0, "L40S": 362.0, "A10": 125.0,
               "RTX 4090": 165.0}


def gpu_name():
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def peak_tflops(name):
    if os.environ.get("PEAK_TFLOPS"):
        return float(os.environ["PEAK_TFLOPS"])
    return next((peak for key, peak in PEAK_TFLOPS.items() if key in name), None)


def median(values):
    return statistics.median(values) if values else None


def implementation(run):
    if run.get("impl") == "tfw":
        # Runs from before CUDA graphs say nothing of them; a CPU has none.
        graphs = run.get("cuda_graphs", True) or run.get("device") == "cpu"
        return "tfw" if graphs else "tfw_eager"
    return "compile" if run.get("compile") else "eager"


def training_rows(records, peak):
    groups = {}
    for r in records:
        run = r["run"]
        key = (r["shape"], r["norm"])
        groups.setdefault(key, {}).setdefault(implementation(run), []).append(run)
    rows = []
    for (shape, norm), by_impl in groups.items():
        tok = {impl: median([run["tgt_tokens_per_s"] for run in runs])
               for impl, runs in by_impl.items()}
        tflops = median([run["gflops"] / 1000 for run in by_impl.get("tfw", [])])
        rows.append({
            "shape": shape, "norm": norm, "rounds": len(by_impl.get("tfw", [])),
            "tfw_tgt_tokens_per_s": tok.get("tfw"),
            "tfw_without_graphs_tgt_tokens_per_s": tok.get("tfw_eager"),
            "eager_tgt_tokens_per_s": tok.get("eager"),
            "compile_tgt_tokens_per_s": tok.get("compile"),
            "vs_eager": tok["tfw"] / tok["eager"] if tok.get("tfw") and tok.get("eager") else None,
            "vs_compile": (tok["tfw"] / tok["compile"]
                           if tok.get("tfw") and tok.get("compile") else None),
            "tfw_tflops": tflops, "mfu": tflops / peak if tflops and peak else None})
    return rows


def step_losses(run_dir):
    losses = {}
    with open(os.path.join(run_dir, "history.jsonl")) as history:
        for line in history:
            entry = json.loads(line)
            if entry.get("kind") == "step":
                losses[entry["step"]] = entry["loss"]
    return losses


def largest_difference(a, b):
    if set(a) != set(b):
        return None  # not the same steps
    return max((abs(a[s] - b[s]) for s in a), default=0.0)


def training_seconds(run_dir):
    """The run's own clock at its last history line: training without data preparation."""
    seconds = None
    with open(os.path.join(run_dir, "history.jsonl")) as history:
        for line in history:
            seconds = json.loads(line).get("elapsed_s", seconds)
    return seconds


def gpu_busy(out_dir, preset):
    path = os.path.join(out_dir, f"gpu-busy-{preset}.txt")
    if not os.path.exists(path):
        return None
    with open(path) as samples:
        values = [float(v) for v in samples.read().split() if v.replace(".", "").isdigit()]
    return {"mean": statistics.mean(values), "median": statistics.median(values),
            "samples": len(values)} if values else None


def fmt(value, pattern="{:,.0f}"):
    return "—" if value is None else pattern.format(value)


def main(results_path, out_dir):
    with open(results_path) as results:
        records = [json.loads(line) for line in results if line.strip()]
    name = gpu_name()
    peak = peak_tflops(name)
    summary = {"gpu": name, "peak_tflops": peak}
    summary["training"] = training_rows([r for r in records if r["section"] == "train"], peak)
    print(f"# gpu-bench on {name or 'no NVIDIA GPU'}")
    if summary["training"]:
        print("\n| shape | norm | tfw target tok/s | tfw without graphs | PyTorch eager | "
              "torch.compile | vs eager | vs compile | tfw TFLOP/s | MFU |")
        print("|---|---|---|---|---|---|---|---|---|---|")
    for row in summary["training"]:
        print(f"| {row['shape']} | {row['norm']} | {fmt(row['tfw_tgt_tokens_per_s'])} | "
              f"{fmt(row['tfw_without_graphs_tgt_tokens_per_s'])} | "
              f"{fmt(row['eager_tgt_tokens_per_s'])} | {fmt(row['compile_tgt_tokens_per_s'])} | "
              f"{fmt(row['vs_eager'], '{:.2f}×')} | {fmt(row['vs_compile'], '{:.2f}×')} | "
              f"{fmt(row['tfw_tflops'], '{:.1f}')} | {fmt(row['mfu'], '{:.0%}')} |")

    shapes = [r["run"] for r in records if r["section"] == "shapes"]
    if shapes:
        summary["shapes"] = shapes
        print("\n| batch shapes | CUDA graphs | first step of a shape, ms | second, ms | "
              "later steps, ms |\n|---|---|---|---|---|")
        for run in shapes:
            print(f"| {run['shapes']} | {'yes' if run.get('cuda_graphs') else 'no'} | "
                  f"{fmt(run.get('first_visit_ms'), '{:.1f}')} | "
                  f"{fmt(run.get('second_visit_ms'), '{:.1f}')} | "
                  f"{fmt(run.get('ms_per_step'), '{:.1f}')} |")
            if run.get("graph_failure"):
                print(f"(recording failed: {run['graph_failure']})")

    for r in (r for r in records if r["section"] == "determinism"):
        same_a, same_b, resumed = (step_losses(d) for d in r["runs"])
        summary["determinism"] = {
            "same_seed_largest_loss_difference": largest_difference(same_a, same_b),
            "resumed_largest_loss_difference": largest_difference(same_a, resumed),
            "steps": len(same_a)}
        d = summary["determinism"]
        print(f"\nSame seed, {d['steps']} logged steps: largest loss difference "
              f"{fmt(d['same_seed_largest_loss_difference'], '{:.3g}')}; stopped and resumed "
              f"against uninterrupted: {fmt(d['resumed_largest_loss_difference'], '{:.3g}')} "
              "(— means the runs did not log the same steps).")

    summary["multi30k"] = {}
    for r in (r for r in records if r["section"] == "multi30k"):
        preset = r.get("preset", "multi30k-en-de")
        history = step_losses(r["run"])
        busy = gpu_busy(out_dir, preset)
        trained_s = training_seconds(r["run"])
        bleu = {k: r[k].get("bleu", {}).get("score") if isinstance(r[k].get("bleu"), dict)
                else r[k].get("bleu") for k in ("greedy", "beam5")}
        summary["multi30k"][preset] = {
            "steps": max(history, default=0), "wall_s": r["wall_ms"] / 1000,
            "training_s": trained_s, "gpu_busy": busy, "test_bleu": bleu}
        print(f"\n{preset}: {max(history, default=0)} steps, {fmt(trained_s, '{:.0f}')} s of "
              f"training ({r['wall_ms'] / 1000:.0f} s with data and validations); GPU busy "
              f"{fmt(busy and busy['mean'], '{:.0f}%')} on average, median "
              f"{fmt(busy and busy['median'], '{:.0f}%')}; test BLEU greedy "
              f"{fmt(bleu['greedy'], '{:.2f}')}, beam 5 {fmt(bleu['beam5'], '{:.2f}')}.")

    decode = [r for r in records if r["section"] == "decode"]
    if decode:
        summary["decode"] = [{"beam": r["beam"], "batch": r["batch"], **r["run"]} for r in decode]
        print("\n| decoding | precision | batch | sentences/s |\n|---|---|---|---|")
        for r in decode:
            print(f"| {'greedy' if r['beam'] == 1 else 'beam ' + str(r['beam'])} | "
                  f"{r['run'].get('precision', 'fp32')} | {r['batch']} | "
                  f"{fmt(r['run'].get('sentences_per_s'), '{:,.1f}')} |")

    same = [r for r in records if r["section"] == "decode_same"]
    if same:
        summary["decode_same"] = [{k: r[k] for k in ("beam", "identical", "lines")} for r in same]
        for r in same:
            search = "greedy" if r["beam"] == 1 else f"beam {r['beam']}"
            print(f"{search}, fp32: {r['identical']} of {r['lines']} outputs the same on the "
                  "device as on the CPU.")

    with open(os.path.join(out_dir, "summary.json"), "w") as out:
        json.dump(summary, out, indent=2)
    print(f"\n(all figures: {os.path.join(out_dir, 'summary.json')})")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
