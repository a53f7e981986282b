#pragma once
// A decoder-only language model made of Llama's components (pre-norm RMSNorm, rope, SwiGLU,
// grouped-query attention, no biases) as a Hugging Face Llama checkpoint that transformers'
// LlamaForCausalLM.from_pretrained(DIR) loads, giving the workbench's log-probabilities
// (docs/interop.md): DIR/config.json, DIR/model.safetensors under Llama's tensor names, and
// the sentencepiece model as DIR/tokenizer.model beside DIR/tokenizer_config.json.

#include <string>
#include <vector>

#include "core/io/model_io.h"

namespace tfw {

// What keeps the checkpoint's model from being a Llama, "" when nothing does: every setting
// that differs, with its value and the value a Llama needs ("model.norm is post, needs pre").
std::string hf_llama_mismatches(const Checkpoint& checkpoint);

// Writes the model and its tokenizer into dir (created when missing; files of the same names
// are replaced) and returns the names of the files written. Throws std::invalid_argument with
// hf_llama_mismatches' text (before writing anything) for a model that is not Llama-shaped,
// SafetensorsError or std::runtime_error naming a file.
std::vector<std::string> export_hf_llama(const LoadedModel& loaded, const std::string& dir);

}  // namespace tfw
