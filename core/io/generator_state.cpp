#include "core/io/generator_state.h"

#include <ATen/ATen.h>
#include <ATen/Context.h>

#include <cstring>
#include <mutex>

namespace tfw {

GeneratorState capture_generator_state(const c10::Device& device) {
    at::Generator generator = at::globalContext().defaultGenerator(device);
    std::lock_guard<std::mutex> lock(generator.mutex());
    const at::Tensor state = generator.get_state().contiguous();  // uint8, on the CPU
    return {device.str(), std::string(static_cast<const char*>(state.data_ptr()),
                                      static_cast<size_t>(state.numel()))};
}

bool restore_generator_state(const GeneratorState& state, const c10::Device& device) {
    if (state.bytes.empty() || state.device != device.str()) return false;
    at::Tensor bytes = at::empty({static_cast<int64_t>(state.bytes.size())}, at::kByte);
    std::memcpy(bytes.data_ptr(), state.bytes.data(), state.bytes.size());
    at::Generator generator = at::globalContext().defaultGenerator(device);
    std::lock_guard<std::mutex> lock(generator.mutex());
    generator.set_state(bytes);
    return true;
}

nlohmann::json generator_state_to_json(const GeneratorState& state) {
    if (state.bytes.empty()) return nullptr;
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    for (const unsigned char byte : state.bytes) {
        hex.push_back(digits[byte >> 4]);
        hex.push_back(digits[byte & 15]);
    }
    return {{"device", state.device}, {"state", hex}};
}

GeneratorState generator_state_from_json(const nlohmann::json& json) {
    if (!json.is_object()) return {};
    const std::string hex = json.value("state", "");
    auto nibble = [](char c) {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    };
    GeneratorState state{json.value("device", ""), {}};
    for (size_t i = 0; i + 1 < hex.size(); i += 2) {
        const int high = nibble(hex[i]), low = nibble(hex[i + 1]);
        if (high < 0 || low < 0) return {};  // damaged: resume as if none had been saved
        state.bytes.push_back(static_cast<char>(high * 16 + low));
    }
    return state;
}

GeneratorState training_generator_state(const c10::Device& device) {
    if (device.is_cpu()) return {};
    return capture_generator_state(device);
}

}  // namespace tfw
