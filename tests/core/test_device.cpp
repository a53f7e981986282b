// Device choice, the GPU list and the versions compiled in. Runs on machines without a GPU, with
// both a CPU-only LibTorch and a CUDA build of LibTorch: asking for cuda there must stop with the
// reason, not crash.
#include <QtTest>

#include <torch/cuda.h>
#include <torch/version.h>

#include "core/config/config_error.h"
#include "core/util/build_versions.h"
#include "core/util/device.h"
#include "core/util/gpu_devices.h"

using namespace tfw;

class TestDevice : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void cpuIsAlwaysTheCpu() { QVERIFY(choose_device(DevicePref::Cpu).is_cpu()); }

    void autoTakesTheGpuOnlyWhenThereIsOne() {
        QCOMPARE(choose_device(DevicePref::Auto).is_cuda(), torch::cuda::is_available());
    }

    void cudaWithoutAGpuSaysWhy() {
        if (torch::cuda::is_available()) QSKIP("this machine has a usable GPU");
        try {
            choose_device(DevicePref::Cuda);
            QFAIL("cuda was accepted without a GPU");
        } catch (const ConfigError& e) {
            const QString message = e.what();
            QVERIFY2(message.startsWith("train.device (cuda)"), e.what());
            QVERIFY2(message.contains("LibTorch " TORCH_VERSION), e.what());
            const QString cuda = QString::fromStdString(compiled_cuda_version());
            QVERIFY2(message.contains(cuda.isEmpty() ? "has no CUDA" : "no usable GPU"), e.what());
        }
    }

    void gpusAreListedOnlyWhenCudaCanUseThem() {
        const std::vector<GpuInfo> gpus = list_gpus();
        if (!torch::cuda::is_available()) QVERIFY(gpus.empty());
        if (compiled_cuda_version().empty()) QVERIFY(gpus.empty());
        for (const GpuInfo& gpu : gpus) {
            QVERIFY(!gpu.name.empty());
            QVERIFY(gpu.total_memory > 0);
        }
    }

    void theCudaChoiceSaysWhatItMeansHere() {
        QCOMPARE(cuda_choice_summary({}, false),
                 std::string("cuda — no GPU found (CPU-only LibTorch)"));
        QCOMPARE(cuda_choice_summary({}, true), std::string("cuda — no GPU visible"));
        const GpuInfo h100{0, "NVIDIA H100 80GB HBM3", 84'933'558'272};
        QCOMPARE(cuda_choice_summary({h100}, true),
                 std::string("cuda — NVIDIA H100 80GB HBM3, 79.1 GiB"));
        QCOMPARE(cuda_choice_summary({h100, GpuInfo{1, "NVIDIA H100 80GB HBM3", 1}}, true),
                 std::string("cuda — NVIDIA H100 80GB HBM3, 79.1 GiB (the first of 2 GPUs)"));
        QCOMPARE(describe_gpu(h100), std::string("cuda:0 NVIDIA H100 80GB HBM3, 79.1 GiB"));
    }

    void versionsNameLibTorchAndCuda() {
        const QString versions = QString::fromStdString(build_versions());
        QVERIFY(versions.startsWith("tfw " TFW_VERSION ", LibTorch " TORCH_VERSION));
        const std::string cuda = compiled_cuda_version();
        QCOMPARE(versions.endsWith(QString::fromStdString(", CUDA " + cuda)), !cuda.empty());
    }
};

QTEST_APPLESS_MAIN(TestDevice)
#include "test_device.moc"
