#include "core/io/checkpoint.h"

#include <fcntl.h>
#include <torch/version.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <utility>
#include <vector>

#include "core/config/config_io.h"
#include "core/io/json_header.h"

namespace tfw {

using json = nlohmann::json;

namespace {

constexpr char kMagic[8] = {'T', 'F', 'W', 'C', 'K', 'P', 'T', '\n'};

uint32_t crc(const std::string& bytes) {
    uLong value = crc32(0L, Z_NULL, 0);
    size_t done = 0;
    while (done < bytes.size()) {  // crc32 takes a uInt length
        const size_t n = std::min<size_t>(bytes.size() - done, 1u << 30);
        value =
            crc32(value, reinterpret_cast<const Bytef*>(bytes.data() + done), static_cast<uInt>(n));
        done += n;
    }
    return static_cast<uint32_t>(value);
}

json position_to_json(const TrainingPosition& p) {
    return {{"step", p.step},
            {"epoch", p.epoch},
            {"batch_in_epoch", p.batch_in_epoch},
            {"tokens_seen", p.tokens_seen},
            {"elapsed_s", p.elapsed_s},
            {"best_valid_loss", p.best_valid_loss},
            {"best_valid_score", p.best_valid_score},
            {"best_step", p.best_step},
            {"bad_validations", p.bad_validations},
            {"validated_step", p.validated_step},
            {"dropout_seed", p.dropout_seed},
            {"dropout_counter", p.dropout_counter},
            {"loss_scale", p.loss_scale.scale},
            {"loss_scale_good_steps", p.loss_scale.good_steps},
            {"world_size", p.world_size}};
}

TrainingPosition position_from_json(const json& j) {
    TrainingPosition p;  // optional keys keep their defaults
    p.step = j.value("step", p.step);
    p.epoch = j.value("epoch", p.epoch);
    p.batch_in_epoch = j.value("batch_in_epoch", p.batch_in_epoch);
    p.tokens_seen = j.value("tokens_seen", p.tokens_seen);
    p.elapsed_s = j.value("elapsed_s", p.elapsed_s);
    p.best_valid_loss = j.value("best_valid_loss", p.best_valid_loss);
    p.best_valid_score = j.value("best_valid_score", p.best_valid_score);
    p.best_step = j.value("best_step", p.best_step);
    p.bad_validations = j.value("bad_validations", p.bad_validations);
    // Files written before the key existed were saved right after validating, or on a stop.
    p.validated_step = j.value("validated_step", p.step);
    p.dropout_seed = j.value("dropout_seed", p.dropout_seed);
    p.dropout_counter = j.value("dropout_counter", p.dropout_counter);
    p.loss_scale.scale = j.value("loss_scale", p.loss_scale.scale);
    p.loss_scale.good_steps = j.value("loss_scale_good_steps", p.loss_scale.good_steps);
    p.world_size = j.value("world_size", p.world_size);
    return p;
}

// A file written to `tmp` and forced to disk, to be renamed to `path` once whole. On failure
// (a full disk, an I/O error) `tmp` is removed and the error names `path` and the reason, e.g.
// "cannot write RUN/checkpoints/last.tfw: No space left on device".
class DurableFile {
  public:
    DurableFile(std::string tmp, std::string path) : tmp_(std::move(tmp)), path_(std::move(path)) {
        fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd_ < 0) throw CheckpointError("cannot write " + path_ + ": " + std::strerror(errno));
    }
    DurableFile(const DurableFile&) = delete;
    DurableFile& operator=(const DurableFile&) = delete;
    ~DurableFile() {
        if (fd_ >= 0) {
            ::close(fd_);
            ::unlink(tmp_.c_str());
        }
    }

    void write(const char* data, size_t size) {
        size_t done = 0;
        while (done < size) {
            const ssize_t n = ::write(fd_, data + done, size - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) fail(errno);
            done += static_cast<size_t>(n);
        }
    }

