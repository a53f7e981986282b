#pragma once
// Attention snapshots of a run: the probe inputs' attention maps at steps of the training, kept
// in RUN/attention/ so that a run shows how its heads formed. index.json holds every snapshot's
// step, size and head entropies (read cheaply for charts); step-N.att one snapshot's maps, each
// weight in one byte (w * 255, rounded), read on demand.
//
// Bounded: at most kMaxKeptSnapshots snapshots. When one more comes, interior snapshots are
// thinned (the one whose removal leaves the smallest gap goes), so the first and the latest stay
// and the rest spread evenly over the training. A map has at most kMaxProbeTokens rows and
// columns, a run at most kMaxProbes probes (see attention_probes.h), so a snapshot takes at most
// probes x heads x (encoder layers + 2 x decoder layers) x 24 x 24 bytes plus its labels.

#include <cstdint>
#include <string>
#include <vector>

#include "core/decode/labelled_attention.h"
#include "core/train/training_observer.h"

namespace tfw {

inline constexpr size_t kMaxKeptSnapshots = 64;

struct ProbeAttention {
    std::string input;  // the probe as text
    LabelledAttention attention;
    ProbeEntropies entropies;  // computed from the unquantised weights
};

struct AttentionSnapshot {
    int64_t step = 0;
    std::vector<ProbeAttention> probes;
};

// What index.json says about one snapshot.
struct SnapshotEntry {
    int64_t step = 0;
    int64_t bytes = 0;                // size of its step-N.att
    std::vector<std::string> inputs;  // per probe
    std::vector<ProbeEntropies> entropies;
};

std::string attention_snapshot_dir(const std::string& run_dir);

// Oldest first; empty when the run has none. Throws std::runtime_error for a damaged index.
std::vector<SnapshotEntry> read_snapshot_index(const std::string& run_dir);

// One snapshot's maps (weights dequantised) and entropies. Throws std::runtime_error naming the
// file when it is missing or damaged.
AttentionSnapshot read_attention_snapshot(const std::string& run_dir, int64_t step);

// Writes the snapshot (replacing one of the same step), thins to `max_kept` and returns the
// index entry. Files are written to a temporary name and renamed: the index never names a file
// that is not complete.
SnapshotEntry add_attention_snapshot(const std::string& run_dir, const AttentionSnapshot& snapshot,
                                     size_t max_kept = kMaxKeptSnapshots);

// Drops the snapshots taken after `step` (a resumed run trains those steps again).
void drop_attention_snapshots_after(const std::string& run_dir, int64_t step);

// Which interior snapshot to drop from `steps` (ascending, at least three): the one whose
// neighbours are closest together, the oldest on ties.
size_t snapshot_to_thin(const std::vector<int64_t>& steps);

// A stack's figures by its enum.
const std::vector<std::vector<double>>& entropies_of(const ProbeEntropies& entropies,
                                                     AttentionStack stack);

}  // namespace tfw
