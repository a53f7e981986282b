#include "core/decode/head_selection.h"

#include <stdexcept>

#include "core/decode/labelled_attention.h"

namespace tfw {

HeadSelection parse_head_selection(const std::string& text) {
    const auto fail = [&](const std::string& why) {
        return std::invalid_argument("head '" + text + "' " + why +
                                     ": expected STACK:LAYER:HEAD, e.g. cross:3:2 (stack enc, dec "
                                     "or cross; layer and head counted from 1)");
    };
    const size_t first = text.find(':'), second = text.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos ||
        text.find(':', second + 1) != std::string::npos)
        throw fail("is not of the form STACK:LAYER:HEAD");
    HeadSelection head;
    try {
        head.stack = parse_attention_stack(text.substr(0, first));
    } catch (const std::invalid_argument& e) {
        throw fail(std::string("names no stack (") + e.what() + ")");
    }
    const auto number = [&](const std::string& part) {
        size_t used = 0;
        int value = 0;
        try {
            value = std::stoi(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != part.size() || value < 1)
            throw fail("has '" + part + "' where a number from 1 belongs");
        return value - 1;
    };
    head.layer = number(text.substr(first + 1, second - first - 1));
    head.head = number(text.substr(second + 1));
    return head;
}

}  // namespace tfw
