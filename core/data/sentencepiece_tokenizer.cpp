#include "core/data/sentencepiece_tokenizer.h"

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "core/config/config_error.h"
#include "core/data/data_error.h"

namespace tfw {
namespace {

const char* model_name(SubwordModel type) {
    return type == SubwordModel::Bpe ? "bpe" : "unigram";
}

}  // namespace

SentencePieceTokenizer::SentencePieceTokenizer(std::unique_ptr<spm::Model> model)
    : model_(std::move(model)) {
    if (model_->pad_id() != kPadId || model_->unk_id() != kUnkId || model_->bos_id() != kBosId ||
        model_->eos_id() != kEosId)
        throw std::runtime_error(
            "sentencepiece model does not reserve ids 0..3 as <pad> <unk> <s> </s> (train it with "
            "--pad_id=0 --unk_id=1 --bos_id=2 --eos_id=3)");
}

std::shared_ptr<SentencePieceTokenizer> SentencePieceTokenizer::train(
    const std::vector<const std::vector<std::string>*>& texts, const Options& options) {
    const spm::TrainArgs args = {
        {"model_type", model_name(options.model_type)},
        {"vocab_size", std::to_string(options.vocab_size)},
        {"pad_id", "0"},
        {"unk_id", "1"},
        {"bos_id", "2"},
        {"eos_id", "3"},
        {"character_coverage", "1.0"},
        {"normalization_rule_name", options.lowercase ? "nmt_nfkc_cf" : "nmt_nfkc"},
        {"input_sentence_size", "1000000"},
        {"shuffle_input_sentence", "true"},
        {"max_sentence_length", "16384"},  // bytes; summarization sources run long
        {"num_threads", "2"},
        {"minloglevel", "2"},  // the trainer logs every step to stderr otherwise
    };
    const spm::Module& module = spm::sentencepiece_module();  // its own errors pass as they are
    std::string proto;
    try {
        proto = module.train(args, texts);
    } catch (const std::runtime_error& e) {
        const std::string message = e.what();
        const std::string size =
            "tokenizer.vocab_size (" + std::to_string(options.vocab_size) + ")";
        std::smatch limit;
        if (std::regex_search(message, limit, std::regex("value <= ([0-9]+)")))
            throw ConfigError(size + " is more than the training text supports: it fills at most " +
                              limit[1].str() + " " + model_name(options.model_type) +
                              " pieces; set tokenizer.vocab_size to " + limit[1].str() +
                              " or less");
        if (std::regex_search(message, limit, std::regex("required_chars\\. [0-9]+ vs ([0-9]+)")))
            throw ConfigError(size +
                              " is too small for the training text: its characters and the " +
                              "4 reserved ids need at least " + limit[1].str() + " pieces");
        throw std::runtime_error("sentencepiece training failed: " + message);
    }
    return deserialize(proto);
}

std::shared_ptr<SentencePieceTokenizer> SentencePieceTokenizer::deserialize(
    const std::string& bytes) {
    const spm::Module& module = spm::sentencepiece_module();
    std::unique_ptr<spm::Model> model;
    try {
        model = module.load(bytes);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string("not a sentencepiece model: ") + e.what());
    }
    return std::make_shared<SentencePieceTokenizer>(std::move(model));
}

std::shared_ptr<SentencePieceTokenizer> SentencePieceTokenizer::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError(path, 0, "cannot open sentencepiece model");
    std::ostringstream bytes;
    bytes << in.rdbuf();
    try {
        return deserialize(bytes.str());
    } catch (const std::runtime_error& e) {
        throw DataError(path, 0, e.what());
    }
}

int SentencePieceTokenizer::vocab_size() const {
    return model_->piece_size();
}

std::vector<int> SentencePieceTokenizer::encode(const std::string& text) const {
    return model_->encode_ids(text);
}

std::string SentencePieceTokenizer::decode(const std::vector<int>& ids) const {
    std::vector<int> kept;
    kept.reserve(ids.size());
    // <unk> stays, and sentencepiece spells it " ⁇ ", so a hypothesis shows what it lacked.
    for (const int id : ids)
        if ((id == kUnkId || id > kEosId) && id < vocab_size()) kept.push_back(id);
    return model_->decode_ids(kept);
}

std::vector<std::string> SentencePieceTokenizer::pieces(const std::string& text) const {
    return model_->encode_pieces(text);
}

std::string SentencePieceTokenizer::piece(int id) const {
    if (id < 0 || id >= vocab_size())
        throw std::out_of_range("piece id " + std::to_string(id) + " outside the vocabulary");
    return model_->id_to_piece(id);
}

std::string SentencePieceTokenizer::serialize() const {
    return model_->serialized();
}

}  // namespace tfw
