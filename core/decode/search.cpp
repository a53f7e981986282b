#include "core/decode/search.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

#include <atomic>
#include <cmath>
#include <numeric>
#include <utility>

#include "core/data/tokenizer.h"
#include "core/decode/parallel_batches.h"

namespace tfw {

double length_penalty(int64_t length, double alpha, LengthPenaltyForm form) {
    if (alpha == 0) return 1.0;
    const double len = static_cast<double>(std::max<int64_t>(1, length));
    return form == LengthPenaltyForm::Gnmt ? std::pow((5.0 + len) / 6.0, alpha)
                                           : std::pow(len, alpha);
}

std::vector<std::vector<Hypothesis>> decode_ids(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, const std::function<bool(size_t done)>& keep_going) {
    require_valid(options);
    std::vector<std::vector<Hypothesis>> results(inputs.size());
    // Sorting by length keeps padding (and wasted work) low; results go back in input order.
    std::vector<size_t> order(inputs.size());
    std::iota(order.begin(), order.end(), size_t(0));
    const bool lm = model.options().is_lm();
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return inputs[a].size() < inputs[b].size(); });
    // A step callback that says stop also skips the batches after the current one.
    bool stopped = false;
    DecodeOptions batch_options = options;
    if (options.on_step)
        batch_options.on_step = [&](int step, int max_steps) {
            stopped = stopped || !options.on_step(step, max_steps);
            return !stopped;
        };
    // On a GPU the searches keep their bookkeeping there (a read back makes the GPU wait); on
    // the CPU there is no such wait and the host's loops are faster.
    const bool on_device =
        !model.parameters().front().device().is_cpu() && options.no_repeat_ngram <= 0;
    auto search = [&](const std::vector<std::vector<int>>& batch,
                      const std::vector<size_t>& indices) {
        if (options.sample) return sample_search(model, batch, batch_options, indices);
        if (options.beam > 1)
            return on_device ? beam_search_on_device(model, batch, batch_options)
                             : beam_search(model, batch, batch_options);
        return on_device ? greedy_search_on_device(model, batch, batch_options)
                         : greedy_search(model, batch, batch_options);
    };
    // The hypotheses of order[position], in its input's place.
    auto store = [&](size_t position, std::vector<Hypothesis> slot) {
        const size_t input = order[position];
        if (options.attention)
            for (auto& hypothesis : slot) attach_attention(model, inputs[input], hypothesis);
        results[input] = std::move(slot);
    };
    // On several CPU threads, batches decode in parallel, one per thread (parallel_batches.h);
    // not with a step callback, which counts one batch's steps.
    const int threads =
        options.on_step ? 1 : parallel_batch_workers(model.parameters().front().device());
    // Greedy search over every input at once, keeping its batch full (input_feed.h); on several
    // threads the inputs are dealt out among them, each keeping a batch of its own full. Beam
    // search is left to batches: its 5 x 64 rows already fill the matrix products, and rows at
    // positions of their own made its steps slower (each row reorders and reads the keys up to
    // the furthest row's position). So is one input at a time (nothing to fill).
    if (!lm && !on_device && !options.sample && !options.on_step && options.beam == 1 &&
        options.batch_size > 1 && inputs.size() > static_cast<size_t>(options.batch_size)) {
        if (keep_going && !keep_going(0)) return results;
        const int parts = static_cast<int>(std::min<size_t>(threads, inputs.size()));
        std::vector<std::atomic<size_t>> finished(static_cast<size_t>(parts));
        for (auto& count : finished) count = 0;
        std::atomic<bool> halt{false};
        auto finished_in_all = [&] {
            size_t sum = 0;
            for (const auto& count : finished) sum += count;
            return sum;
        };
        run_parallel_batches(
            parts,
            [&](int part, bool asks) {
                // Every parts-th input from the part's own: each part gets long and short ones.
                std::vector<std::vector<int>> mine;
                for (size_t k = static_cast<size_t>(part); k < order.size();
                     k += static_cast<size_t>(parts))
                    mine.push_back(inputs[order[k]]);
                std::function<bool(size_t)> go;
                if (keep_going)
                    go = [&, part, asks](size_t done) {
                        finished[static_cast<size_t>(part)] = done;
                        if (asks && !halt && !keep_going(finished_in_all())) halt = true;
                        return !halt;
                    };
                std::vector<std::vector<Hypothesis>> decoded;
                try {
                    decoded = greedy_search(model, mine, options, go);
                } catch (...) {
                    halt = true;  // the others start no more inputs
                    throw;
                }
                for (size_t k = 0; k < decoded.size(); ++k)
                    store(static_cast<size_t>(part) + k * static_cast<size_t>(parts),
                          std::move(decoded[k]));
            },
            [&] {
                if (keep_going && !halt && !keep_going(finished_in_all())) halt = true;
            });
        if (keep_going)
            keep_going(static_cast<size_t>(std::count_if(
                results.begin(), results.end(), [](const auto& r) { return !r.empty(); })));
        return results;
    }
    // The batches, as [first, end) positions in `order`.
    std::vector<std::pair<size_t, size_t>> batches;
    for (size_t first = 0; first < order.size();) {
        size_t end = std::min(order.size(), first + static_cast<size_t>(options.batch_size));
        if (lm)  // prompts decoded together must have one length
            end = first + 1 +
                  static_cast<size_t>(std::count_if(
                      order.begin() + static_cast<long>(first) + 1,
                      order.begin() + static_cast<long>(end),
                      [&](size_t i) { return inputs[i].size() == inputs[order[first]].size(); }));
        batches.emplace_back(first, end);
        first = end;
    }
    auto decode_batch = [&](size_t first, size_t end) {
        std::vector<std::vector<int>> batch;
        for (size_t i = first; i < end; ++i) batch.push_back(inputs[order[i]]);
        const std::vector<size_t> indices(order.begin() + static_cast<long>(first),
                                          order.begin() + static_cast<long>(end));
        auto decoded = search(batch, indices);
        for (size_t k = 0; k < decoded.size(); ++k) store(first + k, std::move(decoded[k]));
    };
    const int workers = static_cast<int>(std::min<size_t>(threads, batches.size()));
    if (workers <= 1) {
        size_t done = 0;
        for (const auto& [first, end] : batches) {
            if (stopped || (keep_going && !keep_going(done))) break;
            decode_batch(first, end);
            done = end;
        }
        if (keep_going) keep_going(done);
        return results;
    }
    // In parallel, the longest batches first: the last ones to end are short.
    if (keep_going && !keep_going(0)) return results;
    std::atomic<size_t> next{0}, done{0};
    std::atomic<bool> halt{false};
    run_parallel_batches(
        workers,
        [&](int, bool asks) {
            while (!halt) {
                const size_t b = next++;
                if (b >= batches.size()) return;
                const auto [first, end] = batches[batches.size() - 1 - b];
                try {
                    decode_batch(first, end);
                } catch (...) {
                    halt = true;  // the others start no more batches
                    throw;
                }
                done += end - first;
                if (asks && keep_going && !keep_going(done)) halt = true;
            }
        },
        [&] {
            if (keep_going && !halt && !keep_going(done)) halt = true;
        });
    if (keep_going) keep_going(done);
    return results;
}

