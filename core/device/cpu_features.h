#pragma once
// What the processor this process runs on can do, read with cpuid at run time: one build runs
// on machines with and without AVX-512 BF16, so nothing here is assumed from the compiler.

namespace tfw {

struct CpuFeatures {
    bool avx512_bf16 = false;  // AVX-512 BF16 dot products (Cooper Lake, Sapphire Rapids, Zen 4)
    bool amx_bf16 = false;     // AMX tiles with bf16 (Sapphire Rapids and later)
    bool amx_int8 = false;     // AMX tiles with int8 (Sapphire Rapids and later)
    bool avx512f = false;      // AVX-512 Foundation (Skylake-SP, Ice Lake, Zen 4 and later)
    bool avx512_vnni = false;  // AVX-512 int8 dot products (Cascade Lake, Ice Lake, Zen 4)
    bool avx2_fma = false;     // AVX2 with fused multiply-add (Haswell, Zen and later)
};

// Detected once; each needs the operating system to save the registers it uses, and AMX's
// tile data (8 KB a thread) Linux saves only for a process that asks: detecting asks for it.
const CpuFeatures& cpu_features();

// bf16 matrix products run in hardware here (AVX-512 BF16 or AMX); without either, LibTorch
// converts every element and a bf16 step is many times slower than fp32.
bool cpu_runs_bf16_natively();

}  // namespace tfw
