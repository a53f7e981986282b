#pragma once
// The one reader of an experiment's splits, for training, validation loss and evaluation
// alike: the files config.data names (or the synthetic task), read the same way everywhere.

#include "core/config/experiment_config.h"
#include "core/data/raw_corpus.h"

namespace tfw {

enum class Split { Train, Valid, Test };

// "train", "valid" or "test", as in the data.* keys.
const char* split_name(Split split);

// Whether the experiment has the split: always for a synthetic task; otherwise whether
// config.data names a file for it (the test split is optional).
bool has_split(const ExperimentConfig& config, Split split);

// One split: generated for a synthetic task, otherwise read from data.<split>_src and
// data.<split>_tgt (aligned line by line), or data.<split> for a language model (the lines in
// tgt), resolved against data.dir. Throws ConfigError naming the key of a file that is not set
// (or a synthetic task that does not fit the task), DataError naming the file (and line) for
// unreadable files or parallel files whose line counts differ.
RawSplit read_split(const ExperimentConfig& config, Split split);

// All three splits (test empty when the experiment has none); a synthetic task is generated once.
RawCorpus read_corpus(const ExperimentConfig& config);

}  // namespace tfw
