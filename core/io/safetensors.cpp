#include "core/io/safetensors.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>

#include "core/io/json_header.h"

// The tensors' bytes are copied as they lie in memory, which the format fixes as little-endian.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "safetensors I/O assumes a little-endian machine"
#endif

namespace tfw {

using json = nlohmann::json;

namespace {

// The safetensors package refuses headers over 100 MB; so do we, before allocating one.
constexpr uint64_t kMaxHeaderBytes = 100'000'000;

// What is wrong with a header, after the file's path.
std::string header_problem(const JsonHeaderError& e, uint64_t file_size) {
    switch (e.fault) {
        case JsonHeaderFault::ShortLength:
            return ": not a safetensors file (" + std::to_string(file_size) +
                   " bytes, shorter than the header length)";
        case JsonHeaderFault::BadLength:
            return ": header length " + std::to_string(e.length) + " does not fit a file of " +
                   std::to_string(file_size) + " bytes (truncated or not a safetensors file)";
        case JsonHeaderFault::NotJson:
            return ": the header is not valid JSON";
        case JsonHeaderFault::NotObject:
            break;
    }
    return ": the header is not a JSON object";
}

struct DtypeName {
    const char* name;
    at::ScalarType type;
};

constexpr DtypeName kDtypes[] = {{"F64", at::kDouble},    {"F32", at::kFloat}, {"F16", at::kHalf},
                                 {"BF16", at::kBFloat16}, {"I64", at::kLong},  {"I32", at::kInt},
                                 {"I16", at::kShort},     {"I8", at::kChar},   {"U8", at::kByte},
                                 {"BOOL", at::kBool}};

const char* dtype_name(at::ScalarType type) {
    for (const auto& d : kDtypes)
        if (d.type == type) return d.name;
    return nullptr;
}

bool dtype_of(const std::string& name, at::ScalarType& type) {
    for (const auto& d : kDtypes) {
        if (name == d.name) {
            type = d.type;
            return true;
        }
    }
    return false;
}

std::string known_dtypes() {
    std::string names;
    for (const auto& d : kDtypes) names += std::string(names.empty() ? "" : ", ") + d.name;
    return names;
}

// One tensor's entry of the header, checked.
struct Entry {
    std::string name;
    at::ScalarType type;
    std::vector<int64_t> shape;
    uint64_t begin, end;
};

Entry parse_entry(const std::string& path, const std::string& name, const json& info) {
    auto fail = [&](const std::string& problem) {
        return SafetensorsError(path + ": tensor '" + name + "' " + problem);
    };
    if (!info.is_object()) throw fail("is not described by an object");
    Entry e{name, at::kFloat, {}, 0, 0};
    const auto dtype = info.find("dtype");
    if (dtype == info.end() || !dtype->is_string()) throw fail("has no dtype");
    if (!dtype_of(dtype->get<std::string>(), e.type))
        throw fail("has dtype '" + dtype->get<std::string>() +
                   "', which is not supported (known: " + known_dtypes() + ")");
    const auto shape = info.find("shape");
    if (shape == info.end() || !shape->is_array()) throw fail("has no shape");
    uint64_t elements = 1;
    for (const json& size : *shape) {
        if (!size.is_number_unsigned()) throw fail("has a shape that is not a list of sizes");
        const uint64_t n = size.get<uint64_t>();
        if (n > 0 && elements > std::numeric_limits<uint64_t>::max() / 8 / n)
            throw fail("has a shape too large for any file");
        elements *= n;
        e.shape.push_back(static_cast<int64_t>(n));
    }
    const auto offsets = info.find("data_offsets");
    if (offsets == info.end() || !offsets->is_array() || offsets->size() != 2 ||
        !(*offsets)[0].is_number_unsigned() || !(*offsets)[1].is_number_unsigned())
        throw fail("has no data_offsets [begin, end]");
    e.begin = (*offsets)[0].get<uint64_t>();
    e.end = (*offsets)[1].get<uint64_t>();
    if (e.end < e.begin)
        throw fail("has data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                   "] that end before they begin");
    const uint64_t expected = elements * at::elementSize(e.type);
    if (e.end - e.begin != expected)
        throw fail("holds " + std::to_string(e.end - e.begin) + " bytes, but its shape and dtype " +
                   dtype->get<std::string>() + " need " + std::to_string(expected));
    return e;
}

// The entries must tile [0, data_size) exactly, as the safetensors package requires.
void check_layout(const std::string& path, std::vector<Entry>& entries, uint64_t data_size) {
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    uint64_t cursor = 0;
    for (const Entry& e : entries) {
        if (e.end > data_size)
            throw SafetensorsError(path + ": tensor '" + e.name + "' ends at byte " +
                                   std::to_string(e.end) + " of the data, which has only " +
                                   std::to_string(data_size) + " (file truncated?)");
        if (e.begin != cursor)
            throw SafetensorsError(
                path + ": tensor '" + e.name + "' begins at byte " + std::to_string(e.begin) +
                " of the data, expected " + std::to_string(cursor) +
                (e.begin < cursor ? " (it overlaps the tensor before it)" : " (a gap before it)"));
        cursor = e.end;
    }
    if (cursor != data_size)
        throw SafetensorsError(path + ": the tensors cover " + std::to_string(cursor) +
                               " bytes of data, but the file holds " + std::to_string(data_size));
}

}  // namespace

void write_safetensors(const std::string& path, const NamedTensors& tensors,
                       const std::map<std::string, std::string>& metadata) {
    json header = json::object();
    if (!metadata.empty()) header["__metadata__"] = metadata;
    std::vector<at::Tensor> contiguous;
    uint64_t offset = 0;
    for (const auto& [name, tensor] : tensors) {
        const char* dtype = dtype_name(tensor.scalar_type());
        if (!dtype)
            throw SafetensorsError(path + ": tensor '" + name + "' has a dtype (" +
                                   std::string(c10::toString(tensor.scalar_type())) +
                                   ") that safetensors export does not support");
        if (name == "__metadata__" || header.contains(name))
            throw SafetensorsError(path + ": tensor name '" + name + "' is used twice");
        contiguous.push_back(tensor.detach().cpu().contiguous());
        const uint64_t bytes = contiguous.back().nbytes();
        header[name] = {{"dtype", dtype},
                        {"shape", tensor.sizes().vec()},
                        {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    }
    std::string header_text = header.dump();
    // Pad with spaces so that the data starts 8-byte aligned, as the Python package does.
    header_text.append((8 - header_text.size() % 8) % 8, ' ');

    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw SafetensorsError("cannot write " + path);
    out.write(json_header_length_bytes(header_text.size()).data(), 8);
    out.write(header_text.data(), static_cast<std::streamsize>(header_text.size()));
    for (const at::Tensor& t : contiguous)
        out.write(static_cast<const char*>(t.data_ptr()), static_cast<std::streamsize>(t.nbytes()));
    out.close();
    if (!out) throw SafetensorsError("cannot write " + path + " (disk full?)");
}

SafetensorsContents read_safetensors(const std::string& path) {
    std::error_code ec;
    const uint64_t file_size = std::filesystem::file_size(path, ec);
    std::ifstream in(path, std::ios::binary);
    if (ec || !in) throw SafetensorsError(path + ": cannot open safetensors file");
    json header;
    uint64_t length = 0;
    try {
        JsonHeader read = read_json_header(in, file_size, 2, kMaxHeaderBytes);
        header = std::move(read.value);
        length = read.text.size();
    } catch (const JsonHeaderError& e) {
        throw SafetensorsError(path + header_problem(e, file_size));
    }

    SafetensorsContents contents;
    std::vector<Entry> entries;
    for (const auto& [name, info] : header.items()) {
        if (name != "__metadata__") {
            entries.push_back(parse_entry(path, name, info));
            continue;
        }
        if (!info.is_object()) throw SafetensorsError(path + ": __metadata__ is not an object");
        for (const auto& [key, value] : info.items()) {
            if (!value.is_string())
                throw SafetensorsError(path + ": __metadata__ entry '" + key + "' is not a string");
            contents.metadata[key] = value.get<std::string>();
        }
    }
    const uint64_t data_start = 8 + length;
    check_layout(path, entries, file_size - data_start);

    for (const Entry& e : entries) {
        at::Tensor tensor = at::empty(e.shape, at::TensorOptions().dtype(e.type));
        const auto bytes = static_cast<std::streamsize>(e.end - e.begin);
        if (bytes > 0) {
            in.seekg(static_cast<std::streamoff>(data_start + e.begin));
            in.read(static_cast<char*>(tensor.data_ptr()), bytes);
            if (in.gcount() != bytes)
                throw SafetensorsError(path + ": cannot read tensor '" + e.name + "'");
        }
        contents.tensors.emplace(e.name, std::move(tensor));
    }
    return contents;
}

}  // namespace tfw
