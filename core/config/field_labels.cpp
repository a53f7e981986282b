#include "core/config/field_labels.h"

#include <map>

#include "core/config/translatable.h"

namespace tfw {

std::string field_label(const std::string& key) {
    static const std::map<std::string, std::string> labels{
        {"name", TFW_TR_NOOP("ConfigField", "Name")},
        {"description", TFW_TR_NOOP("ConfigField", "Description")},
        {"task", TFW_TR_NOOP("ConfigField", "Task")},
        {"data.dir", TFW_TR_NOOP("ConfigField", "Data folder")},
        {"data.synthetic", TFW_TR_NOOP("ConfigField", "Built-in task")},
        {"data.train_src", TFW_TR_NOOP("ConfigField", "Training source")},
        {"data.train_tgt", TFW_TR_NOOP("ConfigField", "Training target")},
        {"data.valid_src", TFW_TR_NOOP("ConfigField", "Validation source")},
        {"data.valid_tgt", TFW_TR_NOOP("ConfigField", "Validation target")},
        {"data.test_src", TFW_TR_NOOP("ConfigField", "Test source")},
        {"data.test_tgt", TFW_TR_NOOP("ConfigField", "Test target")},
        {"data.train", TFW_TR_NOOP("ConfigField", "Training text")},
        {"data.valid", TFW_TR_NOOP("ConfigField", "Validation text")},
        {"data.test", TFW_TR_NOOP("ConfigField", "Test text")},
        {"data.max_src_len", TFW_TR_NOOP("ConfigField", "Longest source (tokens)")},
        {"data.max_tgt_len", TFW_TR_NOOP("ConfigField", "Longest target (tokens)")},
        {"tokenizer.type", TFW_TR_NOOP("ConfigField", "Tokenizer")},
        {"tokenizer.model_type", TFW_TR_NOOP("ConfigField", "Subword algorithm")},
        {"tokenizer.vocab_size", TFW_TR_NOOP("ConfigField", "Vocabulary size")},
        {"tokenizer.shared", TFW_TR_NOOP("ConfigField", "Shared vocabulary")},
        {"tokenizer.lowercase", TFW_TR_NOOP("ConfigField", "Lowercase")},
        {"tokenizer.model", TFW_TR_NOOP("ConfigField", "Existing tokenizer model")},
        {"tokenizer.min_freq", TFW_TR_NOOP("ConfigField", "Minimum word count")},
        {"model.d_model", TFW_TR_NOOP("ConfigField", "Model width")},
        {"model.heads", TFW_TR_NOOP("ConfigField", "Attention heads")},
        {"model.encoder_layers", TFW_TR_NOOP("ConfigField", "Encoder layers")},
        {"model.decoder_layers", TFW_TR_NOOP("ConfigField", "Decoder layers")},
        {"model.ffn_dim", TFW_TR_NOOP("ConfigField", "Feed-forward width")},
        {"model.dropout", TFW_TR_NOOP("ConfigField", "Dropout")},
        {"model.attention_dropout", TFW_TR_NOOP("ConfigField", "Attention dropout")},
        {"model.norm", TFW_TR_NOOP("ConfigField", "Layer norm placement")},
        {"model.positional", TFW_TR_NOOP("ConfigField", "Positions")},
        {"model.tie_embeddings", TFW_TR_NOOP("ConfigField", "Tie embeddings")},
        {"model.activation", TFW_TR_NOOP("ConfigField", "Activation")},
        {"model.max_positions", TFW_TR_NOOP("ConfigField", "Longest sequence")},
        {"model.causal", TFW_TR_NOOP("ConfigField", "Causal decoder")},
        {"train.optimizer", TFW_TR_NOOP("ConfigField", "Optimizer")},
        {"train.lr", TFW_TR_NOOP("ConfigField", "Learning rate")},
        {"train.betas", TFW_TR_NOOP("ConfigField", "Adam betas")},
        {"train.eps", TFW_TR_NOOP("ConfigField", "Adam epsilon")},
        {"train.weight_decay", TFW_TR_NOOP("ConfigField", "Weight decay")},
        {"train.schedule", TFW_TR_NOOP("ConfigField", "Learning-rate schedule")},
        {"train.warmup_steps", TFW_TR_NOOP("ConfigField", "Warm-up steps")},
        {"train.noam_factor", TFW_TR_NOOP("ConfigField", "Noam factor")},
        {"train.label_smoothing", TFW_TR_NOOP("ConfigField", "Label smoothing")},
        {"train.clip_norm", TFW_TR_NOOP("ConfigField", "Gradient clipping")},
        {"train.batch_tokens", TFW_TR_NOOP("ConfigField", "Tokens per batch")},
        {"train.accumulate", TFW_TR_NOOP("ConfigField", "Gradient accumulation")},
        {"train.epochs", TFW_TR_NOOP("ConfigField", "Epochs")},
        {"train.max_steps", TFW_TR_NOOP("ConfigField", "Maximum steps")},
        {"train.max_tokens", TFW_TR_NOOP("ConfigField", "Maximum tokens")},
        {"train.max_minutes", TFW_TR_NOOP("ConfigField", "Time budget (minutes)")},
        {"train.valid_every", TFW_TR_NOOP("ConfigField", "Validate every (steps)")},
        {"train.log_every", TFW_TR_NOOP("ConfigField", "Log every (steps)")},
        {"train.save_every", TFW_TR_NOOP("ConfigField", "Keep a checkpoint every (steps)")},
        {"train.snapshot_every", TFW_TR_NOOP("ConfigField", "Attention snapshot every (steps)")},
        {"train.probes", TFW_TR_NOOP("ConfigField", "Attention probe inputs")},
        {"train.patience", TFW_TR_NOOP("ConfigField", "Early-stopping patience")},
        {"train.valid_metric", TFW_TR_NOOP("ConfigField", "Best checkpoint by")},
        {"train.stop_on_divergence", TFW_TR_NOOP("ConfigField", "Stop when it diverges")},
        {"train.seed", TFW_TR_NOOP("ConfigField", "Random seed")},
        {"train.device", TFW_TR_NOOP("ConfigField", "Device")},
        {"train.threads", TFW_TR_NOOP("ConfigField", "CPU threads")},
        {"train.precision", TFW_TR_NOOP("ConfigField", "Precision")},
    };
    const auto it = labels.find(key);
    return it == labels.end() ? std::string() : it->second;
}

}  // namespace tfw
