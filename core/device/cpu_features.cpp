#include "core/device/cpu_features.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <cstdint>

#if defined(__linux__) && defined(__x86_64__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tfw {

namespace {

#if defined(__x86_64__) || defined(__i386__)
// The register state the operating system saves on a context switch (XCR0).
uint64_t enabled_register_state() {
    uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27))) return 0;  // no OSXSAVE
    uint32_t low = 0, high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return (uint64_t(high) << 32) | low;
}

// Asks Linux to save AMX's tile data for this process (arch_prctl ARCH_REQ_XCOMP_PERM for
// XFEATURE_XTILEDATA, Linux 5.16 on): until then the first tile instruction is refused.
bool tile_data_permitted() {
#if defined(__linux__) && defined(__x86_64__)
    constexpr int kRequestPermission = 0x1023;
    constexpr int kTileData = 18;
    return syscall(SYS_arch_prctl, kRequestPermission, kTileData) == 0;
#else
    return false;
#endif
}

CpuFeatures detect() {
    CpuFeatures f;
    if (__get_cpuid_max(0, nullptr) < 7) return f;
    const uint64_t xcr0 = enabled_register_state();
    // SSE, AVX, opmask and both halves of the ZMM registers; then AMX's tile config and data.
    const bool avx_state = (xcr0 & 0x6) == 0x6;  // SSE and AVX's upper halves
    const bool avx512_state = (xcr0 & 0xE6) == 0xE6;
    const bool amx_state = (xcr0 & (3ull << 17)) == (3ull << 17);
    uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
    __cpuid_count(1, 0, eax, ebx, ecx, edx);
    const bool fma = ecx & (1u << 12);
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    f.avx2_fma = avx_state && fma && (ebx & (1u << 5));
    const bool avx512f = ebx & (1u << 16);
    const uint32_t max_subleaf = eax;
    f.avx512f = avx512_state && avx512f;
    f.avx512_vnni = f.avx512f && (ecx & (1u << 11));
    if (amx_state && (edx & (1u << 24)) && tile_data_permitted()) {
        f.amx_bf16 = edx & (1u << 22);
        f.amx_int8 = edx & (1u << 25);
    }
    if (max_subleaf >= 1) {
        __cpuid_count(7, 1, eax, ebx, ecx, edx);
        f.avx512_bf16 = avx512_state && avx512f && (eax & (1u << 5));
    }
    return f;
}
#else
CpuFeatures detect() {
    return {};
}
#endif

}  // namespace

const CpuFeatures& cpu_features() {
    static const CpuFeatures features = detect();
    return features;
}

bool cpu_runs_bf16_natively() {
    const CpuFeatures& f = cpu_features();
    return f.avx512_bf16 || f.amx_bf16;
}

}  // namespace tfw
