"""Produce expected.json, the sacreBLEU reference outputs for the `zh` tokenizer case.

tests/core/test_metrics.cpp (tokenizesChineseLikeSacrebleu) compares the project's
BLEU/chrF code against these numbers. The script reads hyp.txt and ref.txt in this
folder exactly as lines: it splits on "\\n" and drops only the empty element after
the final newline. Lines are not stripped, so the leading and trailing spaces reach
sacreBLEU unchanged. It then records:

  * the zh tokenization of every hyp and ref line (TokenizerZh()(line)),
  * corpus BLEU with tokenize='zh': score, n-gram precisions, bp, sys_len,
    ref_len and signature,
  * corpus chrF with default settings: score and signature,
  * sentence BLEU with tokenize='zh' and effective_order=True for every line.

Run it with the project's interop venv, which has sacreBLEU 2.6.0 (the script
checks the version):

    /work/main/.deps/interop/bin/python tests/data/bleu_zh/make_expected.py

Rerun it whenever hyp.txt or ref.txt changes. It overwrites expected.json.
"""
import json
import pathlib

import sacrebleu
from sacrebleu.metrics import BLEU, CHRF
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

HERE = pathlib.Path(__file__).resolve().parent
SACREBLEU_VERSION = "2.6.0"


def read_lines(name):
    text = (HERE / name).read_bytes().decode("utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def main():
    if sacrebleu.__version__ != SACREBLEU_VERSION:
        raise SystemExit(f"need sacrebleu {SACREBLEU_VERSION}, found {sacrebleu.__version__}")
    hyps = read_lines("hyp.txt")
    refs = read_lines("ref.txt")
    if len(hyps) != len(refs):
        raise SystemExit(f"hyp.txt has {len(hyps)} lines, ref.txt has {len(refs)}")

    tok = TokenizerZh()
    tokenized = [{"hyp": tok(h), "ref": tok(r)} for h, r in zip(hyps, refs)]

    bleu = BLEU(tokenize="zh")
    b = bleu.corpus_score(hyps, [refs])
    chrf = CHRF()
    c = chrf.corpus_score(hyps, [refs])
    sent = BLEU(tokenize="zh", effective_order=True)
    sentence_scores = [sent.sentence_score(h, [r]).score for h, r in zip(hyps, refs)]

    expected = {
        "case": "bleu/zh",
        "description": (
            "sacreBLEU's zh tokenizer on 40 Chinese hypothesis/reference pairs: plain Chinese, "
            "mixed Chinese with English words and numbers, full-width punctuation, curly "
            "quotes, em dash and ellipsis, percentages and decimals, an URL, an e-mail address, "
            "leading/trailing spaces, one identical pair and a very short line. Produced by "
            "make_expected.py."
        ),
        "reference_tool": {"name": "sacrebleu", "version": sacrebleu.__version__},
        "num_segments": len(hyps),
        "tokenized": tokenized,
        "bleu_zh": {
            "score": b.score,
            "precisions": list(b.precisions),
            "bp": b.bp,
            "sys_len": b.sys_len,
            "ref_len": b.ref_len,
            "signature": str(bleu.get_signature()),
        },
        "chrf": {"score": c.score, "signature": str(chrf.get_signature())},
        "sentence_bleu_zh": sentence_scores,
    }
    with open(HERE / "expected.json", "w", encoding="utf-8", newline="\n") as f:
        json.dump(expected, f, ensure_ascii=False, indent=2)
        f.write("\n")
    print(f"BLEU {b.score:.4f}  chrF {c.score:.4f}  {bleu.get_signature()}")


if __name__ == "__main__":
    main()
