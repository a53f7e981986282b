#pragma once

namespace tfw {

// What a packed product applies to its result as it writes it (no pass of its own over the
// output): PackedLinear::forward_relu.
enum class FusedActivation { None, Relu };

}  // namespace tfw
