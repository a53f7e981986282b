// Beam search with its bookkeeping on the model's device: the search of beam_search.cpp (the
// same candidates, finished lists and stopping rule, hence the same outputs), written as tensor
// operations so that a GPU never waits for the host between steps. The host asks which inputs
// are done only every `check_every` steps (then their rows leave the batch) and reads the
// finished hypotheses once at the end.
//
// How the host's list operations map to tensors: an input's finished list is `nbest` slots
// ordered best first (-inf marks an empty slot). The host inserts each new hypothesis after
// every kept one that scores at least as well and drops what falls off the end; appending this
// step's hypotheses in candidate order and sorting stably, best first, keeps the same ones in
// the same order. "The first `beam` candidates that are not EOS" is a running count over the
// sorted candidates.
#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/data/tokenizer.h"
#include "core/decode/logit_rules.h"
#include "core/decode/search.h"
#include "core/decode/search_readback.h"
#include "core/runtime/host_reads.h"

namespace tfw {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// Hypotheses of the inputs still searched, [groups, beam] (histories [.., columns]).
struct Candidates {
    at::Tensor normalized, score;      // double
    at::Tensor tokens, log_probs;      // long, float
    at::Tensor token_count, lp_count;  // long
    at::Tensor finished;               // bool
};

// Every input's finished list: [inputs, nbest] slots, best normalized score first.
struct FinishedLists {
    Candidates slots;
    at::Tensor ended;  // [inputs] long: hypotheses that ended, kept or not

    FinishedLists(int64_t inputs, int64_t nbest, int64_t columns, const at::Device& device) {
        const auto dbl = at::TensorOptions().dtype(at::kDouble).device(device);
        const auto lng = at::TensorOptions().dtype(at::kLong).device(device);
        slots.normalized = at::full({inputs, nbest}, kMinusInf, dbl);
        slots.score = at::zeros({inputs, nbest}, dbl);
        slots.tokens = at::zeros({inputs, nbest, columns}, lng);
        slots.log_probs = at::zeros({inputs, nbest, columns}, dbl.dtype(at::kFloat));
        slots.token_count = at::zeros({inputs, nbest}, lng);
        slots.lp_count = at::zeros({inputs, nbest}, lng);
        slots.finished = at::zeros({inputs, nbest}, lng.dtype(at::kBool));
        ended = at::zeros({inputs}, lng);
    }

    // Adds `added` (-inf normalized: nothing) to the lists of `inputs` [groups].
    void add(const at::Tensor& inputs, const Candidates& added) {
        const int64_t kept = slots.normalized.size(1);
        const at::Tensor all =
            at::cat({slots.normalized.index_select(0, inputs), added.normalized}, 1);
        const at::Tensor order =
            std::get<1>(at::sort(all, /*stable=*/true, /*dim=*/1, /*descending=*/true))
                .narrow(1, 0, kept);
        auto merge = [&](at::Tensor& mine, const at::Tensor& theirs) {
            const at::Tensor both = at::cat({mine.index_select(0, inputs), theirs}, 1);
            at::Tensor index = order;
            if (both.dim() == 3) index = order.unsqueeze(2).expand({-1, -1, both.size(2)});
            mine.index_copy_(0, inputs, both.gather(1, index));
        };
        merge(slots.normalized, added.normalized);
        merge(slots.score, added.score);
        merge(slots.tokens, added.tokens);
        merge(slots.log_probs, added.log_probs);
        merge(slots.token_count, added.token_count);
        merge(slots.lp_count, added.lp_count);
        merge(slots.finished, added.finished);
        ended.index_add_(0, inputs, at::isfinite(added.normalized).sum(1));
    }

    std::vector<std::vector<Hypothesis>> read() const {
        const std::vector<double> normalized = read_to_host(slots.normalized);
        const SearchReadback rows(slots.tokens, slots.log_probs, slots.score, slots.token_count,
                                  slots.lp_count, slots.finished);
        const int64_t inputs = slots.normalized.size(0), kept = slots.normalized.size(1);
        std::vector<std::vector<Hypothesis>> out(static_cast<size_t>(inputs));
        for (int64_t b = 0; b < inputs; ++b)
            for (int64_t k = 0; k < kept; ++k) {
                const size_t s = static_cast<size_t>(b * kept + k);
                if (!std::isfinite(normalized[s])) break;
                Hypothesis h = rows.hypothesis(s);
                h.normalized = normalized[s];
                out[static_cast<size_t>(b)].push_back(std::move(h));
            }
        return out;
    }
};

}  // namespace

