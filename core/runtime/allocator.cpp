#include "core/runtime/allocator.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <torch/version.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <mutex>
#include <new>
#include <vector>

namespace tfw {

namespace {

// Every block starts with a header of this size holding its size class (so a release needs
// no lookup), which also keeps the data 64-byte aligned.
constexpr size_t kHeader = 64;
constexpr size_t kSmallestClass = 64;
constexpr int kSmallestPower = 6;  // log2(kSmallestClass)

// Four classes per power of two from 64 bytes: 1, 1.25, 1.5 or 1.75 x 2^k.
size_t class_index(size_t n) {
    n = std::max(n, kSmallestClass);
    const int power = 63 - __builtin_clzll(n);
    const size_t step = (size_t(1) << power) / 4;
    const size_t quarters = (n + step - 1) / step;  // 4 to 8 (8: the next power's first)
    return 4 * static_cast<size_t>(power - kSmallestPower) + (quarters - 4);
}

size_t class_size(size_t index) {
    return (size_t(1) << (index / 4 + kSmallestPower)) / 4 * (index % 4 + 4);
}

constexpr size_t kClasses = 4 * (64 - kSmallestPower) + 1;

size_t& class_of(void* data) {
    return *reinterpret_cast<size_t*>(static_cast<char*>(data) - kHeader);
}

class CachingCpuAllocator final : public c10::Allocator {
  public:
    explicit CachingCpuAllocator(size_t limit) : limit_(limit) {}

#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
    c10::DataPtr allocate(size_t n) override {
        return wrap(take(n));
    }
    void copy_data(void* dest, const void* src, std::size_t count) const override {
        default_copy_data(dest, src, count);
    }
#else
    c10::DataPtr allocate(size_t n) const override {
        return wrap(const_cast<CachingCpuAllocator*>(this)->take(n));
    }
#endif
    // LibTorch's raw_allocate() needs the context to be the data pointer itself.
    c10::DeleterFnPtr raw_deleter() const override {
        return &release;
    }

    CpuAllocatorStats stats() {
        std::lock_guard<std::mutex> lock(mutex_);
        return stats_;
    }

    void release_idle() {
        std::lock_guard<std::mutex> lock(mutex_);
        for (std::vector<void*>& blocks : idle_) {
            for (void* data : blocks) std::free(static_cast<char*>(data) - kHeader);
            blocks.clear();
        }
        stats_.cached_bytes = 0;
        stats_.peak_live_bytes = live_bytes_;
    }

  private:
    static c10::DataPtr wrap(void* data) {
        return {data, data, &release, c10::Device(c10::DeviceType::CPU)};
    }

    void* take(size_t n) {
        const size_t index = class_index(n);
        const size_t size = class_size(index);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            // The smallest idle block that fits, if it wastes at most a third of itself:
            // batches of neighbouring shapes then share blocks.
            for (size_t i = index; i < kClasses && class_size(i) <= size + size / 2; ++i) {
                if (idle_[i].empty()) continue;
                void* data = idle_[i].back();
                idle_[i].pop_back();
                stats_.cached_bytes -= class_size(i);
                ++stats_.reused;
                note_live(class_size(i));
                return data;
            }
            ++stats_.fresh;
            note_live(size);
        }
        void* block = nullptr;
        if (posix_memalign(&block, kHeader, kHeader + size) != 0) {
            std::lock_guard<std::mutex> lock(mutex_);
            live_bytes_ -= size;
            throw std::bad_alloc();
        }
        void* data = static_cast<char*>(block) + kHeader;
        class_of(data) = index;
        return data;
    }

    static void release(void* data);

    void give_back(void* data) {
        const size_t index = class_of(data);
        const size_t size = class_size(index);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            live_bytes_ -= size;
            if (stats_.cached_bytes + size <= std::max(limit_, stats_.peak_live_bytes)) {
                idle_[index].push_back(data);
                stats_.cached_bytes += size;
                return;
            }
        }
        std::free(static_cast<char*>(data) - kHeader);
    }

    // Called with the mutex held.
    void note_live(size_t size) {
        live_bytes_ += size;
        stats_.peak_live_bytes = std::max(stats_.peak_live_bytes, live_bytes_);
    }

    size_t limit_;
    std::mutex mutex_;
    std::array<std::vector<void*>, kClasses> idle_;  // idle blocks by class
    size_t live_bytes_ = 0;                          // class sizes of the live blocks
    CpuAllocatorStats stats_;
};

CachingCpuAllocator* g_allocator = nullptr;

void CachingCpuAllocator::release(void* data) {
    g_allocator->give_back(data);
}

}  // namespace
void install_caching_cpu_allocator(size_t cache_limit) {
    static std::once_flag once;
    std::call_once(once, [&] {
        // Never destroyed: tensors may outlive static destruction.
        g_allocator = new CachingCpuAllocator(cache_limit);
        c10::SetCPUAllocator(g_allocator, /*priority=*/1);
    });
}

void release_cached_cpu_memory() {
    if (g_allocator) g_allocator->release_idle();
}

CpuAllocatorStats cpu_allocator_stats() {
    return g_allocator ? g_allocator->stats() : CpuAllocatorStats{};
}

}  // namespace tfw
