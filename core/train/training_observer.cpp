#include "core/train/training_observer.h"

#include "core/device/device.h"

namespace tfw {

std::string device_summary(const TrainingStarted& started) {
    std::string text = started.gpu.empty() ? describe_cpu(started.threads) : started.gpu;
    if (started.processes > 1)
        text += " x " + std::to_string(started.processes) + " processes (" + started.backend + ")";
    return text;
}

}  // namespace tfw