    // fsync, close and rename to `path`.
    void commit() {
        if (::fsync(fd_) != 0) fail(errno);
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) {
            const int error = errno;
            ::unlink(tmp_.c_str());
            throw CheckpointError("cannot write " + path_ + ": " + std::strerror(error));
        }
        std::error_code ec;
        std::filesystem::rename(tmp_, path_, ec);
        if (ec) {
            const std::string reason = ec.message();
            std::filesystem::remove(tmp_, ec);
            throw CheckpointError("cannot move " + tmp_ + " to " + path_ + ": " + reason);
        }
    }

  private:
    [[noreturn]] void fail(int error) {
        ::close(fd_);
        fd_ = -1;
        ::unlink(tmp_.c_str());
        throw CheckpointError("cannot write " + path_ + ": " + std::strerror(error));
    }

    std::string tmp_, path_;
    int fd_ = -1;
};

}  // namespace

void save_checkpoint(const Checkpoint& c, const std::string& path) {
    const std::map<std::string, const std::string*> blobs{{"src_tokenizer", &c.src_tokenizer},
                                                          {"tgt_tokenizer", &c.tgt_tokenizer},
                                                          {"weights", &c.weights},
                                                          {"optimizer", &c.optimizer},
                                                          {"history", &c.history}};
    json header{
        {"format", "transformer-workbench checkpoint"},
        {"format_version", kCheckpointFormatVersion},
        {"versions",
         {{"tfw", TFW_VERSION}, {"libtorch", TORCH_VERSION}, {"format", kCheckpointFormatVersion}}},
        {"config", to_json(c.config)},
        {"src_tokenizer_type", c.src_tokenizer_type},
        {"tgt_tokenizer_type", c.tgt_tokenizer_type},
        {"src_vocab", c.src_vocab},
        {"tgt_vocab", c.tgt_vocab},
        {"parameters", c.parameters},
        {"position", position_to_json(c.position)},
        {"device_generator", generator_state_to_json(c.device_generator)}};
    std::string body;
    uint64_t offset = 0;
    for (const auto& [name, bytes] : blobs) {
        header["blobs"][name] = {
            {"offset", offset}, {"size", bytes->size()}, {"crc32", crc(*bytes)}};
        body += *bytes;
        offset += bytes->size();
    }
    const std::string header_text = header.dump();
    std::string head(kMagic, sizeof kMagic);
    head += json_header_length_bytes(header_text.size());
    head += header_text;
    const uint32_t header_crc = crc(header_text);
    for (int i = 0; i < 4; ++i) head.push_back(static_cast<char>((header_crc >> (8 * i)) & 0xff));

    std::filesystem::create_directories(std::filesystem::path(path).parent_path().empty()
                                            ? std::filesystem::path(".")
                                            : std::filesystem::path(path).parent_path());
    DurableFile out(path + ".partial", path);
    out.write(head.data(), head.size());
    out.write(body.data(), body.size());
    out.commit();
}

void copy_checkpoint_file(const std::string& from, const std::string& to) {
    std::ifstream in(from, std::ios::binary);
    if (!in) throw CheckpointError("cannot read " + from + ": " + std::strerror(errno));
    DurableFile out(to + ".partial", to);
    std::vector<char> buffer(1 << 20);
    while (in) {
        in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        out.write(buffer.data(), static_cast<size_t>(in.gcount()));
    }
    if (in.bad()) throw CheckpointError("cannot read " + from);
    out.commit();
}

