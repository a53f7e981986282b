#pragma once
// A model in files that other tools read (docs/interop.md): DIR/config.json (architecture,
// vocabulary sizes, special ids, tokenizer files, the whole experiment),
// DIR/model.safetensors (every parameter and buffer under its module name, e.g.
// "decoder_layers.0.self_attention.in_proj.weight") and the tokenizer files: a
// sentencepiece .model, or a word list for word-level tokenizers.

#include <string>
#include <vector>

#include "core/io/model_io.h"

namespace tfw {

constexpr const char* kModelExportFormat = "transformer-workbench model";  // config.json "format"
constexpr int kModelExportFormatVersion = 1;
constexpr const char* kExportConfigFile = "config.json";
constexpr const char* kExportWeightsFile = "model.safetensors";

// Writes the model and tokenizers of `loaded` into dir (created when missing; files of the
// same names are replaced) and returns the names of the files written. Throws
// SafetensorsError or std::runtime_error naming the file.
std::vector<std::string> export_model(const LoadedModel& loaded, const std::string& dir);

}  // namespace tfw
