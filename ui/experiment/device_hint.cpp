#include "ui/experiment/device_hint.h"

#include <QCoreApplication>

namespace tfw {

// In the window's language (core's cuda_choice_summary() is tfw's English).
QString deviceHint(const std::vector<GpuInfo>& gpus, bool cudaBuilt) {
    if (gpus.empty())
        return cudaBuilt ? QCoreApplication::translate("tfw::ExperimentForm",
                                                       "cuda — no GPU visible; auto uses the CPU")
                         : QCoreApplication::translate(
                               "tfw::ExperimentForm",
                               "cuda — no GPU found (CPU-only LibTorch); auto uses the CPU");
    const GpuInfo& first = gpus.front();  // choose_device() always takes the first one
    const QString name = QString::fromStdString(first.name);
    const QString memory = QStringLiteral("%1 GiB").arg(
        double(first.total_memory) / double(int64_t(1) << 30), 0, 'f', 1);
    if (gpus.size() == 1)
        return QCoreApplication::translate("tfw::ExperimentForm", "cuda — %1, %2; auto uses it")
            .arg(name, memory);
    return QCoreApplication::translate("tfw::ExperimentForm",
                                       "cuda — %1, %2 (the first of %3 GPUs); auto uses it")
        .arg(name, memory, QString::number(gpus.size()));
}

}  // namespace tfw
