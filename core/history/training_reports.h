#pragma once
// What a training run reports after steps and validations; history.jsonl keeps them
// (core/io/run_directory.h). A leaf header (nothing from core), so any folder may include it.

#include <cstdint>
#include <string>

namespace tfw {

struct StepReport {
    int64_t step = 0;           // optimizer steps done
    int epoch = 0;              // 1-based
    double epoch_progress = 0;  // 0..1 within the epoch
    double train_loss = 0;      // label-smoothed loss per target token, mean since last report
    double train_nll = 0;       // without smoothing (perplexity = exp(train_nll))
    double lr = 0;
    double grad_norm = 0;     // before clipping
    double tokens_per_s = 0;  // source + target tokens
    int64_t tokens_seen = 0;  // target tokens since the start of training
    double elapsed_s = 0;     // training wall time, resumed runs included
};

struct ValidationReport {
    int64_t step = 0;
    int epoch = 0;
    double loss = 0;        // NLL per target token, no label smoothing
    double perplexity = 0;  // exp(loss)
    // lm whose tokenizer splits words: perplexity per word, exp(loss × tokens per word), the
    // figure published word-level results (PTB) report; 0 otherwise.
    double word_perplexity = 0;
    double accuracy = 0;  // share of target tokens predicted exactly
    // train.valid_metric bleu / rouge_l: the greedy decoding of the validation set scored, under
    // the metric's key in a saved evaluation ("bleu", "rougeL"); 0 to 100. Empty key: loss only.
    std::string score_key;
    double score = 0;
    bool is_best = false;  // by the score when there is one, else by the loss
    int64_t tokens_seen = 0;
    double elapsed_s = 0;
};

}  // namespace tfw
