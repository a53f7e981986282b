#pragma once
// What the processor this process runs on can do, read with cpuid at run time: one build runs
// on machines with and without AVX-512 BF16, so nothing here is assumed from the compiler.
// The environment variable TFW_MAX_CPU_ISA caps what the workbench's own matrix kernels use, in
// oneDNN's names (ONEDNN_MAX_CPU_ISA), so that one machine runs and times the kernels an older
// CPU gets: sse41 (none of these), avx2, avx2_vnni, avx512_core, avx512_core_vnni,
// avx512_core_bf16, avx512_core_amx (all). LibTorch's own kernels follow ONEDNN_MAX_CPU_ISA and
// ATEN_CPU_CAPABILITY (default, avx2, avx512), set beside it for the whole of an older CPU; the
// vector loops GCC clones (core/util/float_vectors.h) follow the processor whatever is set.

#include <string>
#include <string_view>

namespace tfw {

struct CpuFeatures {
    bool avx512_bf16 = false;  // AVX-512 BF16 dot products (Cooper Lake, Sapphire Rapids, Zen 4)
    bool amx_bf16 = false;     // AMX tiles with bf16 (Sapphire Rapids and later)
    bool amx_int8 = false;     // AMX tiles with int8 (Sapphire Rapids and later)
    bool avx512f = false;      // AVX-512 Foundation (Skylake-SP, Ice Lake, Zen 4 and later)
    bool avx512_vnni = false;  // AVX-512 int8 dot products (Cascade Lake, Ice Lake, Zen 4)
    bool avx2_fma = false;     // AVX2 with fused multiply-add (Haswell, Zen and later)
    bool avx_vnni = false;     // VNNI's int8 dot products on 256 bits (Alder Lake and later, Zen 5)
};

// Detected once and capped by TFW_MAX_CPU_ISA (a name not in the list above caps nothing and is
// reported once on stderr); each needs the operating system to save the registers it uses, and
// AMX's tile data (8 KB a thread) Linux saves only for a process that asks: detecting asks for it.
const CpuFeatures& cpu_features();

// `detected` with what lies above `ceiling` (one of TFW_MAX_CPU_ISA's names) switched off; an
// empty ceiling caps nothing. False for a name not in the list.
bool cap_cpu_features(CpuFeatures& detected, std::string_view ceiling);

// The highest of TFW_MAX_CPU_ISA's names whose instructions `features` all has: what a timing
// ran on (tfw bench decode prints it).
std::string cpu_isa_name(const CpuFeatures& features);

// bf16 matrix products run in hardware here (AVX-512 BF16 or AMX); without either, LibTorch
// converts every element and a bf16 step is many times slower than fp32.
bool cpu_runs_bf16_natively();

}  // namespace tfw
