#include "core/util/error_text.h"

#include <new>
#include <sstream>
#include <vector>

#include "core/device/cpu_features.h"
#include "core/device/gpu_devices.h"

namespace tfw {
namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

// c10 appends "Exception raised from <function> at <file>:<line> (most recent call first):"
// and then one "frame #N: ..." line per stack frame; LibTorch 2.x may also add a
// "C++ CapturedTraceback:" section. Nothing from the first of these on is for people.
bool starts_backtrace(const std::string& line) {
    return starts_with(line, "Exception raised from") || starts_with(line, "frame #") ||
           starts_with(line, "C++ CapturedTraceback") ||
           line.find("(most recent call first)") != std::string::npos;
}

bool is_out_of_memory(const std::string& message) {
    for (const char* sign : {"out of memory", "can't allocate memory", "std::bad_alloc",
                             "CUBLAS_STATUS_ALLOC_FAILED", "Cannot allocate memory"})
        if (message.find(sign) != std::string::npos) return true;
    return false;
}

}  // namespace

std::string user_error_text(const std::string& what) {
    std::istringstream lines(what);
    std::string line, message;
    while (std::getline(lines, line)) {
        line = trimmed(line);
        if (starts_backtrace(line)) break;
        if (line.empty()) continue;
        if (!message.empty()) message += '\n';
        message += line;
    }
    if (message.empty()) message = "unknown error";
    if (!is_out_of_memory(message)) return message;
    const bool gpu =
        message.find("CUDA") != std::string::npos || message.find("CUBLAS") != std::string::npos;
    const std::vector<GpuInfo> gpus = gpu ? list_gpus() : std::vector<GpuInfo>{};
    const bool native_bf16 = gpu ? !gpus.empty() && gpus[0].native_bf16 : cpu_runs_bf16_natively();
    return std::string(gpu ? "Ran out of memory on the GPU. " : "Ran out of memory. ") +
           out_of_memory_advice(gpu, native_bf16);
}

std::string out_of_memory_advice(bool gpu, bool native_bf16, bool half_precision) {
    std::string advice =
        "Lower train.batch_tokens (train.accumulate keeps the effective batch) or the model size";
    if (half_precision) return advice + ".";
    if (native_bf16)
        return advice + ", or use train.precision bf16 (this device runs it natively).";
    if (gpu) return advice + ", or use train.precision fp16.";
    return advice + ".";
}

std::string user_error_text(const std::exception& error) {
    if (dynamic_cast<const std::bad_alloc*>(&error)) return user_error_text("std::bad_alloc");
    return user_error_text(std::string(error.what()));
}

}  // namespace tfw
