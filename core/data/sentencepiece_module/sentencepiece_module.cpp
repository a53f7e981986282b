// libtfw_sentencepiece.so: the only code that links the sentencepiece library
// (see core/data/sentencepiece_module.h for why it is a separate module).
#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include <stdexcept>

#include "core/data/sentencepiece_module.h"

namespace tfw::spm {
namespace {

void check(const sentencepiece::util::Status& status) {
    if (!status.ok()) throw std::runtime_error(status.ToString());
}

class ProcessorModel : public Model {
  public:
    explicit ProcessorModel(const std::string& serialized) {
        check(processor_.LoadFromSerializedProto(serialized));
    }
    int piece_size() const override { return processor_.GetPieceSize(); }
    int pad_id() const override { return processor_.pad_id(); }
    int unk_id() const override { return processor_.unk_id(); }
    int bos_id() const override { return processor_.bos_id(); }
    int eos_id() const override { return processor_.eos_id(); }
    std::vector<int> encode_ids(const std::string& text) const override {
        std::vector<int> ids;
        check(processor_.Encode(text, &ids));
        return ids;
    }
    std::vector<std::string> encode_pieces(const std::string& text) const override {
        std::vector<std::string> pieces;
        check(processor_.Encode(text, &pieces));
        return pieces;
    }
    std::string decode_ids(const std::vector<int>& ids) const override {
        std::string text;
        check(processor_.Decode(ids, &text));
        return text;
    }
    std::string id_to_piece(int id) const override { return processor_.IdToPiece(id); }
    std::string serialized() const override { return processor_.serialized_model_proto(); }

  private:
    sentencepiece::SentencePieceProcessor processor_;
};

// Feeds the lines of several texts to the trainer without copying them.
class LinesIterator : public sentencepiece::SentenceIterator {
  public:
    explicit LinesIterator(const Texts& texts) : texts_(texts) { skip_exhausted(); }
    bool done() const override { return text_ >= texts_.size(); }
    void Next() override {
        ++line_;
        skip_exhausted();
    }
    const std::string& value() const override { return (*texts_[text_])[line_]; }
    sentencepiece::util::Status status() const override { return {}; }

  private:
    void skip_exhausted() {
        while (text_ < texts_.size() && line_ >= texts_[text_]->size()) {
            ++text_;
            line_ = 0;
        }
    }
    const Texts& texts_;
    size_t text_ = 0;
    size_t line_ = 0;
};

class SentencePieceModule : public Module {
  public:
    std::unique_ptr<Model> load(const std::string& serialized) const override {
        try {
            return std::make_unique<ProcessorModel>(serialized);
        } catch (const std::runtime_error&) {
            throw;
        } catch (const std::exception& e) {
            // Some malformed models make sentencepiece's trie builder throw its own type
            // (an empty piece: "failed to insert key: zero-length key").
            throw std::runtime_error(e.what());
        }
    }
    std::string train(const TrainArgs& args, const Texts& texts) const override {
        // Sentence sampling is the trainer's only randomness; a fixed seed makes it repeatable.
        sentencepiece::SetRandomGeneratorSeed(20240601);
        LinesIterator lines(texts);
        std::string proto;
        check(sentencepiece::SentencePieceTrainer::Train(args, &lines, &proto));
        return proto;
    }
};

}  // namespace
}  // namespace tfw::spm

extern "C" const tfw::spm::Module* tfw_sentencepiece_module() {
    static const tfw::spm::SentencePieceModule module;
    return &module;
}
