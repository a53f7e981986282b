#include "core/runtime/helper_threads.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace tfw {
namespace {

// How long a helper spins for the next piece of work before it sleeps: longer than the gaps
// between a decoding step's products, short enough that nothing else waits long for the core.
constexpr auto kSpin = std::chrono::microseconds(200);

void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// The work on offer, in one word so that a claim is one compare-and-swap: a generation (which
// piece of work), the next part to claim, and the number of parts.
constexpr int kPartBits = 20;
constexpr uint64_t kPartMask = (uint64_t(1) << kPartBits) - 1;
constexpr uint64_t kNextOne = uint64_t(1) << kPartBits;
constexpr uint64_t kGenerationMask = (uint64_t(1) << (64 - 2 * kPartBits)) - 1;

uint64_t generation_of(uint64_t s) {
    return s >> (2 * kPartBits);
}
int64_t next_of(uint64_t s) {
    return int64_t((s >> kPartBits) & kPartMask);
}
int64_t parts_of(uint64_t s) {
    return int64_t(s & kPartMask);
}

class Helpers {
  public:
    static Helpers& shared() {
        // Never destroyed: helpers may be asleep on it when the process exits.
        static Helpers* helpers = new Helpers;
        return *helpers;
    }

    // Whoever holds it hands out work; other callers run theirs alone.
    std::mutex caller;

    // With `caller` held.
    void run(int64_t parts, int helpers, void (*body)(void*, int64_t), void* context) {
        const int n = start(helpers);
        body_ = body;
        context_ = context;
        wanted_.store(n, std::memory_order_relaxed);
        finished_.store(0, std::memory_order_relaxed);
        generation_ = (generation_ + 1) & kGenerationMask;
        state_.store(generation_ << (2 * kPartBits) | uint64_t(parts));
        for (int i = 0; i < n; ++i) {
            Helper& helper = *helpers_[size_t(i)];
            if (!helper.asleep.load()) continue;
            std::lock_guard<std::mutex> lock(helper.mutex);
            helper.wake.notify_one();
        }
        int64_t own = 0, part = 0;
        while (claim(generation_, part)) {
            body(context, part);
            ++own;
        }
        while (finished_.load(std::memory_order_acquire) != parts - own) pause();
    }

    int started() const { return started_.load(); }

  private:
    struct Helper {
        std::mutex mutex;
        std::condition_variable wake;
        std::atomic<bool> asleep{false};
    };

    // Starts helpers up to `wanted`; returns how many there are for this call.
    int start(int wanted) {
        while (int(helpers_.size()) < wanted) {
            auto helper = std::make_unique<Helper>();
            const int index = int(helpers_.size());
            try {
                std::thread([this, h = helper.get(), index] { serve(*h, index); }).detach();
            } catch (const std::system_error&) {
                break;  // no more threads: the caller does more of the work
            }
            helpers_.push_back(std::move(helper));
            started_.store(int(helpers_.size()));
        }
        return std::min(wanted, int(helpers_.size()));
    }

    bool claim(uint64_t generation, int64_t& part) {
        uint64_t s = state_.load(std::memory_order_acquire);
        for (;;) {
            if (generation_of(s) != generation || next_of(s) >= parts_of(s)) return false;
            if (state_.compare_exchange_weak(s, s + kNextOne, std::memory_order_acq_rel,
                                             std::memory_order_acquire)) {
                part = next_of(s);
                return true;
            }
        }
    }

    // Returns the state once its generation differs from `seen`.
    uint64_t await(uint64_t seen, Helper& me) {
        const auto since = std::chrono::steady_clock::now();
        for (int i = 1;; ++i) {
            const uint64_t s = state_.load(std::memory_order_acquire);
            if (generation_of(s) != seen) return s;
            pause();
            if (i % 256 == 0 && std::chrono::steady_clock::now() - since > kSpin) break;
        }
        // The caller stores the state before it reads `asleep`, this helper sets `asleep`
        // before it reads the state: one of them sees the other.
        std::unique_lock<std::mutex> lock(me.mutex);
        me.asleep.store(true);
        uint64_t s = 0;
        me.wake.wait(lock, [&] {
            s = state_.load();
            return generation_of(s) != seen;
        });
        me.asleep.store(false, std::memory_order_relaxed);
        return s;
    }

    void serve(Helper& me, int index) {
        uint64_t seen = generation_of(state_.load());
        for (;;) {
            seen = generation_of(await(seen, me));
            if (index >= wanted_.load(std::memory_order_relaxed)) continue;
            int64_t part = 0;
            while (claim(seen, part)) {
                // The work cannot change while a part of it is unfinished.
                body_(context_, part);
                finished_.fetch_add(1, std::memory_order_release);
            }
        }
    }

    std::vector<std::unique_ptr<Helper>> helpers_;  // grown with `caller` held
    std::atomic<int> started_{0};
    uint64_t generation_ = 0;
    void (*body_)(void*, int64_t) = nullptr;
    void* context_ = nullptr;
    std::atomic<int> wanted_{0};
    alignas(64) std::atomic<uint64_t> state_{0};
    alignas(64) std::atomic<int64_t> finished_{0};
};

}  // namespace

void run_in_parts(int64_t parts, int helpers, void (*body)(void*, int64_t), void* context) {
    if (helpers > 0 && parts > 1 && uint64_t(parts) <= kPartMask) {
        Helpers& shared = Helpers::shared();
        std::unique_lock<std::mutex> hold(shared.caller, std::try_to_lock);
        if (hold.owns_lock()) {
            shared.run(parts, static_cast<int>(std::min<int64_t>(helpers, parts - 1)), body,
                       context);
            return;
        }
    }
    for (int64_t part = 0; part < parts; ++part) body(context, part);
}

int helper_threads_started() {
    return Helpers::shared().started();
}

}  // namespace tfw