std::vector<std::vector<Hypothesis>> beam_search_on_device(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, int64_t check_every) {
    TORCH_CHECK(options.no_repeat_ngram <= 0,
                "beam_search_on_device: no_repeat_ngram needs "
                "the hypotheses on the host (beam_search)");
    TORCH_CHECK(check_every >= 1, "beam_search_on_device: check_every must be >= 1");
    c10::InferenceMode inference;  // no autograd bookkeeping on any operator
    const auto device = model.parameters().front().device();
    const auto lng = at::TensorOptions().dtype(at::kLong).device(device);
    const int64_t beam = options.beam;
    const int64_t batch = static_cast<int64_t>(inputs.size());
    const bool lm = model.options().is_lm();
    const DecodeBatch input =
        make_decode_batch(inputs, lm, options, model.options().max_positions, device);
    const int64_t columns = input.longest_output;
    const int64_t patient_until =
        options.patience > 0
            ? std::max<int64_t>(1, static_cast<int64_t>(std::ceil(beam * options.patience)))
            : std::numeric_limits<int64_t>::max();

    // The inputs still searched (host copy, changed only when the host checks) and, on the
    // device, what each of their groups of `beam` rows needs.
    std::vector<int64_t> active(static_cast<size_t>(batch));
    for (int64_t b = 0; b < batch; ++b) active[static_cast<size_t>(b)] = b;
    at::Tensor active_inputs, row_limit, output_limit, bound_penalty;
    auto describe_active = [&] {
        std::vector<int64_t> limits;
        std::vector<double> penalties;
        for (int64_t b : active) {
            limits.push_back(input.max_output[static_cast<size_t>(b)]);
            penalties.push_back(
                length_penalty(limits.back() + 1, options.lenpen, options.lenpen_form));
        }
        active_inputs = long_tensor(active, device);
        output_limit = long_tensor(limits, device);
        row_limit = output_limit.repeat_interleave(beam);
        bound_penalty = at::tensor(penalties, at::kDouble).to(device);
    };
    describe_active();

    EncoderOutput encoded;
    if (!lm) encoded = model.encode(input.tokens);
    at::Tensor next =
        lm ? input.tokens.repeat_interleave(beam, 0) : at::full({batch * beam, 1}, kBosId, lng);
    // Only the first row of a group is live at first (no token is chosen `beam` times).
    at::Tensor scores = at::full({batch, beam}, kMinusInf, lng.dtype(at::kDouble));
    scores.select(1, 0).zero_();
    scores = scores.view({-1});
    at::Tensor tokens = at::zeros({batch * beam, columns}, lng);
    at::Tensor log_prob_history = at::zeros({batch * beam, columns}, lng.dtype(at::kFloat));
    at::Tensor done = at::zeros({batch}, lng.dtype(at::kBool));
    FinishedLists finished(batch, std::min<int64_t>(beam, options.nbest), columns, device);
    const auto [first, last] =
        std::minmax_element(input.max_output.begin(), input.max_output.end());
    const int64_t first_limit = *first, last_limit = *last;

    DecoderCache cache;
    for (int64_t step = 0;; ++step) {
        const int64_t groups = static_cast<int64_t>(active.size());
        at::Tensor log_probs = at::log_softmax(
            model.decode_step(next, lm ? nullptr : &encoded, cache).to(at::kFloat), -1);
        apply_logit_rules(log_probs, {}, options, step);
        // Rows at their length limit may only end.
        if (step >= first_limit) force_eos_at_limit(log_probs, row_limit, step);
        const bool cancelled =
            options.on_step &&
            !options.on_step(static_cast<int>(step + 1), static_cast<int>(input.longest_output));

        const int64_t vocab = log_probs.size(1);
        const int64_t wanted = std::min<int64_t>(2 * beam, beam * vocab);
        const at::Tensor candidates =
            (log_probs + scores.to(at::kFloat).unsqueeze(1)).view({groups, beam * vocab});
        const auto top = candidates.topk(wanted, 1);
        const at::Tensor& top_id = std::get<1>(top);
        const at::Tensor top_lp = log_probs.view({groups, beam * vocab}).gather(1, top_id);
        const at::Tensor group_start = at::arange(groups, lng).mul_(beam).unsqueeze(1);
        const at::Tensor parent = top_id.div(vocab, "floor").add_(group_start);  // global row
        const at::Tensor token = top_id.remainder(vocab);
        const at::Tensor valid =
            at::isfinite(std::get<0>(top)).logical_and_(done.logical_not().unsqueeze(1));
        const at::Tensor is_eos = token.eq(kEosId);
        const double penalty = length_penalty(step + 1, options.lenpen, options.lenpen_form);

        // EOS among the first `beam` candidates ends a hypothesis (as in fairseq).
        {
            const at::Tensor ends = valid.narrow(1, 0, beam).logical_and(is_eos.narrow(1, 0, beam));
            const at::Tensor rows = parent.narrow(1, 0, beam).reshape({-1});
            Candidates c;
            c.score = scores.index_select(0, rows).view({groups, beam}) +
                      top_lp.narrow(1, 0, beam).to(at::kDouble);
            c.normalized =
                at::where(ends, c.score / penalty, at::full({}, kMinusInf, c.score.options()));
            c.tokens = tokens.index_select(0, rows).view({groups, beam, columns});
            c.log_probs = log_prob_history.index_select(0, rows);
            c.log_probs.select(1, step).copy_(top_lp.narrow(1, 0, beam).reshape({-1}));
            c.log_probs = c.log_probs.view({groups, beam, columns});
            c.token_count = at::full({groups, beam}, step, lng);
            c.lp_count = at::full({groups, beam}, step + 1, lng);
            c.finished = (output_limit > step).unsqueeze(1).expand({groups, beam});
            finished.add(active_inputs, c);
        }

        // The first `beam` other candidates continue; rows beyond them repeat the first, dead.
        const at::Tensor open = valid.logical_and(is_eos.logical_not());
        const at::Tensor chosen = open.logical_and(open.cumsum(1).le(beam));
        const at::Tensor n_chosen = chosen.sum(1);
        const at::Tensor column = at::arange(wanted, lng).unsqueeze(0);
        const at::Tensor key = at::where(chosen, column, column + wanted);
        at::Tensor pick = std::get<1>(key.topk(beam, 1, /*largest=*/false, /*sorted=*/true));
        const at::Tensor live = at::arange(beam, lng).unsqueeze(0).lt(n_chosen.unsqueeze(1));
        pick = at::where(live, pick, pick.narrow(1, 0, 1));
        const at::Tensor from = parent.gather(1, pick).view({-1});
        const at::Tensor picked_token = token.gather(1, pick).view({-1});
        const at::Tensor picked_lp = top_lp.gather(1, pick).view({-1});
        const at::Tensor picked_score = scores.index_select(0, from) + picked_lp.to(at::kDouble);
        tokens = tokens.index_select(0, from);
        tokens.select(1, step).copy_(picked_token);
        log_prob_history = log_prob_history.index_select(0, from);
        log_prob_history.select(1, step).copy_(picked_lp);

        if (cancelled) {  // the open hypotheses end here, unfinished and without EOS
            Candidates c;
            const at::Tensor ends = live.logical_and(done.logical_not().unsqueeze(1));
            c.score = picked_score.view({groups, beam});
            c.normalized =
                at::where(ends, c.score / penalty, at::full({}, kMinusInf, c.score.options()));
            c.tokens = tokens.view({groups, beam, columns});
            c.log_probs = log_prob_history.view({groups, beam, columns});
            c.token_count = at::full({groups, beam}, step + 1, lng);
            c.lp_count = c.token_count;
            c.finished = at::zeros({groups, beam}, lng.dtype(at::kBool));
            finished.add(active_inputs, c);
            break;
        }

        // An input ends with no open candidate, after `beam` x patience ended hypotheses, or
        // when its best open hypothesis cannot beat the worst of the n best it returns.
        const at::Tensor lists = finished.slots.normalized.index_select(0, active_inputs);
        const at::Tensor worst = lists.select(1, lists.size(1) - 1);
        const at::Tensor best_open = picked_score.view({groups, beam}).select(1, 0);
        const at::Tensor hopeless =
            at::isfinite(worst).logical_and_((best_open / bound_penalty).le(worst));
        done = done.logical_or(n_chosen.eq(0))
                   .logical_or_(finished.ended.index_select(0, active_inputs).ge(patient_until))
                   .logical_or_(hopeless);
        scores = at::where(live.logical_and(done.logical_not().unsqueeze(1)).view({-1}),
                           picked_score, at::full({}, kMinusInf, picked_score.options()));
        next = picked_token.unsqueeze(1);
        cache.select(from);

        // The host looks only now and then; every input is done at the last length limit.
        if ((step + 1) % check_every != 0 && step < last_limit) continue;
        const std::vector<double> is_done = read_to_host(done);
        std::vector<int64_t> kept_groups, kept_rows, still;
        for (int64_t g = 0; g < groups; ++g) {
            if (is_done[static_cast<size_t>(g)] != 0) continue;
            kept_groups.push_back(g);
            still.push_back(active[static_cast<size_t>(g)]);
            for (int64_t k = 0; k < beam; ++k) kept_rows.push_back(g * beam + k);
        }
        if (still.empty()) break;
        if (still.size() == active.size()) continue;
        const at::Tensor rows = long_tensor(kept_rows, device);
        const at::Tensor kept = long_tensor(kept_groups, device);
        cache.select(rows);
        if (!lm) {
            encoded.select(kept);
            cache.select_memory(kept);
        }
        next = next.index_select(0, rows);
        scores = scores.index_select(0, rows);
        tokens = tokens.index_select(0, rows);
        log_prob_history = log_prob_history.index_select(0, rows);
        done = done.index_select(0, kept);
        active = std::move(still);
        describe_active();
    }
    return finished.read();
}

}  // namespace tfw
