#include "core/report/inline_code.h"

namespace tfw {

std::vector<TextSpan> split_inline_code(const std::string& text) {
    std::vector<TextSpan> spans;
    size_t at = 0;
    while (at < text.size()) {
        const size_t open = text.find('`', at);
        const size_t close = open == std::string::npos ? open : text.find('`', open + 1);
        if (close == std::string::npos) {
            spans.push_back({text.substr(at), false});
            break;
        }
        if (open > at) spans.push_back({text.substr(at, open - at), false});
        spans.push_back({text.substr(open + 1, close - open - 1), true});
        at = close + 1;
    }
    return spans;
}

}  // namespace tfw
