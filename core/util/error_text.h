#pragma once
// The text a person sees for an exception: LibTorch's c10::Error carries a C++ backtrace
// ("Exception raised from ... (most recent call first): frame #0 ...") that means nothing
// to a student, and an allocation failure is better told as what to change. Every place
// that shows or prints an exception's message goes through here.

#include <exception>
#include <string>

namespace tfw {

// The message without backtrace lines, trimmed; an out-of-memory error (CUDA or CPU) becomes
// advice naming the settings that lower memory use.
std::string user_error_text(const std::exception& error);
std::string user_error_text(const std::string& what);

// What lowers memory use, as advice: the batch, the model, and a half precision only where the
// device computes it natively (bf16 on a CPU without it would be many times slower), and not
// when the run already computes in one. Pure.
std::string out_of_memory_advice(bool gpu, bool native_bf16, bool half_precision = false);

}  // namespace tfw
