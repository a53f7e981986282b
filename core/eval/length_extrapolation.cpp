#include "core/eval/length_extrapolation.h"

#include <sstream>
#include <stdexcept>

#include "core/util/error_text.h"

namespace tfw {

std::vector<int> default_extrapolation_windows(const ExperimentConfig& config) {
    const int trained = config.data.max_tgt_len;
    return {trained, 2 * trained, 4 * trained};
}

std::vector<int> parse_extrapolation_windows(const std::string& text,
                                             const ExperimentConfig& config) {
    const auto first = text.find_first_not_of(" \t");
    const std::string trimmed = first == std::string::npos
                                    ? ""
                                    : text.substr(first, text.find_last_not_of(" \t") + 1 - first);
    if (trimmed.empty() || trimmed == "auto") return default_extrapolation_windows(config);
    std::vector<int> windows;
    std::stringstream list(trimmed);
    for (std::string item; std::getline(list, item, ',');) {
        try {
            size_t used = 0;
            const int window = std::stoi(item, &used);
            if (item.find_first_not_of(" \t", used) != std::string::npos || window < 2) return {};
            windows.push_back(window);
        } catch (const std::exception&) {
            return {};
        }
    }
    return windows;
}

std::vector<WindowPerplexity> length_extrapolation(
    LoadedModel& model, const std::vector<std::string>& lines, const std::vector<int>& windows,
    const std::function<bool(size_t, size_t)>& progress) {
    if (!model.checkpoint.config.is_lm())
        throw std::invalid_argument("length extrapolation is measured on a language model");
    std::vector<WindowPerplexity> results;
    for (const int window : windows) {
        if (window < 2) throw std::invalid_argument("a window needs at least 2 tokens");
        WindowPerplexity result;
        result.window = window;
        try {
            result.loss = text_loss(model, lines, window);
        } catch (const std::exception& e) {
            // A position table ends at model.max_positions: that window cannot be read.
            result.error = user_error_text(e);
        }
        results.push_back(std::move(result));
        if (progress && !progress(results.size(), windows.size())) break;
    }
    return results;
}

}  // namespace tfw
