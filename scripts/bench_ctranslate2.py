#!/usr/bin/env python3
"""tfw and CTranslate2 decoding the same trained weights, side by side.

A measuring tool, not a test. Converts a `tfw export --format safetensors` of a checkpoint into
a CTranslate2 model (float32, and int8 when asked), checks that both decode the test set to the
same BLEU, then times both in alternating rounds and prints the medians as a Markdown table.

    scripts/bench_ctranslate2.py --setup          # CTranslate2 and sacreBLEU into .deps/ct2
    .deps/ct2/bin/python scripts/bench_ctranslate2.py --checkpoint RUN/checkpoints/best.tfw \\
        --src test2016.en --ref test2016.de --threads 1,2 --beam 5,1 --rounds 3

Both decoders get the same length limit, `--max-len 100` tokens by default; `--max-len 1.5x10`
limits each input to 1.5 x its length + 10, as the Multi30k presets do (CTranslate2, with one
limit per call, gets each length-sorted batch's longest input's).

Supports the 2017 architecture CTranslate2's Transformer has: pre- or post-LN with LayerNorm,
sinusoidal or learned positions, ReLU or GELU, every head with its own keys and values, biases.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".deps" / "ct2"
PINS = ["ctranslate2==4.8.5", "sacrebleu==2.6.0", "safetensors==0.8.0", "sentencepiece==0.2.3",
        "numpy==2.4.6"]
# Variables that cap the instruction sets a library's kernels use: the workbench's own, oneDNN's
# (both spellings), LibTorch's, OpenBLAS's, CTranslate2's and the MKL bundled with it.
CPU_CEILINGS = ["TFW_MAX_CPU_ISA", "ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA", "ATEN_CPU_CAPABILITY",
                "OPENBLAS_CORETYPE", "CT2_FORCE_CPU_ISA", "MKL_ENABLE_INSTRUCTIONS"]


def setup():
    if not (VENV / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(VENV / "bin" / "python"), "-m", "pip", "install", "-q",
                    "--disable-pip-version-check", *PINS], check=True)
    print(f"installed {' '.join(PINS)} into {VENV}")


def vocabulary(export, name):
    """The tokens of a vocabulary file of the export, in id order."""
    path = export / name
    if path.suffix == ".model":
        import sentencepiece
        sp = sentencepiece.SentencePieceProcessor(model_file=str(path))
        return [sp.id_to_piece(i) for i in range(sp.get_piece_size())]
    lines = path.read_text(encoding="utf-8").split("\n")
    return [line for line in lines[1:] if line]  # after the "tfw-word-vocab" header


def convert(export, out, quantization):
    """The export as a CTranslate2 Transformer model in `out`."""
    import numpy
    from ctranslate2.specs import common_spec, transformer_spec
    from safetensors.numpy import load_file

    config = json.loads((export / "config.json").read_text())
    m = config["model"]
    unsupported = {
        "normalization": m.get("normalization", "layer") != "layer",
        "positional": m["positional"] not in ("sinusoidal", "learned"),
        "activation": m["activation"] not in ("relu", "gelu"),
        "kv_heads": m.get("kv_heads", m["heads"]) != m["heads"],
        "bias": not m.get("bias", True),
        "qk_norm": m.get("qk_norm", False),
    }
    if config["task"] == "lm":
        sys.exit("bench_ctranslate2: this compares sequence-to-sequence models")
    problems = [key for key, bad in unsupported.items() if bad]
    if problems:
        sys.exit(f"bench_ctranslate2: CTranslate2's Transformer has no {', '.join(problems)} "
                 f"like this model's")
    w = load_file(str(export / "model.safetensors"))
    pre = m["norm"] == "pre"
    spec = transformer_spec.TransformerSpec.from_config(
        (m["encoder_layers"], m["decoder_layers"]), m["heads"], pre_norm=pre,
        no_final_norm=not pre,
        activation=(common_spec.Activation.GELU if m["activation"] == "gelu"
                    else common_spec.Activation.RELU))
    spec.config.layer_norm_epsilon = m.get("norm_eps", 1e-5)

    def linear(target, name):
        target.weight = w[name + ".weight"]
        target.bias = w[name + ".bias"]

    def norm(target, name):
        target.gamma = w[name + ".weight"]
        target.beta = w[name + ".bias"]

    def positions(target, side):
        table = w.get(f"{side}_positions.table")
        if table is None:
            table = w[f"{side}_positions.learned.weight"]
        target.encodings = table

    src_embedding = w.get("src_embedding.weight", w["tgt_embedding.weight"])
    spec.encoder.embeddings[0].weight = src_embedding
    positions(spec.encoder.position_encodings, "src" if "src_positions.table" in w else "tgt")
    for i, layer in enumerate(spec.encoder.layer):
        p = f"encoder_layers.{i}"
        linear(layer.self_attention.linear[0], p + ".self_attention.in_proj")
        linear(layer.self_attention.linear[1], p + ".self_attention.out_proj")
        norm(layer.self_attention.layer_norm, p + ".norm1")
        linear(layer.ffn.linear_0, p + ".feed_forward.inner")
        linear(layer.ffn.linear_1, p + ".feed_forward.outer")
        norm(layer.ffn.layer_norm, p + ".norm2")
    if pre:
        norm(spec.encoder.layer_norm, "encoder_norm")

    spec.decoder.embeddings.weight = w["tgt_embedding.weight"]
    positions(spec.decoder.position_encodings, "tgt")
    for i, layer in enumerate(spec.decoder.layer):
        p = f"decoder_layers.{i}"
        linear(layer.self_attention.linear[0], p + ".self_attention.in_proj")
        linear(layer.self_attention.linear[1], p + ".self_attention.out_proj")
        norm(layer.self_attention.layer_norm, p + ".norm1")
        linear(layer.attention.linear[0], p + ".cross_attention.in_proj")
        linear(layer.attention.linear[1], p + ".cross_attention.kv_proj")
        linear(layer.attention.linear[2], p + ".cross_attention.out_proj")
        norm(layer.attention.layer_norm, p + ".norm2")
        linear(layer.ffn.linear_0, p + ".feed_forward.inner")
        linear(layer.ffn.linear_1, p + ".feed_forward.outer")
        norm(layer.ffn.layer_norm, p + ".norm3")
    if pre:
        norm(spec.decoder.layer_norm, "decoder_norm")
    spec.decoder.projection.weight = (w["tgt_embedding.weight"] if m["tie_embeddings"]
                                      else w["output.weight"])
    spec.decoder.projection.bias = numpy.zeros(spec.decoder.projection.weight.shape[0],
                                               dtype=numpy.float32)

    tokenizer = config["tokenizer"]
    spec.register_source_vocabulary(vocabulary(export, tokenizer["src"]))
    spec.register_target_vocabulary(vocabulary(export, tokenizer["tgt"]))
    spec.config.decoder_start_token = "<s>"
    spec.config.add_source_eos = True  # the workbench's encoder reads the source and EOS
    spec.validate()
    spec.optimize(quantization=quantization)
    out.mkdir(parents=True, exist_ok=True)
    spec.save(str(out))
    return config


class SourceTokenizer:
    def __init__(self, export, config):
        tokenizer = config["tokenizer"]
        self.sentencepiece = tokenizer["type"] == "sentencepiece"
        if self.sentencepiece:
            import sentencepiece
            self.src = sentencepiece.SentencePieceProcessor(
                model_file=str(export / tokenizer["src"]))
            self.tgt = sentencepiece.SentencePieceProcessor(
                model_file=str(export / tokenizer["tgt"]))

    def encode(self, line):
        return self.src.encode(line, out_type=str) if self.sentencepiece else line.split()

    def decode(self, tokens):
        return self.tgt.decode(tokens) if self.sentencepiece else " ".join(tokens)


def ct2_decode(model_dir, sources, tokenizer, threads, batch, beam, patience, lenpen, limit):
    import ctranslate2
    translator = ctranslate2.Translator(str(model_dir), device="cpu", inter_threads=1,
                                        intra_threads=threads)
    tokens = [tokenizer.encode(line) for line in sources]
    a, b = limit
    # CTranslate2 has one length limit per call. A limit relative to the input's length is met
    # as closely as it allows: inputs sorted by length (as both decoders batch them), each
    # batch a call of its own, limited as its longest input is in the workbench (which counts
    # the input's EOS).
    everything = list(range(len(tokens)))
    order = sorted(everything, key=lambda i: len(tokens[i]))
    chunks = [order[i:i + batch] for i in range(0, len(order), batch)] if a else [everything]
    results = [None] * len(tokens)
    start = time.perf_counter()
    for chunk in chunks:
        longest = max(len(tokens[i]) + 1 for i in chunk)
        out = translator.translate_batch([tokens[i] for i in chunk], max_batch_size=batch,
                                         beam_size=beam, patience=patience,
                                         length_penalty=lenpen,
                                         max_decoding_length=int(a * longest) + b)
        for i, result in zip(chunk, out):
            results[i] = result
    seconds = time.perf_counter() - start
    return [tokenizer.decode(r.hypotheses[0]) for r in results], seconds


def parse_limit(text):
    """(a, b) of "N" (at most N output tokens) or "AxB" (at most A x input length + B)."""
    if "x" not in text:
        return 0.0, int(text)
    a, b = text.split("x")
    return float(a), int(b.lstrip("+") or 0)


def length_args(limit):
    return ["--max-len-a", f"{limit[0]:g}", "--max-len-b", str(limit[1])]


def tfw_bench(tfw, checkpoint, src, threads, batch, beam, patience, lenpen, limit, precision):
    """The `tfw bench decode` result (sentences_per_s, and openblas: the kernels it ran)."""
    args = [tfw, "bench", "decode", "--checkpoint", checkpoint, "--src", src, "--threads",
            str(threads), "--batch", str(batch), "--beam", str(beam), "--lenpen", str(lenpen),
            "--precision", precision, *length_args(limit)]
    if patience:
        args += ["--patience", str(patience)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def tfw_translate(tfw, checkpoint, src, beam, patience, lenpen, limit, precision):
    args = [tfw, "translate", "--checkpoint", checkpoint, "--input", src, "--beam", str(beam),
            "--lenpen", str(lenpen), "--precision", precision, *length_args(limit)]
    if patience:
        args += ["--patience", str(patience)]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout.splitlines()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", action="store_true", help="install into .deps/ct2 and stop")
    parser.add_argument("--checkpoint")
    parser.add_argument("--src")
    parser.add_argument("--ref")
    parser.add_argument("--tfw", default=str(ROOT / "build" / "app" / "cli" / "tfw"))
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--beam", default="5,1")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lenpen", type=float, default=1.0)
    parser.add_argument("--max-len", default="100",
                        help="the length limit of both: N output tokens at most, or AxB for "
                             "A x input length + B (the Multi30k presets': 1.5x10; "
                             "CTranslate2 then gets its batch's longest input's)")
    parser.add_argument("--patience", default="0,1",
                        help="tfw's --patience values to time (0 = exact); CTranslate2 gets "
                             "the same value, 4 standing in for 0 (its outputs then equal ours)")
    parser.add_argument("--precision", default="fp32",
                        help="tfw's decoding precisions to time (fp32,bf16); CTranslate2 runs "
                             "float32, and int8 with --int8")
    parser.add_argument("--int8", action="store_true", help="also time CTranslate2 int8")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.setup:
        setup()
        return
    if not (args.checkpoint and args.src and args.ref):
        parser.error("--checkpoint, --src and --ref are needed (or --setup)")
    try:
        import ctranslate2  # noqa: F401
        import sacrebleu
    except ImportError:
        sys.exit("bench_ctranslate2: run it with .deps/ct2/bin/python "
                 "(scripts/bench_ctranslate2.py --setup installs it)")

    work = Path(tempfile.mkdtemp(prefix="bench-ct2-"))
    export = work / "export"
    subprocess.run([args.tfw, "export", "--format", "safetensors", "--checkpoint",
                    args.checkpoint, "--out", str(export)], check=True, capture_output=True)
    config = convert(export, work / "ct2", None)
    if args.int8:
        convert(export, work / "ct2-int8", "int8")
    tokenizer = SourceTokenizer(export, config)
    sources = Path(args.src).read_text(encoding="utf-8").splitlines()
    refs = Path(args.ref).read_text(encoding="utf-8").splitlines()
    threads = [int(t) for t in args.threads.split(",")]
    beams = [int(b) for b in args.beam.split(",")]
    patiences = [float(p) for p in args.patience.split(",")]
    limit = parse_limit(args.max_len)
    precisions = args.precision.split(",")

    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "?")
    print(f"# {cpu}, {os.cpu_count()} cores; load before: {open('/proc/loadavg').read().split()[:3]}")
    # Each overrides the kernels a library picks for this CPU (docs/performance.md: timing the
    # kernels of an older CPU on a newer one).
    for name in CPU_CEILINGS:
        if name in os.environ:
            print(f"# {name}={os.environ[name]} is set")
    print(f"# {args.checkpoint}: {len(sources)} sentences, batch {args.batch}, "
          f"length penalty {args.lenpen}, length limit {args.max_len}, "
          f"{args.rounds} alternating rounds, medians\n")

    # Same weights, same outputs: BLEU and identical lines at each beam and patience.
    for beam in beams:
        for patience in (patiences if beam > 1 else [0]):
            ct2_patience = 4 if patience == 0 else patience
            theirs, _ = ct2_decode(work / "ct2", sources, tokenizer, 2, args.batch, beam,
                                   ct2_patience, args.lenpen, limit)
            for precision in precisions:
                ours = tfw_translate(args.tfw, args.checkpoint, args.src, beam, patience,
                                     args.lenpen, limit, precision)
                same = sum(a == b for a, b in zip(ours, theirs))
                print(f"beam {beam}, tfw patience {patience:g} {precision} / CTranslate2 "
                      f"{ct2_patience:g}: BLEU tfw {sacrebleu.corpus_bleu(ours, [refs]).score:.2f}, "
                      f"CTranslate2 {sacrebleu.corpus_bleu(theirs, [refs]).score:.2f}, "
                      f"identical {same}/{len(sources)}")
    print()

    ct2_columns = ["CTranslate2 fp32"] + (["CTranslate2 int8"] if args.int8 else [])
    columns = [f"tfw {p}" for p in precisions] + ct2_columns
    print("| search | threads | " + " | ".join(f"{c} (sent/s)" for c in columns)
          + " | tfw / CTranslate2 fp32 |")
    print("|---|---|" + "---|" * (len(columns) + 1))
    kernels = set()
    for beam in beams:
        for patience in (patiences if beam > 1 else [0]):
            ct2_patience = 4 if patience == 0 else patience
            for t in threads:
                times = {c: [] for c in columns}
                for _ in range(args.rounds):
                    for p in precisions:
                        result = tfw_bench(args.tfw, args.checkpoint, args.src, t, args.batch,
                                           beam, patience, args.lenpen, limit, p)
                        times[f"tfw {p}"].append(result["sentences_per_s"])
                        kernels.add(result.get("openblas", "not OpenBLAS"))
                    for column, model in (("CTranslate2 fp32", "ct2"),
                                          ("CTranslate2 int8", "ct2-int8")):
                        if column in times:
                            _, seconds = ct2_decode(work / model, sources, tokenizer, t,
                                                    args.batch, beam, ct2_patience, args.lenpen,
                                                    limit)
                            times[column].append(len(sources) / seconds)
                name = "greedy" if beam == 1 else f"beam {beam}, patience {patience:g}/{ct2_patience:g}"
                medians = {c: statistics.median(v) for c, v in times.items()}
                ratios = ", ".join(f"{p} {medians[f'tfw {p}'] / medians['CTranslate2 fp32']:.2f}"
                                   for p in precisions)
                print(f"| {name} | {t} | " + " | ".join(f"{medians[c]:.1f}" for c in columns)
                      + f" | {ratios} |", flush=True)
    print(f"\n# tfw's BLAS kernels: {', '.join(sorted(kernels))}")
    print(f"\n# load after: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
