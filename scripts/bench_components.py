#!/usr/bin/env python3
"""What each component since the 2017 Transformer costs in speed on this machine.

usage: scripts/bench_components.py [--tfw PATH] [--threads N] [--rounds N] [--precision P]
                                   [--encoder-decoder] [--json FILE] [--quick]

Times training steps (tfw bench train) and greedy generation (tfw bench generate) of the
2017 decoder and of that decoder with one change at a time, then with all of Llama's changes
together, at the shape of the ptb-word-lm preset (d 256, 8 heads, 4 layers, 10,000 words,
64-token windows). Rounds alternate over the rows and the table gives medians; the gated
feed-forward rows use 680 hidden units, which keeps the parameters of the 1,024-unit block.
--encoder-decoder times the multi30k-en-de shape instead (3 + 3 layers, 8,000 pieces, 24 + 24
tokens). Prints a Markdown table; --json also writes every measurement. --quick times a tiny
model once, to check the script itself.
"""
import argparse
import json
import os
import platform
import statistics
import subprocess

GATED_FF = "{gated_ff}"  # replaced by the width that keeps the ungated block's parameters
ROWS = [
    ("2017: post-LN, sinusoidal, ReLU, LayerNorm, biases", []),
    ("pre-LN", ["--norm-first"]),
    ("RMSNorm", ["--normalization", "rms"]),
    ("QK-norm", ["--qk-norm"]),
    ("learned positions", ["--positional", "learned"]),
    ("rope", ["--positional", "rope"]),
    ("alibi", ["--positional", "alibi"]),
    ("GELU", ["--activation", "gelu"]),
    ("SwiGLU (ffn {gated_ff})", ["--activation", "swiglu", "--ff", GATED_FF]),
    ("GeGLU (ffn {gated_ff})", ["--activation", "geglu", "--ff", GATED_FF]),
    ("4 key/value heads of 8", ["--kv-heads", "4"]),
    ("1 key/value head (multi-query)", ["--kv-heads", "1"]),
    ("no biases", ["--no-bias"]),
    ("all of Llama's: pre-LN, RMSNorm, rope, SwiGLU, 4 kv heads, no biases",
     ["--norm-first", "--normalization", "rms", "--positional", "rope", "--activation",
      "swiglu", "--ff", GATED_FF, "--kv-heads", "4", "--no-bias"]),
]


def cpu_name():
    """The processor and the matrix instructions that decide bf16's speed."""
    name, flags = platform.processor() or "unknown CPU", set()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    name = line.split(":", 1)[1].strip()
                elif line.startswith("flags"):
                    flags = set(line.split(":", 1)[1].split())
    except OSError:
        pass
    found = [label for flag, label in (("avx512_bf16", "AVX-512 BF16"), ("amx_bf16", "AMX"),
                                       ("avx512f", "AVX-512"), ("avx2", "AVX2")) if flag in flags]
    return f"{name} ({', '.join(found) or 'no AVX2'})"


def run(tfw, args):
    out = subprocess.run([tfw, "bench"] + args, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tfw", default="build/app/cli/tfw")
    parser.add_argument("--threads", default="2")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--precision", default="fp32", help="training precision (fp32, bf16, auto)")
    parser.add_argument("--encoder-decoder", action="store_true")
    parser.add_argument("--json")
    parser.add_argument("--quick", action="store_true")
    a = parser.parse_args()

    shape = ["--d-model", "256", "--heads", "8", "--ff", "1024"]
    gated_ff, steps = "680", ["--steps", "10", "--warmup", "2"]
    if a.quick:
        a.rounds = 1
    if a.encoder_decoder:
        shape += ["--layers", "3", "--vocab", "8000"]
        train = ["--batch", "64", "--src-len", "24", "--tgt-len", "24"]
        generate = ["--batch", "32", "--batches", "4", "--input-len", "24", "--new-tokens", "24"]
    else:
        shape += ["--layers", "4", "--vocab", "10000", "--decoder-only"]
        train = ["--batch", "32", "--tgt-len", "64"]
        generate = ["--batch", "32", "--batches", "4", "--input-len", "16", "--new-tokens", "48"]
    if a.quick:
        shape = ["--d-model", "32", "--heads", "8", "--ff", "48", "--layers", "1", "--vocab", "50"]
        shape += [] if a.encoder_decoder else ["--decoder-only"]
        gated_ff, steps = "32", ["--steps", "1", "--warmup", "0"]
        train = ["--batch", "2", "--src-len", "6", "--tgt-len", "6"]
        generate = ["--batch", "2", "--batches", "1", "--input-len", "3", "--new-tokens", "3"]
    train += steps + ["--threads", a.threads, "--precision", a.precision]
    generate += ["--threads", a.threads]

    results = {label: {"train": [], "generate": []} for label, _ in ROWS}
    for round_index in range(a.rounds):
        for label, flags in ROWS:
            flags = [gated_ff if flag == GATED_FF else flag for flag in flags]
            t = run(a.tfw, ["train"] + shape + flags + train)
            g = run(a.tfw, ["generate"] + shape + flags + generate)
            results[label]["train"].append(t)
            results[label]["generate"].append(g)
        print(f"round {round_index + 1} of {a.rounds} done", flush=True)

    def median(label, kind, key):
        return statistics.median(r[key] for r in results[label][kind])

    base = ROWS[0][0]
    base_ms, base_gen = median(base, "train", "ms_per_step"), median(base, "generate", "tokens_per_s")
    first = results[base]["train"][0]
    spread = [r["ms_per_step"] for r in results[base]["train"]]
    print()
    print(f"{cpu_name()}, {first['threads']} threads, training in {first['precision']}, "
          f"OpenBLAS kernels {first.get('openblas', 'n/a')}, medians of {a.rounds} rounds "
          f"(the 2017 row's training steps ranged {min(spread):.1f}-{max(spread):.1f} ms)")
    print()
    print("| change from the 2017 model | parameters | training ms/step | vs 2017 "
          "| generated tokens/s | vs 2017 |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, _ in ROWS:
        ms, gen = median(label, "train", "ms_per_step"), median(label, "generate", "tokens_per_s")
        params = results[label]["train"][0]["params"]
        shown = label.format(gated_ff=gated_ff)
        if label == base:
            print(f"| {shown} | {params:,} | {ms:.1f} | | {gen:,.0f} | |")
        else:
            print(f"| {shown} | {params:,} | {ms:.1f} | {100 * (ms / base_ms - 1):+.1f}% "
                  f"| {gen:,.0f} | {100 * (gen / base_gen - 1):+.1f}% |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"cpu": cpu_name(), "openblas_coretype_env": os.environ.get(
                "OPENBLAS_CORETYPE"), "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
