#include "core/runtime/allocator.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <torch/version.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace tfw {

namespace {

constexpr size_t kMinCached = 64 * 1024;
constexpr size_t kAlignment = 64;

// Rounds up to one of four classes per power of two: 1, 1.25, 1.5 or 1.75 x 2^k.
size_t size_class(size_t n) {
    size_t power = kMinCached;
    while (power * 2 <= n) power *= 2;
    const size_t step = power / 4;
    return (n + step - 1) / step * step;
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
        for (auto& [size, blocks] : free_)
            for (void* ptr : blocks) std::free(ptr);
        free_.clear();
        stats_.cached_bytes = 0;
        stats_.peak_live_bytes = live_bytes_;
    }

  private:
    static c10::DataPtr wrap(void* ptr) {
        return {ptr, ptr, &release, c10::Device(c10::DeviceType::CPU)};
    }

    void* take(size_t n) {
        const size_t size = n >= kMinCached ? size_class(n) : 0;
        std::lock_guard<std::mutex> lock(mutex_);
        if (size) {
            // The smallest idle block that fits, if it wastes at most a third of itself:
            // batches of neighbouring shapes then share blocks.
            for (auto it = free_.lower_bound(size);
                 it != free_.end() && it->first <= size + size / 2; ++it) {
                if (it->second.empty()) continue;
                void* ptr = it->second.back();
                it->second.pop_back();
                stats_.cached_bytes -= it->first;
                ++stats_.reused;
                sizes_[ptr] = it->first;
                note_live(it->first);
                return ptr;
            }
            ++stats_.fresh;
            note_live(size);
        }
        void* ptr = nullptr;
        if (posix_memalign(&ptr, kAlignment, std::max<size_t>(size ? size : n, 1)) != 0)
            throw std::bad_alloc();
        sizes_[ptr] = size;
        return ptr;
    }

    static void release(void* ptr);

    void give_back(void* ptr) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            const auto it = sizes_.find(ptr);
            const size_t size = it == sizes_.end() ? 0 : it->second;
            if (it != sizes_.end()) sizes_.erase(it);
            live_bytes_ -= size;
            if (size && stats_.cached_bytes + size <= std::max(limit_, stats_.peak_live_bytes)) {
                free_[size].push_back(ptr);
                stats_.cached_bytes += size;
                return;
            }
        }
        std::free(ptr);
    }

    // Called with the mutex held.
    void note_live(size_t size) {
        live_bytes_ += size;
        stats_.peak_live_bytes = std::max(stats_.peak_live_bytes, live_bytes_);
    }

    size_t limit_;
    std::mutex mutex_;
    std::map<size_t, std::vector<void*>> free_;  // idle blocks by class size
    std::unordered_map<void*, size_t> sizes_;    // class size of every live block (0 = small)
    size_t live_bytes_ = 0;                      // class sizes of the live blocks
    CpuAllocatorStats stats_;
};

CachingCpuAllocator* g_allocator = nullptr;

void CachingCpuAllocator::release(void* ptr) {
    g_allocator->give_back(ptr);
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
