#pragma once
// The sentencepiece library, behind a plug-in boundary.
//
// Debian's libsentencepiece carries its own copy of protobuf 3.14 and exports its symbols;
// libtorch uses the system protobuf 3.21. Linked into one process, one of the two binds to
// the other's protobuf and aborts (at start-up, or at the first sentencepiece call). So
// sentencepiece lives in a separate module (libtfw_sentencepiece.so) that is loaded with
// RTLD_DEEPBIND: inside it, sentencepiece resolves protobuf to its own copy, while the
// rest of the process keeps the system one. Only this interface crosses the boundary.

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace tfw::spm {

// A loaded sentencepiece model.
class Model {
  public:
    virtual ~Model() = default;
    virtual int piece_size() const = 0;
    virtual int pad_id() const = 0;
    virtual int unk_id() const = 0;
    virtual int bos_id() const = 0;
    virtual int eos_id() const = 0;
    virtual std::vector<int> encode_ids(const std::string& text) const = 0;
    virtual std::vector<std::string> encode_pieces(const std::string& text) const = 0;
    virtual std::string decode_ids(const std::vector<int>& ids) const = 0;
    virtual std::string id_to_piece(int id) const = 0;
    virtual std::string serialized() const = 0;  // the model proto (.model file bytes)
};

using TrainArgs = std::unordered_map<std::string, std::string>;  // spm_train flags
using Texts = std::vector<const std::vector<std::string>*>;

class Module {
  public:
    virtual ~Module() = default;
    // Both throw std::runtime_error carrying sentencepiece's message.
    virtual std::unique_ptr<Model> load(const std::string& serialized) const = 0;
    // Trains on every line of every text; returns the serialized model proto.
    virtual std::string train(const TrainArgs& args, const Texts& texts) const = 0;
};

// Loads the module on first use (thread-safe) from, in this order: $TFW_SENTENCEPIECE_MODULE,
// the folder of the running executable or a lib/ folder up to three levels above it, and the
// build tree. Throws std::runtime_error naming the places tried when none loads.
const Module& sentencepiece_module();

}  // namespace tfw::spm

// The module's single entry point, looked up with dlsym.
extern "C" const tfw::spm::Module* tfw_sentencepiece_module();
