#include "ui/experiment/device_hint.h"

#include <QCoreApplication>

namespace tfw {

QString deviceHint(const std::vector<GpuInfo>& gpus, bool cudaBuilt) {
    const QString cuda = QString::fromStdString(cuda_choice_summary(gpus, cudaBuilt));
    return gpus.empty()
               ? QCoreApplication::translate("tfw::ExperimentForm", "%1; auto uses the CPU")
                     .arg(cuda)
               : QCoreApplication::translate("tfw::ExperimentForm", "%1; auto uses it").arg(cuda);
}

}  // namespace tfw
