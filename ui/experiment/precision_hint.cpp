#include "ui/experiment/precision_hint.h"

#include <QCoreApplication>

namespace tfw {

QString precisionHint(const std::vector<GpuInfo>& gpus, const CpuFeatures& cpu) {
    const QString features = cpu.amx_bf16 && cpu.avx512_bf16 ? QStringLiteral("AVX-512 BF16, AMX")
                             : cpu.amx_bf16                  ? QStringLiteral("AMX")
                                                             : QStringLiteral("AVX-512 BF16");
    const QString onCpu =
        cpu.avx512_bf16 || cpu.amx_bf16
            ? QCoreApplication::translate("tfw::ExperimentForm",
                                          "auto → bf16 on this CPU: it runs bf16 natively (%1)")
                  .arg(features)
            : QCoreApplication::translate("tfw::ExperimentForm",
                                          "auto → fp32 on this CPU: it has no native bf16 (bf16 "
                                          "would be many times slower)");
    if (gpus.empty()) return onCpu;
    const QString name = QString::fromStdString(gpus[0].name);
    const QString onGpu =
        gpus[0].native_bf16
            ? QCoreApplication::translate("tfw::ExperimentForm",
                                          "auto → bf16 on the GPU (%1 runs bf16 natively)")
                  .arg(name)
            : QCoreApplication::translate("tfw::ExperimentForm",
                                          "auto → fp32 on the GPU (%1 has no native bf16)")
                  .arg(name);
    return onGpu + QStringLiteral("; ") + onCpu;
}

}  // namespace tfw
