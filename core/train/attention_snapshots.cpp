#include "core/train/attention_snapshots.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/io/run_directory.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace tfw {
namespace {

constexpr char kMagic[] = "TFWATT1\n";
constexpr AttentionStack kStacks[] = {AttentionStack::EncoderSelf, AttentionStack::DecoderSelf,
                                      AttentionStack::Cross};

std::string index_path(const std::string& run_dir) {
    return attention_snapshot_dir(run_dir) + "/index.json";
}

std::string snapshot_file(int64_t step) {
    return "step-" + std::to_string(step) + ".att";
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

LabelledAttentionStack& stack_of(LabelledAttention& attention, AttentionStack stack) {
    switch (stack) {
        case AttentionStack::EncoderSelf:
            return attention.encoder_self;
        case AttentionStack::DecoderSelf:
            return attention.decoder_self;
        case AttentionStack::Cross:
            break;
    }
    return attention.cross;
}

// A shape read from a file, refused before anything is allocated for it.
size_t checked_size(const json& j, const char* key) {
    constexpr int64_t kLimit = 4096;  // far above any real map, layer or head count
    const int64_t value = j.at(key).get<int64_t>();
    if (value < 0 || value > kLimit)
        throw std::runtime_error(std::string(key) + " " + std::to_string(value) +
                                 " is out of range");
    return static_cast<size_t>(value);
}

// Four decimals are plenty for a chart and keep the index small.
json rounded(const std::vector<std::vector<double>>& layers) {
    json out = json::array();
    for (const auto& heads : layers) {
        json row = json::array();
        for (double e : heads) row.push_back(std::round(e * 1e4) / 1e4);
        out.push_back(std::move(row));
    }
    return out;
}

json to_json(const SnapshotEntry& e) {
    json entropies = json::array();
    for (const ProbeEntropies& p : e.entropies) {
        json probe = json::object();
        for (AttentionStack s : kStacks)
            if (!entropies_of(p, s).empty())
                probe[attention_stack_name(s)] = rounded(entropies_of(p, s));
        entropies.push_back(std::move(probe));
    }
    return {{"step", e.step},
            {"file", snapshot_file(e.step)},
            {"bytes", e.bytes},
            {"inputs", e.inputs},
            {"entropies", std::move(entropies)}};
}

SnapshotEntry entry_from_json(const json& j) {
    SnapshotEntry e;
    e.step = j.at("step").get<int64_t>();
    e.bytes = j.at("bytes").get<int64_t>();
    e.inputs = j.at("inputs").get<std::vector<std::string>>();
    for (const json& probe : j.at("entropies")) {
        ProbeEntropies p;
        auto get = [&](const char* name) {
            return probe.contains(name) ? probe[name].get<std::vector<std::vector<double>>>()
                                        : std::vector<std::vector<double>>{};
        };
        p.encoder_self = get("encoder_self");
        p.decoder_self = get("decoder_self");
        p.cross = get("cross");
        e.entropies.push_back(std::move(p));
    }
    return e;
}

void write_index(const std::string& run_dir, const std::vector<SnapshotEntry>& entries) {
    json snapshots = json::array();
    for (const SnapshotEntry& e : entries) snapshots.push_back(to_json(e));
    write_text_atomically(index_path(run_dir),
                          json{{"format", 1}, {"snapshots", std::move(snapshots)}}.dump() + "\n");
}

// Magic, a one-line JSON header (per probe: its input and each stack's labels and shape), then
// the weights as bytes in the header's order: probe, stack, layer, head, row, column.
std::string encode_snapshot(const AttentionSnapshot& snapshot) {
    json probes = json::array();
    std::string weights;
    for (const ProbeAttention& probe : snapshot.probes) {
        json stacks = json::object();
        for (AttentionStack s : kStacks) {
            const LabelledAttentionStack& stack = probe.attention.of(s);
            if (stack.empty()) continue;
            const size_t heads = stack.weights.front().size();
            stacks[attention_stack_name(s)] = {
                {"rows", stack.row_labels},       {"columns", stack.column_labels},
                {"row_count", stack.rows},        {"column_count", stack.columns},
                {"layers", stack.weights.size()}, {"heads", heads}};
            for (const auto& layer : stack.weights)
                for (const auto& head : layer)
                    for (float w : head)
                        weights.push_back(static_cast<char>(
                            static_cast<uint8_t>(std::lround(std::clamp(w, 0.0f, 1.0f) * 255.0f))));
        }
        probes.push_back({{"input", probe.input}, {"stacks", std::move(stacks)}});
    }
    const json header{{"step", snapshot.step}, {"probes", std::move(probes)}};
    return kMagic + header.dump() + "\n" + weights;
}

AttentionSnapshot decode_snapshot(const std::string& bytes, const std::string& path) {
    const size_t magic = sizeof(kMagic) - 1;
    const size_t line_end = bytes.find('\n', magic);
    if (bytes.compare(0, magic, kMagic) != 0 || line_end == std::string::npos)
        throw std::runtime_error(path + " is not an attention snapshot");
    AttentionSnapshot snapshot;
    size_t at = line_end + 1;
    try {
        const json header = json::parse(bytes.begin() + static_cast<long>(magic),
                                        bytes.begin() + static_cast<long>(line_end));
        snapshot.step = header.at("step").get<int64_t>();
        for (const json& p : header.at("probes")) {
            ProbeAttention probe;
            probe.input = p.at("input").get<std::string>();
            for (AttentionStack s : kStacks) {
                const std::string name = attention_stack_name(s);
                if (!p.at("stacks").contains(name)) continue;
                const json& j = p["stacks"][name];
                LabelledAttentionStack& stack = stack_of(probe.attention, s);
                stack.row_labels = j.at("rows").get<std::vector<std::string>>();
                stack.column_labels = j.at("columns").get<std::vector<std::string>>();
                const size_t rows = checked_size(j, "row_count");
                const size_t columns = checked_size(j, "column_count");
                const size_t layers = checked_size(j, "layers");
                const size_t heads = checked_size(j, "heads");
                stack.rows = static_cast<int>(rows);
                stack.columns = static_cast<int>(columns);
                const size_t cells = rows * columns;
                if (layers * heads * cells > bytes.size() - at)
                    throw std::runtime_error("it is shorter than its header says");
                stack.weights.assign(layers, std::vector<std::vector<float>>(heads));
                for (auto& layer : stack.weights)
                    for (auto& head : layer) {
                        head.resize(cells);
                        for (float& w : head) w = static_cast<uint8_t>(bytes[at++]) / 255.0f;
                    }
            }
            snapshot.probes.push_back(std::move(probe));
        }
    } catch (const std::exception& e) {
        throw std::runtime_error(path + " is damaged: " + e.what());
    }
    if (at != bytes.size()) throw std::runtime_error(path + " is damaged: it has trailing bytes");
    return snapshot;
}

}  // namespace

std::string attention_snapshot_dir(const std::string& run_dir) {
    return run_dir + "/attention";
}

std::vector<SnapshotEntry> read_snapshot_index(const std::string& run_dir) {
    const std::string path = index_path(run_dir);
    if (!fs::exists(path)) return {};
    std::vector<SnapshotEntry> entries;
    try {
        const json index = json::parse(read_file(path));
        for (const json& j : index.at("snapshots")) entries.push_back(entry_from_json(j));
    } catch (const json::exception& e) {
        throw std::runtime_error(path + " is damaged: " + e.what());
    }
    return entries;
}

AttentionSnapshot read_attention_snapshot(const std::string& run_dir, int64_t step) {
    const std::string path = attention_snapshot_dir(run_dir) + "/" + snapshot_file(step);
    AttentionSnapshot snapshot = decode_snapshot(read_file(path), path);
    for (const SnapshotEntry& e : read_snapshot_index(run_dir))
        if (e.step == step && e.entropies.size() == snapshot.probes.size())
            for (size_t i = 0; i < e.entropies.size(); ++i)
                snapshot.probes[i].entropies = e.entropies[i];
    return snapshot;
}

SnapshotEntry add_attention_snapshot(const std::string& run_dir, const AttentionSnapshot& snapshot,
                                     size_t max_kept) {
    const std::string dir = attention_snapshot_dir(run_dir);
    fs::create_directories(dir);
    const std::string bytes = encode_snapshot(snapshot);
    write_text_atomically(dir + "/" + snapshot_file(snapshot.step), bytes);

    SnapshotEntry entry;
    entry.step = snapshot.step;
    entry.bytes = static_cast<int64_t>(bytes.size());
    for (const ProbeAttention& p : snapshot.probes) {
        entry.inputs.push_back(p.input);
        entry.entropies.push_back(p.entropies);
    }
    std::vector<SnapshotEntry> entries = read_snapshot_index(run_dir);
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [&](const SnapshotEntry& e) { return e.step >= entry.step; }),
                  entries.end());
    entries.push_back(entry);
    std::vector<int64_t> thinned;
    while (entries.size() > std::max<size_t>(max_kept, 2)) {
        std::vector<int64_t> steps;
        for (const SnapshotEntry& e : entries) steps.push_back(e.step);
        const size_t drop = snapshot_to_thin(steps);
        thinned.push_back(steps[drop]);
        entries.erase(entries.begin() + static_cast<long>(drop));
    }
    write_index(run_dir, entries);
    std::error_code ec;  // a file left behind is never read: the index no longer names it
    for (int64_t step : thinned) fs::remove(dir + "/" + snapshot_file(step), ec);
    return entry;
}

