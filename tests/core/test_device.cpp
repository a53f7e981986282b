// Device choice, the GPU list and the versions compiled in. Runs on machines without a GPU, with
// both a CPU-only LibTorch and a CUDA build of LibTorch: asking for cuda there must stop with the
// reason, not crash.
#include <QFile>
#include <QtTest>

#include <torch/cuda.h>
#include <torch/version.h>

#include <cmath>

#include "core/config/config_error.h"
#include "core/device/build_versions.h"
#include "core/device/cpu_features.h"
#include "core/device/device.h"
#include "core/device/gpu_devices.h"
#include "core/device/precision_choice.h"

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

    // train.precision auto: bf16 only where the device has it in hardware. On a CPU without
    // AVX-512 BF16 or AMX, bf16 was 18 times slower than fp32 (26.8 s against 1.5 s a step).
    void autoPrecisionTakesBf16OnlyWhereItIsNative() {
        const PrecisionChoice laptop = choose_precision(Precision::Auto, false, false);
        QCOMPARE(int(laptop.precision), int(Precision::Fp32));
        QVERIFY(laptop.automatic);
        QCOMPARE(describe_precision(laptop),
                 std::string("auto → fp32 (this CPU has no native bf16)"));
        const PrecisionChoice server = choose_precision(Precision::Auto, false, true);
        QCOMPARE(int(server.precision), int(Precision::Bf16));
        QCOMPARE(describe_precision(server),
                 std::string("auto → bf16 (this CPU runs bf16 natively)"));
        const PrecisionChoice gpu = choose_precision(Precision::Auto, true, true);
        QCOMPARE(describe_precision(gpu), std::string("auto → bf16 (the GPU runs bf16 natively)"));
        QCOMPARE(int(choose_precision(Precision::Auto, true, false).precision),
                 int(Precision::Fp32));
        // What is asked for explicitly is kept, native or not (the sanity check warns).
        for (Precision p : {Precision::Fp32, Precision::Bf16, Precision::Fp16}) {
            const PrecisionChoice kept = choose_precision(p, false, false);
            QCOMPARE(int(kept.precision), int(p));
            QVERIFY(!kept.automatic);
            QCOMPARE(describe_precision(kept), std::string(precision_name(p)));
        }
    }

    // cpuid read at run time agrees with what the kernel says of this processor.
    void nativeBf16IsWhatTheProcessorReports() {
        if (qEnvironmentVariableIsSet("TFW_MAX_CPU_ISA"))
            QSKIP("TFW_MAX_CPU_ISA caps what the processor reports");
        QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
        if (!cpuinfo.open(QIODevice::ReadOnly)) QSKIP("no /proc/cpuinfo here");
        QStringList flags;
        for (const QByteArray& line : cpuinfo.readAll().split('\n'))
            if (line.startsWith("flags")) {
                flags = QString::fromLatin1(line.mid(line.indexOf(':') + 1)).split(' ');
                break;
            }
        if (flags.isEmpty()) QSKIP("/proc/cpuinfo lists no flags (not an x86 processor)");
        QCOMPARE(cpu_features().avx512_bf16, flags.contains(QStringLiteral("avx512_bf16")));
        QCOMPARE(cpu_features().amx_bf16, flags.contains(QStringLiteral("amx_bf16")));
        QCOMPARE(cpu_features().amx_int8, flags.contains(QStringLiteral("amx_int8")));
        QCOMPARE(cpu_features().avx_vnni, flags.contains(QStringLiteral("avx_vnni")));
        QCOMPARE(runs_bf16_natively(at::Device(at::kCPU)), cpu_runs_bf16_natively());
        qInfo("this CPU: avx512_bf16 %d, amx_bf16 %d, amx_int8 %d", cpu_features().avx512_bf16,
              cpu_features().amx_bf16, cpu_features().amx_int8);
    }

    // TFW_MAX_CPU_ISA's ceiling switches off what lies above it, adds nothing a CPU lacks, and
    // the level left is named as oneDNN names it.
    void aCeilingCapsTheCpusFeatures() {
        const auto isa = [](const CpuFeatures& f) {
            return QString::fromStdString(cpu_isa_name(f));
        };
        CpuFeatures all;
        all.avx2_fma = all.avx_vnni = all.avx512f = all.avx512_vnni = all.avx512_bf16 = true;
        all.amx_bf16 = all.amx_int8 = true;
        QCOMPARE(isa(all), QStringLiteral("avx512_core_amx"));
        CpuFeatures f = all;
        QVERIFY(cap_cpu_features(f, "AVX2"));  // oneDNN's variable is spelt in capitals
        QVERIFY(f.avx2_fma && !f.avx_vnni && !f.avx512f && !f.avx512_vnni && !f.avx512_bf16);
        QVERIFY(!f.amx_bf16 && !f.amx_int8);
        QCOMPARE(isa(f), QStringLiteral("avx2"));
        f = all;  // as on Alder Lake: VNNI on 256 bits, no AVX-512
        QVERIFY(cap_cpu_features(f, "avx2_vnni"));
        QVERIFY(f.avx2_fma && f.avx_vnni && !f.avx512f && !f.avx512_vnni && !f.amx_int8);
        QCOMPARE(isa(f), QStringLiteral("avx2_vnni"));
        f = all;
        QVERIFY(cap_cpu_features(f, "avx512_core"));
        QVERIFY(f.avx_vnni && f.avx512f && !f.avx512_vnni);
        QCOMPARE(isa(f), QStringLiteral("avx512_core"));
        f = all;
        QVERIFY(cap_cpu_features(f, "avx512_core_vnni"));
        QVERIFY(f.avx512f && f.avx512_vnni && !f.avx512_bf16 && !f.amx_int8);
        QCOMPARE(isa(f), QStringLiteral("avx512_core_vnni"));
        f = all;
        QVERIFY(cap_cpu_features(f, "sse41"));
        QVERIFY(!f.avx2_fma && !f.avx512f);
        QCOMPARE(isa(f), QStringLiteral("sse41"));
        // Above what a CPU has, a ceiling adds nothing: AVX-512 without VNNI (Skylake-SP).
        CpuFeatures skylake;
        skylake.avx2_fma = skylake.avx512f = true;
        f = skylake;
        QVERIFY(cap_cpu_features(f, "avx512_core_amx"));
        QVERIFY(!f.avx512_vnni && !f.amx_int8 && !f.avx_vnni);
        QCOMPARE(isa(f), QStringLiteral("avx512_core"));
        f = skylake;  // capped below its AVX-512, without AVX-VNNI to keep
        QVERIFY(cap_cpu_features(f, "avx2_vnni"));
        QCOMPARE(isa(f), QStringLiteral("avx2"));
        f = all;  // AMD Zen 4: VNNI and BF16, no AMX
        f.amx_bf16 = f.amx_int8 = false;
        QCOMPARE(isa(f), QStringLiteral("avx512_core_bf16"));
        // A name not in the list is refused and caps nothing; an empty one caps nothing.
        f = all;
        QVERIFY(!cap_cpu_features(f, "avx-2"));
        QVERIFY(cap_cpu_features(f, ""));
        QCOMPARE(isa(f), QStringLiteral("avx512_core_amx"));
    }

    void bf16SlowdownIsMeasured() {
        const double slowdown = measured_bf16_slowdown(64, 128, at::Device(at::kCPU));
        QVERIFY2(std::isfinite(slowdown) && slowdown > 0, qPrintable(QString::number(slowdown)));
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