void attach_attention(TransformerModelImpl& model, const std::vector<int>& input,
                      Hypothesis& hypothesis) {
    torch::NoGradGuard no_grad;
    const auto device = model.parameters().front().device();
    auto as_tensor = [&](const std::vector<int>& ids) {
        std::vector<int64_t> wide(ids.begin(), ids.end());
        return at::tensor(wide, at::kLong).view({1, static_cast<int64_t>(wide.size())}).to(device);
    };
    AttentionMaps maps;
    if (model.options().is_lm()) {
        std::vector<int> all = input;
        all.insert(all.end(), hypothesis.tokens.begin(), hypothesis.tokens.end());
        model.forward({}, as_tensor(all), &maps);
    } else {
        std::vector<int> target{kBosId};
        target.insert(target.end(), hypothesis.tokens.begin(), hypothesis.tokens.end());
        model.forward(as_tensor(input), as_tensor(target), &maps);
    }
    auto squeeze = [](std::vector<at::Tensor>& layers) {
        for (auto& t : layers) t = t.squeeze(0).to(at::kFloat).cpu();
    };
    squeeze(maps.encoder_self);
    squeeze(maps.decoder_self);
    squeeze(maps.cross);
    hypothesis.attention = std::move(maps);
}

}  // namespace tfw
