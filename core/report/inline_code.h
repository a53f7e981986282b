#pragma once
// Paragraph text of a report with `code` spans: split so each writer can mark them its way.

#include <string>
#include <vector>

namespace tfw {

struct TextSpan {
    std::string text;
    bool code = false;
};

// "set `model.heads` to 8" -> "set ", code "model.heads", " to 8". An unpaired backtick is text.
std::vector<TextSpan> split_inline_code(const std::string& text);

}  // namespace tfw
