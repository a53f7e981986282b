// Helper threads (core/runtime/helper_threads.h): every part runs exactly once, whether helpers
// are spinning, asleep or busy with another caller, and helpers do take parts.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "core/runtime/helper_threads.h"

using namespace tfw;

namespace {

// Runs `parts` parts with `helpers` helpers; true when each ran exactly once.
bool each_part_once(int64_t parts, int helpers) {
    std::vector<std::atomic<int>> runs(size_t(std::max<int64_t>(parts, 1)));
    auto body = [&](int64_t part) { runs[size_t(part)].fetch_add(1); };
    run_in_parts(parts, helpers, body);
    for (int64_t p = 0; p < parts; ++p)
        if (runs[size_t(p)].load() != 1) return false;
    return true;
}

void busy_for(std::chrono::microseconds time) {
    const auto until = std::chrono::steady_clock::now() + time;
    while (std::chrono::steady_clock::now() < until) {
    }
}

}  // namespace

class TestHelperThreads : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void everyPartRunsOnce() {
        for (int helpers : {0, 1, 3})
            for (int64_t parts : {0, 1, 2, 3, 7, 64, 1000}) QVERIFY(each_part_once(parts, helpers));
        QVERIFY(helper_threads_started() >= 1);
    }

    // Parts long enough that a spinning helper claims some of them while the caller works.
    void helpersTakeParts() {
        const std::thread::id caller = std::this_thread::get_id();
        int elsewhere = 0;
        for (int round = 0; round < 200 && elsewhere == 0; ++round) {
            std::atomic<int> away{0};
            auto body = [&](int64_t) {
                busy_for(std::chrono::microseconds(100));
                if (std::this_thread::get_id() != caller) away.fetch_add(1);
            };
            run_in_parts(4, 1, body);
            elsewhere += away.load();
        }
        QVERIFY(elsewhere > 0);
    }

    // Helpers that have gone to sleep are woken by the next call; the call never waits on them.
    void sleepingHelpersServeTheNextCall() {
        QVERIFY(each_part_once(16, 2));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // past their spinning
        for (int i = 0; i < 50; ++i) {
            QVERIFY(each_part_once(16, 2));
            if (i % 10 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }

    // Several threads calling at once: one has the helpers, the others run alone; all complete.
    void concurrentCallersEachRunAllTheirParts() {
        std::atomic<int> failures{0};
        std::vector<std::thread> callers;
        for (int t = 0; t < 4; ++t)
            callers.emplace_back([&] {
                for (int i = 0; i < 300; ++i)
                    if (!each_part_once(1 + i % 40, 2)) failures.fetch_add(1);
            });
        for (std::thread& c : callers) c.join();
        QCOMPARE(failures.load(), 0);
    }
};

QTEST_APPLESS_MAIN(TestHelperThreads)
#include "test_helper_threads.moc"