namespace {

Checkpoint read_parts(std::ifstream& in, const std::string& path, uint64_t file_size,
                      uint64_t body_start, const json& header, bool with_model, bool with_optimizer,
                      bool with_history);

// A model folder that `tfw export --format safetensors` (or python/tfw_torch.py) wrote is
// read by `tfw import`, not loaded as a checkpoint.
std::string safetensors_hint(const std::string& path) {
    const std::filesystem::path file(path);
    std::string folder = file.parent_path().string();
    if (folder.empty()) folder = ".";
    return path +
           ": a model exported as safetensors, not a checkpoint; turn its folder into one with "
           "tfw import --from " +
           folder + " --out " + file.stem().string() + ".tfw";
}

// The keys every checkpoint has had since format 1. One missing is a damaged header: loading
// on with a default would silently give another run (a history or optimizer left out, step 0).
void require_keys(const json& header, const std::string& path) {
    auto require = [&](const json& object, const char* where, const char* key) {
        if (!object.is_object() || !object.contains(key))
            throw CheckpointError(path + ": checkpoint header is corrupt (it has no " +
                                  std::string(where) + key + ")");
    };
    for (const char* key :
         {"format_version", "versions", "config", "src_tokenizer_type", "tgt_tokenizer_type",
          "src_vocab", "tgt_vocab", "parameters", "position", "blobs"})
        require(header, "", key);
    for (const char* key :
         {"step", "epoch", "batch_in_epoch", "tokens_seen", "elapsed_s", "best_valid_loss",
          "best_step", "bad_validations", "dropout_seed", "dropout_counter"})
        require(header.at("position"), "position.", key);
    for (const char* key : {"src_tokenizer", "tgt_tokenizer", "weights", "optimizer", "history"})
        require(header.at("blobs"), "blobs.", key);
}

uint32_t read_u32(const char* bytes) {
    uint32_t value = 0;
    for (int i = 0; i < 4; ++i) value |= uint32_t(static_cast<unsigned char>(bytes[i])) << (8 * i);
    return value;
}

Checkpoint load_parts(const std::string& path, bool with_model, bool with_optimizer,
                      bool with_history) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw CheckpointError(path + ": is a folder, not a checkpoint (a run's are in " + path +
                              "/checkpoints)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw CheckpointError(path + ": cannot open checkpoint");
    const auto file_size = std::filesystem::file_size(path);
    char magic[8] = {};
    in.read(magic, 8);
    if (in.gcount() < 8 || std::memcmp(magic, kMagic, 8) != 0) {
        if (in.gcount() == 8 && in.peek() == '{')  // safetensors: 8-byte length, then JSON
            throw CheckpointError(safetensors_hint(path));
        throw CheckpointError(path + ": not a Transformer Workbench checkpoint");
    }
    JsonHeader read;
    try {
        read = read_json_header(in, file_size - 8, 0, std::numeric_limits<uint64_t>::max());
    } catch (const JsonHeaderError& e) {
        const bool truncated =
            e.fault == JsonHeaderFault::ShortLength || e.fault == JsonHeaderFault::BadLength;
        throw CheckpointError(path + (truncated ? ": checkpoint is truncated (header incomplete)"
                                                : ": checkpoint header is corrupt"));
    }
    const uint64_t length = read.text.size();
    const json& header = read.value;
    // Format 2 on: the header's CRC-32 follows it. Which format a file has is in the header, so
    // the header is parsed first; a checksum that matches settles that it is intact.
    char crc_bytes[4] = {};
    in.read(crc_bytes, 4);
    const bool crc_matches = in.gcount() == 4 && read_u32(crc_bytes) == crc(read.text);
    in.clear();
    const json& version = header.contains("format_version") ? header["format_version"] : json();
    const bool unchecked = version.is_number_integer() && version.get<int64_t>() == 1;
    if (!unchecked && !crc_matches)
        throw CheckpointError(path + ": checkpoint header is corrupt (it fails its checksum)");
    try {
        Checkpoint c = read_parts(in, path, file_size, 16 + length + (unchecked ? 0 : 4), header,
                                  with_model, with_optimizer, with_history);
        c.header_checksummed = !unchecked;
        return c;
    } catch (const json::exception& e) {  // a key of the wrong type
        throw CheckpointError(path + ": checkpoint header is corrupt (" + e.what() + ")");
    }
}

// The blobs and fields the header describes; body_start is where the blobs begin.
Checkpoint read_parts(std::ifstream& in, const std::string& path, uint64_t file_size,
                      uint64_t body_start, const json& header, bool with_model, bool with_optimizer,
                      bool with_history) {
    const int version = header.value("format_version", 0);
    if (version < 1 || version > kCheckpointFormatVersion)
        throw CheckpointError(path + ": checkpoint format version " + std::to_string(version) +
                              " is not supported (supported: 1.." +
                              std::to_string(kCheckpointFormatVersion) +
                              "); it was written by a newer Transformer Workbench");
    require_keys(header, path);

    const json blobs = header.value("blobs", json::object());
    // Every blob must lie inside the file: sizes are checked before anything is allocated.
    const uint64_t body_available = file_size - body_start;
    uint64_t body_size = 0;
    for (const auto& [name, info] : blobs.items()) {
        const json &offset_json = info.at("offset"), &size_json = info.at("size");
        if (!offset_json.is_number_unsigned() || !size_json.is_number_unsigned() ||
            !info.at("crc32").is_number_unsigned())
            throw CheckpointError(path + ": checkpoint header is corrupt (" + name +
                                  " has no valid offset, size and crc32)");
        const uint64_t offset = offset_json.get<uint64_t>(), size = size_json.get<uint64_t>();
        if (size > std::numeric_limits<uint64_t>::max() - offset ||
            offset + size > std::numeric_limits<uint64_t>::max() - body_start)
            throw CheckpointError(path + ": checkpoint is corrupt (" + name +
                                  " lies outside the file)");
        body_size = std::max<uint64_t>(body_size, offset + size);
    }
    if (body_size > body_available)
        throw CheckpointError(path + ": checkpoint is truncated (" + std::to_string(file_size) +
                              " bytes, expected " + std::to_string(body_start + body_size) + ")");

    auto read_blob = [&](const std::string& name) {
        const auto it = blobs.find(name);
        if (it == blobs.end()) return std::string();
        std::string bytes(it->at("size").get<size_t>(), '\0');
        in.seekg(static_cast<std::streamoff>(body_start + it->at("offset").get<uint64_t>()));
        in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (crc(bytes) != it->at("crc32").get<uint64_t>())
            throw CheckpointError(path + ": checkpoint is corrupt (" + name +
                                  " fails its checksum)");
        return bytes;
    };

    Checkpoint c;
    try {
        c.config = config_from_json(header.at("config"));
    } catch (const std::exception& e) {
        throw CheckpointError(path + ": incompatible configuration in checkpoint: " + e.what());
    }
    c.src_tokenizer_type = header.value("src_tokenizer_type", "");
    c.tgt_tokenizer_type = header.value("tgt_tokenizer_type", "");
    c.src_vocab = header.value("src_vocab", int64_t(0));
    c.tgt_vocab = header.value("tgt_vocab", int64_t(0));
    c.parameters = header.value("parameters", int64_t(0));
    c.position = position_from_json(header.value("position", json::object()));
    c.versions = header.value("versions", json::object());
    c.device_generator = generator_state_from_json(header.value("device_generator", json()));
    if (with_model) {
        c.src_tokenizer = read_blob("src_tokenizer");
        c.tgt_tokenizer = read_blob("tgt_tokenizer");
        c.weights = read_blob("weights");
    }
    if (with_optimizer) c.optimizer = read_blob("optimizer");
    if (with_history) c.history = read_blob("history");
    return c;
}

}  // namespace

std::string unverified_header_note(const Checkpoint& checkpoint, const std::string& path) {
    if (checkpoint.header_checksummed) return "";
    return path +
           " is a format 1 checkpoint, whose header has no checksum: its blobs are checked, "
           "its settings and training position are not (saving it again adds the checksum)";
}

Checkpoint load_checkpoint(const std::string& path, bool with_training_state) {
    return load_parts(path, true, with_training_state, with_training_state);
}

Checkpoint load_checkpoint_summary(const std::string& path) {
    return load_parts(path, false, false, true);
}

}  // namespace tfw
