#pragma once
// Tiny models and checkpoints for tests (a header, not a test: only test_*.cpp become tests).
// Needs no Qt, so core and GUI suites can both use it.

#include <ATen/ATen.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/config/experiment_config.h"
#include "core/data/word_tokenizer.h"
#include "core/io/checkpoint.h"
#include "core/io/model_io.h"

namespace tfw::test {

// A model small enough for tests that run in milliseconds.
inline ExperimentConfig tiny_model_config(Task task) {
    ExperimentConfig c;
    c.task = task;
    c.model.d_model = 32;
    c.model.heads = 4;
    c.model.encoder_layers = 2;
    c.model.decoder_layers = 2;
    c.model.ffn_dim = 64;
    c.model.max_positions = 64;
    return c;
}

// An untrained tiny model of the task over the words a-f (word tokenizer), saved at path;
// `adjust` may change the model's shape first.
inline void write_tiny_checkpoint(Task task, const std::string& path, uint64_t seed = 5,
                                  const std::function<void(ExperimentConfig&)>& adjust = {}) {
    WordTokenizer tokenizer({"<pad>", "<unk>", "<s>", "</s>", "a", "b", "c", "d", "e", "f"}, false);
    Checkpoint c;
    c.config = tiny_model_config(task);
    c.config.tokenizer.type = TokenizerType::Word;
    if (task == Task::LanguageModel) c.config.model.encoder_layers = 0;
    if (adjust) adjust(c.config);
    c.src_tokenizer_type = c.tgt_tokenizer_type = tokenizer.type_name();
    c.src_tokenizer = c.tgt_tokenizer = tokenizer.serialize();
    c.src_vocab = c.tgt_vocab = tokenizer.vocab_size();
    c.position.step = 42;
    at::manual_seed(seed);
    TransformerModel model(model_options(c.config, c.src_vocab, c.tgt_vocab));
    c.parameters = model->parameter_count();
    c.weights = serialize_module(*model);
    save_checkpoint(c, path);
}

// The same inside a run folder: root/name/checkpoints/best.tfw beside a config.json.
inline std::string write_tiny_run(const std::string& root, const std::string& name, Task task,
                                  const std::function<void(ExperimentConfig&)>& adjust = {}) {
    namespace fs = std::filesystem;
    const fs::path run = fs::path(root) / name;
    fs::create_directories(run / "checkpoints");
    std::ofstream(run / "config.json") << "{}\n";
    const std::string path = (run / "checkpoints" / "best.tfw").string();
    write_tiny_checkpoint(task, path, 5, adjust);
    return path;
}

// A few steps on the built-in reverse task with a tiny model: a whole run in well under a
// second on one thread.
inline ExperimentConfig tiny_reverse_run() {
    ExperimentConfig c;
    c.name = "tiny";
    c.data.synthetic = Synthetic::Reverse;
    c.data.max_src_len = 16;
    c.data.max_tgt_len = 16;
    c.tokenizer.type = TokenizerType::Word;
    c.tokenizer.vocab_size = 0;
    c.model.d_model = 32;
    c.model.heads = 2;
    c.model.encoder_layers = 1;
    c.model.decoder_layers = 1;
    c.model.ffn_dim = 64;
    c.model.max_positions = 32;
    c.train.batch_tokens = 400;
    c.train.max_steps = 12;
    c.train.valid_every = 6;
    c.train.log_every = 1;
    c.train.warmup_steps = 4;
    c.train.threads = 1;
    return c;
}

// Sequences of 3 to 8 words over w0-w9 and their reversal as aligned files
// dir/{train,valid}.{src,tgt}: a corpus on disk that a tiny model learns in a few steps.
inline void write_reversal_corpus(const std::filesystem::path& dir, uint64_t seed, int train_pairs,
                                  int valid_pairs = 16) {
    std::mt19937_64 rng(seed);
    auto write_split = [&](const std::string& name, int pairs) {
        std::ofstream src(dir / (name + ".src")), tgt(dir / (name + ".tgt"));
        for (int i = 0; i < pairs; ++i) {
            std::vector<std::string> words(3 + rng() % 6);
            for (auto& w : words) w = "w" + std::to_string(rng() % 10);
            for (size_t j = 0; j < words.size(); ++j) src << (j ? " " : "") << words[j];
            for (size_t j = words.size(); j-- > 0;) tgt << words[j] << (j ? " " : "");
            src << "\n";
            tgt << "\n";
        }
    };
    write_split("train", train_pairs);
    write_split("valid", valid_pairs);
}

// tiny_reverse_run's model on write_reversal_corpus(data), small batches so that an epoch has a
// few steps; CPU, one thread, no step limit. Callers set the schedule of saves and validations.
inline ExperimentConfig tiny_reversal_run(const std::filesystem::path& data) {
    ExperimentConfig c = tiny_reverse_run();
    c.data.synthetic = Synthetic::None;
    c.data.train_src = (data / "train.src").string();
    c.data.train_tgt = (data / "train.tgt").string();
    c.data.valid_src = (data / "valid.src").string();
    c.data.valid_tgt = (data / "valid.tgt").string();
    c.train.device = DevicePref::Cpu;
    c.train.batch_tokens = 80;
    c.train.max_steps = 0;
    return c;
}

// Rewrites a checkpoint's JSON header with `edit` applied, as format 1 (before headers had a
// checksum of their own) wrote it: older versions' files, and what is checked beyond that
// checksum. The blobs keep their offsets: they follow the header.
inline void edit_checkpoint_header(const std::string& path,
                                   const std::function<void(nlohmann::json&)>& edit) {
    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    uint64_t length = 0;
    for (int i = 0; i < 8; ++i)
        length |= uint64_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
    nlohmann::json header = nlohmann::json::parse(bytes.substr(16, length));
    const bool checksummed = header.value("format_version", 1) >= 2;
    header["format_version"] = 1;
    edit(header);
    const std::string text = header.dump();
    std::string out = bytes.substr(0, 8);
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((text.size() >> (8 * i)) & 0xff));
    out += text + bytes.substr(16 + length + (checksummed ? 4 : 0));
    std::ofstream(path, std::ios::binary | std::ios::trunc) << out;
}

}  // namespace tfw::test