void drop_attention_snapshots_after(const std::string& run_dir, int64_t step) {
    std::vector<SnapshotEntry> entries = read_snapshot_index(run_dir);
    std::vector<int64_t> dropped;
    for (const SnapshotEntry& e : entries)
        if (e.step > step) dropped.push_back(e.step);
    if (dropped.empty()) return;
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [&](const SnapshotEntry& e) { return e.step > step; }),
                  entries.end());
    write_index(run_dir, entries);
    std::error_code ec;
    for (int64_t s : dropped)
        fs::remove(attention_snapshot_dir(run_dir) + "/" + snapshot_file(s), ec);
}

size_t snapshot_to_thin(const std::vector<int64_t>& steps) {
    size_t best = 1;
    for (size_t i = 2; i + 1 < steps.size(); ++i)
        if (steps[i + 1] - steps[i - 1] < steps[best + 1] - steps[best - 1]) best = i;
    return best;
}

const std::vector<std::vector<double>>& entropies_of(const ProbeEntropies& entropies,
                                                     AttentionStack stack) {
    switch (stack) {
        case AttentionStack::EncoderSelf:
            return entropies.encoder_self;
        case AttentionStack::DecoderSelf:
            return entropies.decoder_self;
        case AttentionStack::Cross:
            break;
    }
    return entropies.cross;
}

}  // namespace tfw
