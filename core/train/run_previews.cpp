#include "core/train/run_previews.h"

#include <algorithm>
#include <sstream>

#include "core/train/attention_probes.h"
#include "core/train/run_clock.h"
#include "core/train/sample_preview.h"
#include "core/util/error_text.h"

namespace tfw {

RunPreviews::RunPreviews(bool writes, RunFiles& files, TrainingObserver& observer, Log log)
    : writes_(writes), files_(files), observer_(observer), log_(std::move(log)) {}

void RunPreviews::show_samples(TransformerModelImpl& model, const PreparedData& data,
                               const ExperimentConfig& config, int64_t step) {
    if (!writes_) return;
    const SamplesReport report = tfw::preview_samples(model, data, config, step);
    if (report.samples.empty()) return;
    files_.log_samples(report);
    observer_.on_samples(report);
}

void RunPreviews::snapshot_attention_maps(TransformerModelImpl& model, const PreparedData& data,
                                          const ExperimentConfig& config,
                                          const std::string& run_dir, int64_t step) {
    if (!writes_ || probes_.empty() || last_snapshot_step_ == step) return;
    last_snapshot_step_ = step;
    try {
        const double started = steady_seconds();
        AttentionSnapshot snapshot = snapshot_attention(model, data, config, probes_, step);
        if (snapshot.probes.empty()) return;
        bytes_ += add_attention_snapshot(run_dir, snapshot).bytes;
        seconds_ += steady_seconds() - started;
        ++count_;
        AttentionSnapshotReport report;
        report.step = snapshot.step;
        for (ProbeAttention& probe : snapshot.probes)
            report.probes.push_back(std::move(probe.entropies));
        observer_.on_attention_snapshot(report);
    } catch (const std::exception& e) {
        log_(LogLevel::Warning, "could not write the attention snapshot at step " +
                                    std::to_string(step) + " (" + user_error_text(e) +
                                    "); training goes on");
    }
}

std::string RunPreviews::snapshot_cost(double session_seconds) const {
    if (count_ == 0) return "";
    std::ostringstream line;
    line.precision(3);
    line << "attention snapshots: " << count_ << " written (" << double(bytes_) / 1024 << " KB) in "
         << seconds_ << " s, " << 100 * seconds_ / std::max(1e-9, session_seconds)
         << "% of this session";
    return line.str();
}

}  // namespace tfw
