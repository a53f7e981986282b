#pragma once
// The state of a device's default random generator, kept in checkpoints. On a GPU, dropout
// draws its masks from the CUDA default generator (fast_dropout's counter-based masks are
// CPU only), so a resumed GPU run needs that generator exactly where the stopped one left it.
// Uses LibTorch's device-generic generator API: no CUDA headers, the same in 1.13 and 2.x.

#include <c10/core/Device.h>

#include <nlohmann/json.hpp>
#include <string>

namespace tfw {

struct GeneratorState {
    std::string device;  // the device it belongs to ("cuda:0"); empty when none was saved
    std::string bytes;   // at::Generator::get_state() as raw bytes
};

GeneratorState capture_generator_state(const c10::Device& device);
// Puts `state` back into the default generator of `device` and returns true, or returns
// false (changing nothing) when the state is empty or belongs to another device, as for
// a run resumed on another device, where the old masks cannot be repeated anyway.
bool restore_generator_state(const GeneratorState& state, const c10::Device& device);

// What a checkpoint keeps for a run on `device`: nothing on the CPU, where dropout uses
// fast_dropout's counter (saved with the training position) and training never draws from
// LibTorch's CPU generator; the device's generator elsewhere.
GeneratorState training_generator_state(const c10::Device& device);

// {"device": "cuda:0", "state": hex bytes} in a checkpoint's header (a CUDA generator's
// state is 16 bytes); null when empty. Null or absent reads back as an empty state.
nlohmann::json generator_state_to_json(const GeneratorState& state);
GeneratorState generator_state_from_json(const nlohmann::json& json);

}  // namespace tfw
