#include "core/device/cpu_features.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>

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
        f.avx_vnni = f.avx2_fma && (eax & (1u << 4));
    }
    return f;
}
#else
CpuFeatures detect() {
    return {};
}
#endif

// TFW_MAX_CPU_ISA's names, lowest first: each level has the instructions of those below it
// that the CPU has (AVX-VNNI came after AVX-512: Skylake-SP has AVX-512 without it).
enum class Level {
    Sse41,
    Avx2,
    Avx2Vnni,
    Avx512Core,
    Avx512CoreVnni,
    Avx512CoreBf16,
    Avx512CoreAmx
};
constexpr std::array<std::string_view, 7> kLevelNames = {
    "sse41",          "avx2", "avx2_vnni", "avx512_core", "avx512_core_vnni", "avx512_core_bf16",
    "avx512_core_amx"};

std::string lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The features a CPU of `level` has at most: those of lower levels and its own.
CpuFeatures capped_at(const CpuFeatures& f, Level level) {
    auto upto = [level](Level needed) { return level >= needed; };
    CpuFeatures out;
    out.avx2_fma = f.avx2_fma && upto(Level::Avx2);
    out.avx_vnni = f.avx_vnni && upto(Level::Avx2Vnni);
    out.avx512f = f.avx512f && upto(Level::Avx512Core);
    out.avx512_vnni = f.avx512_vnni && upto(Level::Avx512CoreVnni);
    out.avx512_bf16 = f.avx512_bf16 && upto(Level::Avx512CoreBf16);
    out.amx_bf16 = f.amx_bf16 && upto(Level::Avx512CoreAmx);
    out.amx_int8 = f.amx_int8 && upto(Level::Avx512CoreAmx);
    return out;
}

CpuFeatures detect_capped() {
    CpuFeatures f = detect();
    const char* ceiling = std::getenv("TFW_MAX_CPU_ISA");
    if (ceiling == nullptr || cap_cpu_features(f, ceiling)) return f;
    std::cerr << "warning: TFW_MAX_CPU_ISA=" << ceiling << " is none of";
    for (std::string_view name : kLevelNames) std::cerr << " " << name;
    std::cerr << ": the CPU's own instruction sets are used\n";
    return f;
}

}  // namespace

const CpuFeatures& cpu_features() {
    static const CpuFeatures features = detect_capped();
    return features;
}

bool cap_cpu_features(CpuFeatures& detected, std::string_view ceiling) {
    if (ceiling.empty()) return true;
    const std::string name = lowercase(ceiling);
    for (size_t i = 0; i < kLevelNames.size(); ++i)
        if (kLevelNames[i] == name) {
            detected = capped_at(detected, static_cast<Level>(i));
            return true;
        }
    return false;
}

std::string cpu_isa_name(const CpuFeatures& features) {
    // The instructions each level adds (AMX: Sapphire Rapids has both kinds); AVX-512 without
    // AVX-VNNI is named past avx2_vnni, as oneDNN names Skylake-SP avx512_core.
    const std::array<bool, kLevelNames.size()> adds = {true,
                                                       features.avx2_fma,
                                                       features.avx_vnni || features.avx512f,
                                                       features.avx512f,
                                                       features.avx512_vnni,
                                                       features.avx512_bf16,
                                                       features.amx_int8 || features.amx_bf16};
    size_t level = 0;
    while (level + 1 < adds.size() && adds[level + 1]) ++level;
    return std::string(kLevelNames[level]);
}

bool cpu_runs_bf16_natively() {
    const CpuFeatures& f = cpu_features();
    return f.avx512_bf16 || f.amx_bf16;
}

}  // namespace tfw
