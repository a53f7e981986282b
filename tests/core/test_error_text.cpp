// What the window and tfw show for an exception: the message without LibTorch's backtrace,
// and advice instead of an allocator's complaint.
#include <QtTest>

#include <c10/util/Exception.h>

#include <new>
#include <stdexcept>

#include "core/device/cpu_features.h"
#include "core/train/run_messages.h"
#include "core/util/error_text.h"

using namespace tfw;

namespace {

// As c10::Error::what() reads with LibTorch 1.13 / 2.x (shortened frame list).
const char* const kShapeError =
    "The size of tensor a (4) must match the size of tensor b (5) at non-singleton dimension 1\n"
    "Exception raised from infer_size_impl at ../aten/src/ATen/ExpandUtils.cpp:35 (most recent "
    "call first):\n"
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f2b in "
    "/usr/lib/libc10.so)\n"
    "frame #1: at::infer_size_dimvector(c10::ArrayRef<long>, c10::ArrayRef<long>) + 0x3d1 "
    "(0x7f2c in /usr/lib/libtorch_cpu.so)\n"
    "frame #2: <unknown function> + 0x1a2b3c (0x55d0 in ./tfw)\n";

const char* const kCudaOutOfMemory =
    "CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total capacity; 75.10 GiB "
    "already allocated; 1.20 GiB free; 76.50 GiB reserved in total by PyTorch) If reserved "
    "memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.\n"
    "Exception raised from malloc at ../c10/cuda/CUDACachingAllocator.cpp:913 (most recent call "
    "first):\n"
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f2b in "
    "/usr/lib/libc10.so)\n";

const char* const kCpuOutOfMemory =
    "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: "
    "you tried to allocate 85899345920 bytes. Error code 12 (Cannot allocate memory)\n"
    "frame #0: c10::ThrowEnforceNotMet(char const*, int, char const*, std::string const&, void "
    "const*) + 0x55 (0x7f2b in /usr/lib/libc10.so)\n";

bool namesTheSettings(const QString& text) {
    return text.contains("train.batch_tokens") && text.contains("model size");
}

}  // namespace

class TestErrorText : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void keepsTheMessageOfATorchError() {
        QCOMPARE(QString::fromStdString(user_error_text(std::string(kShapeError))),
                 QStringLiteral("The size of tensor a (4) must match the size of tensor b (5) at "
                                "non-singleton dimension 1"));
    }

    void dropsTheBacktraceOfARealC10Error() {
        try {
            TORCH_CHECK(false, "head index 9 is out of range (8 heads)");
        } catch (const c10::Error& error) {
            QVERIFY(QString(error.what()).contains("Exception raised from"));
            QCOMPARE(QString::fromStdString(user_error_text(error)),
                     QStringLiteral("head index 9 is out of range (8 heads)"));
        }
    }

    void keepsEveryLineOfAMessageWithoutBacktrace() {
        const std::runtime_error error("corpus.txt line 3: not UTF-8\n  (byte 0xff at 7)\n");
        QCOMPARE(QString::fromStdString(user_error_text(error)),
                 QStringLiteral("corpus.txt line 3: not UTF-8\n(byte 0xff at 7)"));
    }

    void cudaOutOfMemoryBecomesAdvice() {
        const QString text = QString::fromStdString(user_error_text(std::string(kCudaOutOfMemory)));
        QVERIFY2(text.startsWith("Ran out of memory on the GPU."), qPrintable(text));
        QVERIFY2(namesTheSettings(text), qPrintable(text));
        QVERIFY2(!text.contains("frame #") && !text.contains("max_split_size_mb"),
                 qPrintable(text));
    }

    void cpuOutOfMemoryBecomesAdvice() {
        for (const QString& text :
             {QString::fromStdString(user_error_text(std::string(kCpuOutOfMemory))),
              QString::fromStdString(user_error_text(std::bad_alloc()))}) {
            QVERIFY2(text.startsWith("Ran out of memory."), qPrintable(text));
            QVERIFY2(namesTheSettings(text), qPrintable(text));
        }
    }

    // bf16 is advised only where the device runs it natively: on a CPU without AVX-512 BF16
    // it would make a run many times slower, not fit it.
    void precisionAdviceFollowsTheDevice() {
        const QString laptop = QString::fromStdString(out_of_memory_advice(false, false));
        QVERIFY2(!laptop.contains("precision"), qPrintable(laptop));
        QVERIFY(namesTheSettings(laptop));
        QVERIFY(QString::fromStdString(out_of_memory_advice(false, true))
                    .contains("train.precision bf16"));
        QVERIFY(QString::fromStdString(out_of_memory_advice(true, true))
                    .contains("train.precision bf16"));
        QVERIFY(QString::fromStdString(out_of_memory_advice(true, false))
                    .contains("train.precision fp16"));
        // A run already in half precision is not told to use it.
        QVERIFY(
            !QString::fromStdString(out_of_memory_advice(true, true, true)).contains("precision"));
        const QString here = QString::fromStdString(user_error_text(std::string(kCpuOutOfMemory)));
        QCOMPARE(here.contains("train.precision bf16"), cpu_runs_bf16_natively());
    }

    // A run that ran out of memory is told a batch size to try: half its batch, twice the
    // accumulation (the same effective batch).
    void aRunOutOfMemoryIsGivenTheBatchToTry() {
        ExperimentConfig config;
        config.train.batch_tokens = 8192;
        config.train.accumulate = 1;
        const std::string text = failure_message(std::runtime_error(kCudaOutOfMemory), 120, config,
                                                 true, PrecisionChoice{}, 1, "runs/x");
        QVERIFY2(QString::fromStdString(text).contains(
                     "Try train.batch_tokens 4096 with train.accumulate 2"),
                 text.c_str());
        QVERIFY(QString::fromStdString(text).startsWith("out of memory at step 120"));
    }

    void anEmptyMessageStillSaysSomething() {
        QCOMPARE(QString::fromStdString(user_error_text(std::string("\n"))),
                 QStringLiteral("unknown error"));
    }
};

QTEST_APPLESS_MAIN(TestErrorText)
#include "test_error_text.moc"
