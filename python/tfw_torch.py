#!/usr/bin/env python3
"""Transformer Workbench models in PyTorch.

`tfw export --format safetensors --checkpoint CK --out DIR` writes a model as DIR/config.json,
DIR/model.safetensors and its tokenizer file(s). This module rebuilds the same network as a
torch.nn.Module whose parameters have the same names, computes the log-probabilities
`tfw logprob` prints, and saves a model in that layout for `tfw import` (docs/interop.md).

    python python/tfw_torch.py logprob DIR --src FILE [--tgt FILE]
    python python/tfw_torch.py train OUT --like DIR --src FILE [--tgt FILE] [--steps N] [--fresh]

From Python:

    import tfw_torch
    bundle = tfw_torch.load("DIR")              # .model, .src_tokenizer, .tgt_tokenizer, .config
    bundle.log_probs(["a source"], ["its target"])   # [(total log-prob, tokens)]
    tfw_torch.save(bundle, "OUT")               # then: tfw import --from OUT --out model.tfw

Needs torch and safetensors, and sentencepiece for sentencepiece tokenizers.
"""

import argparse
import copy
import gzip
import json
import math
import os
import re
import sys

import torch
import torch.nn.functional as F
from safetensors.torch import load_file, save_file
from torch import nn

FORMAT = "transformer-workbench model"
FORMAT_VERSION = 1


# --- the network: one class per core/model file, with the same module names -------------------


class RMSNorm(nn.Module):
    """x / sqrt(mean(x^2) + eps) * weight: no mean subtracted, no bias."""

    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def make_norm(m, d):
    """The model's normalization over d: LayerNorm (with a bias unless model.bias is false) or
    RMSNorm; parameters "weight" and, for LayerNorm with bias, "bias"."""
    eps = m.get("norm_eps", m.get("layer_norm_eps", 1e-5))
    if m.get("normalization", "layer") == "rms":
        return RMSNorm(d, eps)
    if m.get("bias", True):
        return nn.LayerNorm(d, eps=eps)
    return nn.LayerNorm(d, eps=eps, bias=False)


def rotate_half(x):  # [..., dh]: (x1, x2) -> (-x2, x1) with halves x1, x2
    half = x.size(-1) // 2
    return torch.cat([-x[..., half:], x[..., :half]], -1)


def rotary_tables(length, d_head, base, device):
    """cos, sin [T, dh] of RoPE's angles for positions 0..T-1 (rotate-half layout)."""
    inv_freq = 1.0 / (base ** (torch.arange(0, d_head, 2, device=device).float() / d_head))
    angle = torch.arange(length, device=device).float()[:, None] * inv_freq[None, :]
    emb = torch.cat([angle, angle], -1)
    return emb.cos(), emb.sin()


def alibi_slopes(heads):
    """ALiBi's per-head slopes m_h (Press et al.), also for a head count not a power of two."""

    def slopes(n):
        start = 2 ** (-8 / n)
        return [start ** (i + 1) for i in range(n)]

    if heads & (heads - 1) == 0:
        return slopes(heads)
    p = 2 ** math.floor(math.log2(heads))
    return slopes(p) + slopes(2 * p)[0::2][: heads - p]


def alibi_bias(heads, length, device):  # additive [H, T, T]: -m_h |i - j|
    position = torch.arange(length, device=device)
    distance = (position[:, None] - position[None, :]).abs().float()
    slopes = torch.tensor(alibi_slopes(heads), dtype=torch.float32, device=device)
    return -slopes[:, None, None] * distance


