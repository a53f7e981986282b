#pragma once
// Loads the shared metric conformance cases (sacreBLEU / rouge-score reference outputs):
// <family>/<case>/{hyp.txt, ref*.txt, expected.json} under TFW_SHARED_CONFORMANCE_DIR.

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/data/text_reader.h"

namespace tfw::test {

struct ConformanceCase {
    std::string name;  // "bleu/de_mixed_perturbations"
    std::filesystem::path dir;
    nlohmann::json expected;
    std::vector<std::string> hypotheses;
    std::vector<std::vector<std::string>> references;  // references[k][line]
    std::vector<std::string> reference_paths;
};

inline std::filesystem::path conformance_root() {
    return TFW_SHARED_CONFORMANCE_DIR;
}

// "family/case" of every case folder (one holding expected.json), sorted.
inline std::vector<std::string> conformance_case_names() {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& family : std::filesystem::directory_iterator(conformance_root(), ec)) {
        if (!family.is_directory()) continue;
        for (const auto& entry : std::filesystem::directory_iterator(family.path()))
            if (std::filesystem::exists(entry.path() / "expected.json"))
                names.push_back(family.path().filename().string() + "/" +
                                entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

inline ConformanceCase load_conformance_case(const std::string& name) {
    ConformanceCase c;
    c.name = name;
    c.dir = conformance_root() / name;
    std::ifstream in(c.dir / "expected.json");
    c.expected = nlohmann::json::parse(in);
    c.hypotheses = read_text_lines((c.dir / c.expected.at("hyp_file").get<std::string>()).string());
    for (const auto& file : c.expected.at("ref_files")) {
        c.reference_paths.push_back((c.dir / file.get<std::string>()).string());
        c.references.push_back(read_text_lines(c.reference_paths.back()));
    }
    return c;
}

// The names of the blocks (top-level objects) of a case's expected.json.
inline std::vector<std::string> conformance_blocks(const std::string& name) {
    std::ifstream in(conformance_root() / name / "expected.json");
    const auto expected = nlohmann::json::parse(in);
    std::vector<std::string> blocks;
    for (const auto& [key, value] : expected.items())
        if (value.is_object()) blocks.push_back(key);
    return blocks;
}

}  // namespace tfw::test
