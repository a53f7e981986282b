#include "core/fetch/record_conversion.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/fetch/python_literal.h"
#include "core/fetch/python_text.h"
#include "core/fetch/zip_archive.h"

namespace tfw {
namespace {

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

std::vector<std::string> strings_of(const nlohmann::json& value, const std::string& name) {
    if (!value.is_array()) throw std::runtime_error("'" + name + "' is not a list");
    std::vector<std::string> texts;
    for (const nlohmann::json& text : value) {
        if (!text.is_string()) throw std::runtime_error("'" + name + "' holds a non-string");
        texts.push_back(text.get<std::string>());
    }
    return texts;
}

bool blank(const std::string& line) {
    return collapse_whitespace(line).empty();
}

}  // namespace

std::string record_line(const nlohmann::json& record, const RecordField& field) {
    if (!record.is_object() || !record.contains(field.name))
        throw std::runtime_error("the record has no '" + field.name + "'");
    const nlohmann::json& value = record[field.name];
    switch (field.take) {
        case RecordField::Take::Text: {
            if (value.is_string()) return collapse_whitespace(value.get<std::string>());
            std::string joined;
            for (const std::string& text : strings_of(value, field.name))
                joined += (joined.empty() ? "" : " ") + text;
            return collapse_whitespace(joined);
        }
        case RecordField::Take::First: {
            const std::vector<std::string> texts = strings_of(value, field.name);
            if (texts.empty()) throw std::runtime_error("'" + field.name + "' is empty");
            return collapse_whitespace(texts.front());
        }
        case RecordField::Take::All: {
            std::vector<std::string> texts = strings_of(value, field.name);
            for (std::string& text : texts) text = collapse_whitespace(text);
            return python_json_list(texts);
        }
    }
    throw std::logic_error("unknown record field take");
}

std::string records_text(const RecordField& field, const std::filesystem::path& downloaded) {
    const std::string records = field.archive_member.empty()
                                    ? file_bytes(downloaded)
                                    : read_zip_member(downloaded, field.archive_member);
    std::istringstream lines(records);
    std::string text;
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (blank(line)) continue;
        try {
            const nlohmann::json record = field.format == RecordField::Format::JsonLines
                                              ? nlohmann::json::parse(line)
                                              : parse_python_literal(line);
            text += record_line(record, field) + "\n";
        } catch (const std::exception& failure) {
            throw std::runtime_error("line " + std::to_string(number) + ": " + failure.what());
        }
    }
    return text;
}

}  // namespace tfw
