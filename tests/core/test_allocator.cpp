// The caching CPU allocator: tensors keep their contents, freed blocks are reused, and
// raw allocations (used inside some LibTorch kernels) work.
#include <QtTest>

#include <ATen/ATen.h>
#include <c10/core/CPUAllocator.h>

#include "core/runtime/allocator.h"

using namespace tfw;

class TestAllocator : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() { install_caching_cpu_allocator(size_t(64) << 20); }

    // After a first round, every block (the 1 MiB tensor and the small sum) is a reused one.
    void freedBlocksAreReused() {
        const auto round = [](int i) {
            at::Tensor t = at::full({512, 512}, float(i));  // 1 MiB
            QCOMPARE(t.sum().item<double>(), 512.0 * 512.0 * i);
        };
        round(0);
        const CpuAllocatorStats before = cpu_allocator_stats();
        for (int i = 1; i <= 10; ++i) round(i);
        const CpuAllocatorStats after = cpu_allocator_stats();
        QVERIFY(after.reused - before.reused >= 20);
        QCOMPARE(after.fresh, before.fresh);
    }

    void neighbouringShapesShareBlocks() {
        { at::Tensor big = at::empty({1000, 300}); }  // ~1.14 MiB, idle afterwards
        const CpuAllocatorStats before = cpu_allocator_stats();
        { at::Tensor smaller = at::empty({1000, 260}); }  // fits the idle block
        QCOMPARE(cpu_allocator_stats().fresh, before.fresh);
    }

    // A "step" that needs more than the limit at once keeps its blocks for the next step
    // (no fresh allocations the second time), and idle bytes never exceed what was live.
    void aStepLargerThanTheLimitIsServedFromTheCacheNextTime() {
        auto step = [] {
            std::vector<at::Tensor> many;
            for (int i = 0; i < 40; ++i)
                many.push_back(at::empty({1024, 1024 + 64 * i}));  // 4+ MiB each, 300+ MiB
        };
        release_cached_cpu_memory();  // idle blocks of earlier tests would take up room
        step();
        const CpuAllocatorStats first = cpu_allocator_stats();
        QVERIFY(first.peak_live_bytes > size_t(64) << 20);
        QVERIFY(first.cached_bytes <= first.peak_live_bytes);
        step();
        QCOMPARE(cpu_allocator_stats().fresh, first.fresh);
    }

    void releasingFreesTheIdleBlocks() {
        { at::Tensor t = at::empty({1024, 1024}); }
        QVERIFY(cpu_allocator_stats().cached_bytes > 0);
        release_cached_cpu_memory();
        QCOMPARE(cpu_allocator_stats().cached_bytes, size_t(0));
        // The high-water mark is forgotten too: blocks used one at a time (growing size
        // classes, 126 MiB in all, none above 48 MiB) are cached only up to the 64 MiB limit.
        double mib = 1;
        for (int k = 0; k < 9; ++k, mib *= 1.6) {
            at::Tensor t = at::empty({int64_t(mib * (1 << 18))});  // floats
        }
        QVERIFY(cpu_allocator_stats().peak_live_bytes <= size_t(48) << 20);
        QVERIFY(cpu_allocator_stats().cached_bytes <= size_t(64) << 20);
    }

    // Every size, small or large, gets a 64-byte aligned block it can fill, which keeps
    // its contents until it is freed.
    void rawAllocationsWork() {
        c10::Allocator* allocator = c10::GetCPUAllocator();
        std::vector<std::pair<void*, size_t>> blocks;
        for (size_t n : {0, 1, 63, 64, 65, 100, 127, 128, 4095, 65537, 1 << 20}) {
            void* block = allocator->raw_allocate(n);
            QCOMPARE(reinterpret_cast<uintptr_t>(block) % 64, uintptr_t(0));
            std::memset(block, int(n % 251), n);
            blocks.emplace_back(block, n);
        }
        for (auto [block, n] : blocks) {
            const auto* bytes = static_cast<const unsigned char*>(block);
            QVERIFY(std::all_of(bytes, bytes + n, [&](unsigned char b) { return b == n % 251; }));
            allocator->raw_deallocate(block);
        }
    }

    void trainingMathIsUnchanged() {
        at::manual_seed(3);
        const at::Tensor a = at::randn({300, 200}), b = at::randn({200, 100});
        const at::Tensor c = at::matmul(a, b);
        QVERIFY(at::allclose(c, at::mm(a.contiguous(), b.contiguous())));
    }
};

QTEST_APPLESS_MAIN(TestAllocator)
#include "test_allocator.moc"
