#pragma once
// A checkpoint is one self-describing file: the experiment config, the tokenizer model(s),
// the weights, and (for resuming) optimizer state, training position, RNG state and the
// run history, plus the library versions that wrote it.
//
// Layout: "TFWCKPT\n" magic, then a little-endian u64 header length and a JSON header
// naming each blob with its offset, size and CRC-32, then (format 2 on) the little-endian u32
// CRC-32 of the header's bytes, then the blobs. Written to a temporary file, flushed to disk
// and renamed, so a crash while saving never destroys the previous checkpoint.
//
// Format 1 files (no header checksum) still load; Checkpoint::header_checksummed says which.

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "core/config/experiment_config.h"
#include "core/io/generator_state.h"

namespace tfw {

// 2: the header has a CRC-32 of its own, so that one changed byte in it (a number of heads, a
// step, a blob's name) is refused instead of loading a different model or run.
constexpr int kCheckpointFormatVersion = 2;

class CheckpointError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// fp16 dynamic loss scaling (core/train/loss_scaler.h). Checkpoints from before it was saved
// load with these defaults: the initial scale.
struct LossScaleState {
    double scale = 65536.0;
    int64_t good_steps = 0;  // overflow-free steps since the last overflow
};

// Where training stands; enough to continue exactly where it stopped.
struct TrainingPosition {
    int64_t step = 0;            // optimizer steps done
    int epoch = 1;               // 1-based epoch in progress
    int64_t batch_in_epoch = 0;  // batches of that epoch already consumed
    int64_t tokens_seen = 0;     // target tokens
    double elapsed_s = 0;
    double best_valid_loss = 0;    // 0 = none yet
    double best_valid_score = -1;  // train.valid_metric bleu / rouge_l; -1 = none yet
    int64_t best_step = 0;
    int bad_validations = 0;      // since the best (early stopping)
    int64_t validated_step = -1;  // step of the last validation; -1 = none
    uint64_t dropout_seed = 0, dropout_counter = 0;
    LossScaleState loss_scale;
    int world_size = 1;  // processes that trained it (data parallel); resumed with as many
};

struct Checkpoint {
    ExperimentConfig config;
    std::string src_tokenizer_type, src_tokenizer;  // type_name() and serialize()
    std::string tgt_tokenizer_type, tgt_tokenizer;  // same as src when shared
    int64_t src_vocab = 0, tgt_vocab = 0;
    int64_t parameters = 0;
    std::string weights;    // torch OutputArchive bytes of the model
    std::string optimizer;  // torch OutputArchive bytes of the optimizer (may be empty)
    TrainingPosition position;
    std::string history;      // history.jsonl as of this checkpoint
    nlohmann::json versions;  // written by save: tfw, libtorch, format
    // The training device's default generator, for GPU runs; empty for CPU runs and older files.
    GeneratorState device_generator;
    // False for format 1 files, whose header has no checksum: a changed byte there goes unseen.
    bool header_checksummed = true;
};

// The note to show for a file whose header could not be verified, else "".
std::string unverified_header_note(const Checkpoint& checkpoint, const std::string& path);

void save_checkpoint(const Checkpoint& checkpoint, const std::string& path);
// Copies a checkpoint file the way save_checkpoint writes one: through `to`.partial, forced to
// disk and renamed, so `to` is never truncated; errors name `to` and the system's reason.
void copy_checkpoint_file(const std::string& from, const std::string& to);

// Throws CheckpointError for missing, truncated, corrupt, foreign or too-new files.
// Without with_training_state, optimizer and history blobs are skipped.
Checkpoint load_checkpoint(const std::string& path, bool with_training_state = true);
// Header and history only (no tokenizers, weights or optimizer): quick even for large models.
Checkpoint load_checkpoint_summary(const std::string& path);

}  // namespace tfw