class MultiHeadAttention(nn.Module):
    """softmax(Q K^T / sqrt(d_head) + ALiBi + mask) V; self-attention projects Q, K, V with one
    fused matrix (in_proj), cross-attention projects Q (in_proj) and K, V (kv_proj). kv_heads <
    heads shares each key/value head among heads / kv_heads consecutive query heads; qk_norm
    RMS-normalizes each head's queries and keys; RoPE and ALiBi act in self-attention only."""

    def __init__(self, d_model, heads, attention_dropout, self_attention, kv_heads=None,
                 bias=True, qk_norm=False, positional=None, rope_base=10000.0):
        super().__init__()
        self.heads, self.d_head = heads, d_model // heads
        self.kv_heads = kv_heads if kv_heads is not None else heads
        self.attention_dropout = attention_dropout
        self.is_self_attention = self_attention
        self.positional = positional if self_attention else None
        self.rope_base = rope_base
        q_dim, kv_dim = heads * self.d_head, self.kv_heads * self.d_head
        in_dim = q_dim + 2 * kv_dim if self_attention else q_dim  # q, k, v: q
        self.in_proj = nn.Linear(d_model, in_dim, bias=bias)
        if not self_attention:
            self.kv_proj = nn.Linear(d_model, 2 * kv_dim, bias=bias)
        self.out_proj = nn.Linear(q_dim, d_model, bias=bias)
        if qk_norm:
            self.q_norm = RMSNorm(self.d_head, 1e-5)
            self.k_norm = RMSNorm(self.d_head, 1e-5)
        self.qk_norm = qk_norm

    def split_heads(self, x):  # [B, T, n·dh] -> [B, n, T, dh]
        return x.view(x.size(0), x.size(1), -1, self.d_head).transpose(1, 2)

    def forward(self, query, memory, mask):
        if self.is_self_attention:
            q_dim, kv_dim = self.heads * self.d_head, self.kv_heads * self.d_head
            q, k, v = torch.split(self.in_proj(query), [q_dim, kv_dim, kv_dim], -1)
        else:
            q = self.in_proj(query)
            k, v = self.kv_proj(memory).chunk(2, -1)
        q, k, v = self.split_heads(q), self.split_heads(k), self.split_heads(v)
        if self.qk_norm:
            q, k = self.q_norm(q), self.k_norm(k)
        if self.positional == "rope":
            cos, sin = rotary_tables(query.size(1), self.d_head, self.rope_base, query.device)
            cos, sin = cos.to(q.dtype), sin.to(q.dtype)
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
        if self.kv_heads != self.heads:
            k = k.repeat_interleave(self.heads // self.kv_heads, dim=1)
            v = v.repeat_interleave(self.heads // self.kv_heads, dim=1)
        scores = (q * (1.0 / math.sqrt(self.d_head))) @ k.transpose(-2, -1)
        if self.positional == "alibi":
            scores = scores + alibi_bias(self.heads, query.size(1), query.device).to(scores.dtype)
        if mask is not None:
            scores = scores + mask
        weights = F.dropout(scores.softmax(-1), self.attention_dropout, self.training)
        context = (weights @ v).transpose(1, 2).reshape(query.size(0), query.size(1), -1)
        return self.out_proj(context)


def make_attention(m, self_attention):
    """A layer's self- or cross-attention as config.json's "model" describes it."""
    return MultiHeadAttention(
        m["d_model"], m["heads"], m.get("attention_dropout", 0.0), self_attention,
        kv_heads=m.get("kv_heads", m["heads"]), bias=m.get("bias", True),
        qk_norm=m.get("qk_norm", False), positional=m["positional"],
        rope_base=m.get("rope_base", 10000.0))


class FeedForward(nn.Module):
    """outer(act(inner(x))); gated (swiglu, geglu): inner gives a and b, outer(act(a) * b)."""

    def __init__(self, d_model, ffn_dim, activation, bias=True):
        super().__init__()
        activations = {"gelu": F.gelu, "geglu": F.gelu, "swiglu": F.silu}  # exact (erf) GELU
        self.activation = activations.get(activation, F.relu)
        self.gated = activation in ("swiglu", "geglu")
        self.inner = nn.Linear(d_model, 2 * ffn_dim if self.gated else ffn_dim, bias=bias)
        self.outer = nn.Linear(ffn_dim, d_model, bias=bias)

    def forward(self, x):
        if self.gated:
            a, b = self.inner(x).chunk(2, -1)
            return self.outer(self.activation(a) * b)
        return self.outer(self.activation(self.inner(x)))


class EncoderLayer(nn.Module):
    def __init__(self, m):
        super().__init__()
        d = m["d_model"]
        self.pre_norm, self.dropout = m["norm"] == "pre", m.get("dropout", 0.0)
        self.self_attention = make_attention(m, True)
        self.feed_forward = FeedForward(d, m["ffn_dim"], m["activation"], m.get("bias", True))
        self.norm1 = make_norm(m, d)
        self.norm2 = make_norm(m, d)

    def forward(self, x, mask):
        drop = lambda y: F.dropout(y, self.dropout, self.training)
        if self.pre_norm:
            h = self.norm1(x)
            x = x + drop(self.self_attention(h, None, mask))
            return x + drop(self.feed_forward(self.norm2(x)))
        x = self.norm1(x + drop(self.self_attention(x, None, mask)))
        return self.norm2(x + drop(self.feed_forward(x)))


class DecoderLayer(nn.Module):
    def __init__(self, m, with_cross_attention):
        super().__init__()
        d = m["d_model"]
        self.pre_norm, self.dropout = m["norm"] == "pre", m.get("dropout", 0.0)
        self.self_attention = make_attention(m, True)
        self.norm1 = make_norm(m, d)
        self.cross_attention = None
        if with_cross_attention:
            self.cross_attention = make_attention(m, False)
            self.norm2 = make_norm(m, d)
        self.feed_forward = FeedForward(d, m["ffn_dim"], m["activation"], m.get("bias", True))
        self.norm3 = make_norm(m, d)

    def forward(self, x, self_mask, memory, memory_mask):
        drop = lambda y: F.dropout(y, self.dropout, self.training)
        if self.pre_norm:
            x = x + drop(self.self_attention(self.norm1(x), None, self_mask))
            if self.cross_attention is not None:
                x = x + drop(self.cross_attention(self.norm2(x), memory, memory_mask))
            return x + drop(self.feed_forward(self.norm3(x)))
        x = self.norm1(x + drop(self.self_attention(x, None, self_mask)))
        if self.cross_attention is not None:
            x = self.norm2(x + drop(self.cross_attention(x, memory, memory_mask)))
        return self.norm3(x + drop(self.feed_forward(x)))


class PositionalEncoding(nn.Module):
    """Fixed sinusoids (buffer `table`), a learned table (`learned`), or nothing (none, and
    rope and alibi, which act inside self-attention)."""

    def __init__(self, kind, max_positions, d_model):
        super().__init__()
        self.kind = kind
        if kind == "sinusoidal":
            position = torch.arange(max_positions, dtype=torch.float32).unsqueeze(1)
            rate = torch.exp(
                torch.arange(0, d_model, 2, dtype=torch.float32) * (-math.log(10000.0) / d_model)
            )
            table = torch.zeros(max_positions, d_model)
            table[:, 0::2] = torch.sin(position * rate)
            table[:, 1::2] = torch.cos(position * rate)
            self.register_buffer("table", table)
        elif kind == "learned":
            self.learned = nn.Embedding(max_positions, d_model)

    def forward(self, length, offset=0):
        if self.kind == "sinusoidal":
            return self.table[offset : offset + length]
        if self.kind == "learned":
            return self.learned.weight[offset : offset + length]
        return None


def padding_mask(tokens, pad_id):  # additive [B, 1, 1, T]: -inf at padding
    mask = torch.zeros(tokens.size(0), 1, 1, tokens.size(1), device=tokens.device)
    return mask.masked_fill(tokens.eq(pad_id).view(mask.shape), float("-inf"))


def causal_mask(length, device):  # additive [T, T]: -inf above the diagonal
    return torch.triu(torch.full((length, length), float("-inf"), device=device), 1)


class TransformerModel(nn.Module):
    """Encoder-decoder, or with encoder_layers 0 a decoder-only language model. Embeddings are
    scaled by sqrt(d_model), sinusoidal or learned positions added; pre-norm stacks end in a
    final norm; the output projection is the target embedding when tied."""

    def __init__(self, config):
        super().__init__()
        m = config["model"]
        d = m["d_model"]
        self.is_lm = m["encoder_layers"] == 0
        self.causal = m["causal"]
        self.dropout = m.get("dropout", 0.0)
        self.embed_scale = math.sqrt(d)
        self.pad_id = config["special_tokens"]["pad"]
        self.init = m.get("init", "xavier")
        pre_norm = m["norm"] == "pre"

        self.tgt_embedding = nn.Embedding(config["tgt_vocab"], d)
        self.tgt_positions = PositionalEncoding(m["positional"], m["max_positions"], d)
        self.decoder_layers = nn.ModuleList(
            DecoderLayer(m, not self.is_lm) for _ in range(m["decoder_layers"])
        )
        self.decoder_norm = make_norm(m, d) if pre_norm else None
        self.output = None if m["tie_embeddings"] else nn.Linear(d, config["tgt_vocab"], bias=False)
        if not self.is_lm:
            self.src_embedding = None
            if not m["shared_embeddings"]:
                self.src_embedding = nn.Embedding(config["src_vocab"], d)
            self.src_positions = PositionalEncoding(m["positional"], m["max_positions"], d)
            self.encoder_layers = nn.ModuleList(EncoderLayer(m) for _ in range(m["encoder_layers"]))
            self.encoder_norm = make_norm(m, d) if pre_norm else None
        self.initialize()

    def initialize(self):
        """As the workbench does: Xavier-uniform matrices, zero biases, norm gains of one; init
        "scaled" then multiplies each layer's attention out_proj and feed_forward.outer weights
        by 1/sqrt(2 L), L the layers of its stack."""
        with torch.no_grad():
            for name, p in self.named_parameters():
                if p.dim() > 1:
                    nn.init.xavier_uniform_(p)
                elif "norm" in name and name.endswith("weight"):
                    p.fill_(1.0)
                else:
                    p.zero_()
            if self.init != "scaled":
                return
            stacks = [self.decoder_layers] + ([] if self.is_lm else [self.encoder_layers])
            for stack in stacks:
                scale = 1.0 / math.sqrt(2 * len(stack))
                for layer in stack:
                    layer.self_attention.out_proj.weight.mul_(scale)
                    if getattr(layer, "cross_attention", None):
                        layer.cross_attention.out_proj.weight.mul_(scale)
                    layer.feed_forward.outer.weight.mul_(scale)

    def embed(self, tokens, table, positions):
        x = table(tokens) * self.embed_scale
        pos = positions(tokens.size(1))
        if pos is not None:
            x = x + pos
        return F.dropout(x, self.dropout, self.training)

    def encode(self, src):
        table = self.src_embedding if self.src_embedding is not None else self.tgt_embedding
        x = self.embed(src, table, self.src_positions)
        mask = padding_mask(src, self.pad_id)
        for layer in self.encoder_layers:
            x = layer(x, mask)
        return (self.encoder_norm(x) if self.encoder_norm is not None else x), mask

    def decode(self, tgt_in, memory=None, memory_mask=None):
        x = self.embed(tgt_in, self.tgt_embedding, self.tgt_positions)
        # A non-causal decoder (model.causal false) sees every target token but padding.
        if self.causal:
            self_mask = causal_mask(tgt_in.size(1), tgt_in.device)
        else:
            self_mask = padding_mask(tgt_in, self.pad_id)
        for layer in self.decoder_layers:
            x = layer(x, self_mask, memory, memory_mask)
        return self.decoder_norm(x) if self.decoder_norm is not None else x

    def project(self, hidden):
        if self.output is not None:
            return self.output(hidden)
        return F.linear(hidden, self.tgt_embedding.weight)

    def forward(self, src, tgt_in):
        """Teacher-forced logits [B, T, V]; src is None for a language model."""
        if self.is_lm:
            return self.project(self.decode(tgt_in))
        memory, memory_mask = self.encode(src)
        return self.project(self.decode(tgt_in, memory, memory_mask))


# --- tokenizers: the workbench's sentencepiece .model or word list ----------------------------


class SentencePieceTokenizer:
    def __init__(self, path):
        import sentencepiece

        self.processor = sentencepiece.SentencePieceProcessor(model_file=path)

    def encode(self, text):
        return self.processor.encode(text)

    def vocab_size(self):
        return self.processor.get_piece_size()


def lower_code_point(c):
    """The workbench's lowercasing (core/data/text_case.cpp): ASCII, Latin-1, Latin
    Extended-A, Greek and Cyrillic capitals; everything else unchanged."""
    if ord("A") <= c <= ord("Z"):
        return c + 32
    if c < 0xC0:
        return c
    if c <= 0xDE and c != 0xD7:
        return c + 32
    if (0x100 <= c <= 0x137 or 0x14A <= c <= 0x177) and c % 2 == 0:
        return c + 1
    if 0x139 <= c <= 0x148 and c % 2 == 1:
        return c + 1
    if c == 0x178:
        return 0xFF
    if c in (0x179, 0x17B, 0x17D):
        return c + 1
    if 0x391 <= c <= 0x3AB and c != 0x3A2:
        return c + 32
    if 0x410 <= c <= 0x42F:
        return c + 32
    if 0x400 <= c <= 0x40F:
        return c + 80
    return c


class WordTokenizer:
    """vocab.txt: "tfw-word-vocab 1 lowercase=0|1", then one word per line in id order."""

    def __init__(self, path, special_tokens):
        with open(path, encoding="utf-8", newline="\n") as f:
            lines = f.read().split("\n")
        header = lines[0]
        if not re.fullmatch(r"tfw-word-vocab 1 lowercase=[01]", header):
            raise ValueError(f"{path}: not a workbench word vocabulary")
        self.lowercase = header.endswith("1")
        self.words = lines[1:-1] if lines[-1] == "" else lines[1:]
        self.ids = {word: i for i, word in enumerate(self.words)}
        self.unk = special_tokens["unk"]
        # "<pad>", "<s>" and "</s>" written in text are words, not markup.
        self.control = {special_tokens[k] for k in ("pad", "bos", "eos")}

    def encode(self, text):
        if self.lowercase:
            text = "".join(chr(lower_code_point(ord(ch))) for ch in text)
        ids = []
        for word in re.split(r"[ \t\n\r\v\f]+", text):
            if word:
                i = self.ids.get(word, self.unk)
                ids.append(self.unk if i in self.control else i)
        return ids

    def vocab_size(self):
        return len(self.words)


def load_tokenizer(directory, config, side):
    path = os.path.join(directory, config["tokenizer"][side])
    if config["tokenizer"]["type"] == "word":
        return WordTokenizer(path, config["special_tokens"])
    return SentencePieceTokenizer(path)


# --- a model with its tokenizers: load, score, save -------------------------------------------


class Bundle:
    """An exported model: the network, its tokenizers, config.json, and the folder it came from
    (where save() finds the tokenizer files to copy)."""

    def __init__(self, config, model, src_tokenizer, tgt_tokenizer, directory):
        self.config, self.model, self.directory = config, model, directory
        self.src_tokenizer, self.tgt_tokenizer = src_tokenizer, tgt_tokenizer

    def sentence_log_prob(self, source, target=None):
        """(total log-probability as a tensor, tokens), as `tfw logprob` computes it:
        seq2seq: target + EOS given source + EOS; language model: source + EOS after EOS, or
        with a target: target + EOS after EOS + source."""
        device = self.model.tgt_embedding.weight.device
        special = self.config["special_tokens"]
        bos, eos = special["bos"], special["eos"]
        src_ids = self.src_tokenizer.encode(source)
        out = self.tgt_tokenizer.encode(target) if target is not None else []
        if self.model.is_lm:
            prompt = [eos] + (src_ids if target is not None else [])
            if target is None:
                out = src_ids
            tgt_in, first, src = prompt + out, len(prompt) - 1, None
        else:
            tgt_in, first, src = [bos] + out, 0, torch.tensor([src_ids + [eos]], device=device)
        longest = max(len(tgt_in), src.size(1) if src is not None else 0)
        # rope and alibi have no position table, so no length limit.
        limited = self.config["model"]["positional"] not in ("rope", "alibi")
        if limited and longest > self.config["model"]["max_positions"]:
            raise ValueError(f"sentence needs {longest} positions, the model has "
                             f"{self.config['model']['max_positions']}")
        logits = self.model(src, torch.tensor([tgt_in], device=device))[0]
        log_probs = logits.float().log_softmax(-1)
        following = torch.tensor(out + [eos], device=device)
        rows = first + torch.arange(len(following), device=device)
        return log_probs[rows, following].double().sum(), len(following)

    def log_probs(self, sources, targets=None):
        """[(total log-probability, tokens)] per sentence, without gradients or dropout."""
        was_training = self.model.training
        self.model.eval()
        with torch.no_grad():
            pairs = zip(sources, targets if targets is not None else [None] * len(sources))
            scores = [self.sentence_log_prob(s, t) for s, t in pairs]
        self.model.train(was_training)
        return [(total.item(), tokens) for total, tokens in scores]


def load(directory):
    with open(os.path.join(directory, "config.json"), encoding="utf-8") as f:
        config = json.load(f)
    if config.get("format") != FORMAT or config.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"{directory}: not a {FORMAT} of format_version {FORMAT_VERSION}")
    model = TransformerModel(config)
    weights = load_file(os.path.join(directory, config.get("weights", "model.safetensors")))
    model.load_state_dict({name: t.float() for name, t in weights.items()}, strict=True)
    model.eval()
    tgt = load_tokenizer(directory, config, "tgt")
    same = config["tokenizer"]["src"] == config["tokenizer"]["tgt"]
    src = tgt if same else load_tokenizer(directory, config, "src")
    return Bundle(config, model, src, tgt, directory)


def save(bundle, directory, trained_steps=None):
    """Writes config.json, model.safetensors and the tokenizer files for `tfw import`."""
    os.makedirs(directory, exist_ok=True)
    config = copy.deepcopy(bundle.config)
    if trained_steps is not None:
        config["trained_steps"] = trained_steps
    config["weights"] = "model.safetensors"
    tensors = {name: t.detach().contiguous().cpu() for name, t in bundle.model.state_dict().items()}
    save_file(tensors, os.path.join(directory, "model.safetensors"), metadata={"format": "pt"})
    for file in {config["tokenizer"]["src"], config["tokenizer"]["tgt"]}:
        with open(os.path.join(bundle.directory, file), "rb") as f:
            data = f.read()
        with open(os.path.join(directory, file), "wb") as f:
            f.write(data)
    with open(os.path.join(directory, "config.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=2, ensure_ascii=False)
        f.write("\n")
    bundle.directory = directory


def train(bundle, sources, targets, steps, lr):
    """A few Adam steps on the teacher-forced loss of the given sentences (dropout as
    configured): enough to make a small model that was trained in Python."""
    optimizer = torch.optim.Adam(bundle.model.parameters(), lr=lr)
    bundle.model.train()
    pairs = list(zip(sources, targets if targets is not None else [None] * len(sources)))
    for _ in range(steps):
        optimizer.zero_grad()
        scores = [bundle.sentence_log_prob(s, t) for s, t in pairs]
        loss = -sum(total for total, _ in scores) / sum(tokens for _, tokens in scores)
        loss.backward()
        optimizer.step()
    bundle.model.eval()


# --- command line ------------------------------------------------------------------------------


def read_lines(path):
    """Lines as the workbench reads them: UTF-8, plain or gzip, LF or CRLF."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    lines = data.decode("utf-8").split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    logprob = commands.add_parser("logprob", help="per-sentence log-probabilities as JSON lines")
    logprob.add_argument("dir", help="an exported model")
    trainer = commands.add_parser("train", help="train in Python, save for tfw import")
    trainer.add_argument("out", help="the folder to write")
    trainer.add_argument("--like", required=True, help="an exported model to start from")
    trainer.add_argument("--fresh", action="store_true", help="new weights, not --like's")
    trainer.add_argument("--seed", type=int, default=1)
    trainer.add_argument("--steps", type=int, default=20)
    trainer.add_argument("--lr", type=float, default=1e-2)
    for command in (logprob, trainer):
        command.add_argument("--src", required=True, help="sentences, one per line (lm: the text)")
        command.add_argument("--tgt", help="targets, line i pairs with --src line i")
    args = parser.parse_args(argv)

    sources = read_lines(args.src)
    targets = read_lines(args.tgt) if args.tgt else None
    if args.command == "logprob":
        bundle = load(args.dir)
        for i, (total, tokens) in enumerate(bundle.log_probs(sources, targets), 1):
            print(json.dumps({"line": i, "tokens": tokens, "log_prob": total}))
        return 0
    torch.manual_seed(args.seed)
    bundle = load(args.like)
    if args.fresh:
        bundle.model.initialize()
    train(bundle, sources, targets, args.steps, args.lr)
    before = 0 if args.fresh else bundle.config.get("trained_steps", 0)
    save(bundle, args.out, before + args.steps)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
