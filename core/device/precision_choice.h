#pragma once
// What train.precision means on the device a run uses: auto takes bf16 only where the device
// runs it in hardware (a GPU of compute capability 8.0 or newer, a CPU with AVX-512 BF16 or
// AMX), else fp32 — on a CPU without either, bf16 is many times slower than fp32.

#include <c10/core/Device.h>

#include <cstdint>

#include <string>

#include "core/config/experiment_config.h"

namespace tfw {

struct PrecisionChoice {
    Precision precision = Precision::Fp32;  // what the run computes in: never Auto
    bool automatic = false;                 // chosen by train.precision auto
    bool cuda = false;                      // on a GPU (else the CPU)
    bool native_bf16 = false;               // the device runs bf16 matrix products in hardware
};

// Pure: `native_bf16` is what the device can do.
PrecisionChoice choose_precision(Precision requested, bool cuda, bool native_bf16);
// Asks the device (cpuid on the CPU, the compute capability of a GPU).
PrecisionChoice choose_precision(Precision requested, const at::Device& device);
bool runs_bf16_natively(const at::Device& device);

// "fp32", "bf16", "fp16", "auto".
const char* precision_name(Precision precision);
// For logs and the terminal: "bf16", "auto → fp32 (this CPU has no native bf16)",
// "auto → bf16 (this CPU runs bf16 natively)", "auto → bf16 (the GPU runs bf16 natively)".
std::string describe_precision(const PrecisionChoice& choice);

// How many times slower a bf16 matrix product of the model's width runs than an fp32 one on
// `device`, measured in a few milliseconds: what bf16 costs where it is not native.
double measured_bf16_slowdown(int64_t d_model, int64_t ffn_dim, const at::Device& device);

}  // namespace tfw
