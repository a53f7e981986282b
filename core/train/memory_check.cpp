#include "core/train/memory_check.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/config/config_error.h"
#include "core/device/gpu_devices.h"
#include "core/model/model_size.h"

namespace tfw {

namespace {

std::string gigabytes(int64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GB", static_cast<double>(bytes) / 1e9);
    return text;
}

}  // namespace

int64_t device_memory_available(const at::Device& device) {
    if (device.is_cuda()) {
        for (const GpuInfo& gpu : list_gpus())
            if (gpu.index == (device.has_index() ? device.index() : 0)) return gpu.total_memory;
        return 0;
    }
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    int64_t kilobytes = 0;
    std::string unit;
    while (meminfo >> key >> kilobytes >> unit)
        if (key == "MemAvailable:") return kilobytes * 1024;
    const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? int64_t(pages) * page : 0;
}

void require_memory_for(const ExperimentConfig& config, int64_t src_vocab, int64_t tgt_vocab,
                        int64_t available, const std::string& where) {
    if (available <= 0) return;
    const MemoryEstimate estimate = estimate_training_memory(config, src_vocab, tgt_vocab);
    const int64_t needed = estimate.parameters_bytes + estimate.optimizer_bytes;
    if (needed <= available) return;
    const ModelConfig& m = config.model;
    std::ostringstream layers;
    if (!config.is_lm()) layers << m.encoder_layers << "+";
    layers << m.decoder_layers;
    throw ConfigError(
        "the model cannot be trained here: its " +
        std::to_string(count_parameters(config, src_vocab, tgt_vocab)) + " parameters need " +
        gigabytes(needed) + " for their weights, gradients and Adam moments alone (about " +
        gigabytes(estimate.total()) + " with one batch's activations), and " + where + " has " +
        gigabytes(available) + " available. Choose a smaller model.d_model (now " +
        std::to_string(m.d_model) + "), model.ffn_dim (now " + std::to_string(m.ffn_dim) +
        ") or fewer layers (now " + layers.str() + ")");
}

void require_memory_on(const at::Device& device, const ExperimentConfig& config, int64_t src_vocab,
                       int64_t tgt_vocab) {
    require_memory_for(config, src_vocab, tgt_vocab, device_memory_available(device),
                       device.is_cuda() ? device.str() : "this computer");
}

}  // namespace tfw
