#pragma once
// Saving a training run: what its checkpoint holds, and where the copies go.

#include <torch/optim/optimizer.h>

#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/model/transformer_model.h"

namespace tfw {

// Everything needed to evaluate the model or resume the run at `position`: config,
// tokenizers, weights, optimizer state, and the history read from history_file.
Checkpoint run_checkpoint(const ExperimentConfig& config, const PreparedData& data,
                          TransformerModelImpl& model, torch::optim::Optimizer& optimizer,
                          const TrainingPosition& position, const std::string& history_file);

// Writes checkpoints/last.tfw and copies it to best.tfw when `best`, and to step-N.tfw when
// train.save_every divides the step; each file through a .partial and a rename, so a crash
// never leaves a truncated one. Throws CheckpointError naming the file and the reason ("No
// space left on device") with no partial file left; files already written stay.
void write_run_checkpoints(const Checkpoint& checkpoint, const RunPaths& paths, bool best);

// write_run_checkpoints with the disk-full policy: a save that fails (full disk) must not cost
// the run, so it returns the warning for the log ("" when saved) and the next save tries again,
// except the `final` one at the end of the run, which throws RunFailure saying how to go on.
std::string save_run_checkpoints(const Checkpoint& checkpoint, const RunPaths& paths, bool best,
                                 bool final);

// On resuming from `source` (whose content is `checkpoint`): the copies write_run_checkpoints
// makes of it (step-N.tfw, best.tfw) that a kill in the middle of copying lost are made again.
// Returns a line for the log per file re-created; throws CheckpointError when one cannot be.
std::vector<std::string> restore_interrupted_copies(const Checkpoint& checkpoint,
                                                    const std::string& source,
                                                    const RunPaths& paths);

}  // namespace tfw
