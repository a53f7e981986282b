// tfw info: what a checkpoint holds.
#include <cmath>
#include <iostream>
#include <sstream>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/config/config_io.h"
#include "core/io/checkpoint.h"
#include "core/metrics/metric_registry.h"

namespace tfw::cli {
namespace {

int info(const std::vector<std::string>& argv) {
    Args args("info", "Shows a checkpoint's configuration, size, training position and history.");
    args.positional("CHECKPOINT", "a .tfw file")
        .flag("json", "print everything as one JSON object");
    if (!args.parse(argv)) return 0;
    const Checkpoint c = load_checkpoint(args.positionals()[0]);
    if (const std::string note = unverified_header_note(c, args.positionals()[0]); !note.empty())
        std::cerr << "note: " << note << "\n";
    const TrainingPosition& p = c.position;

    int validations = 0;
    double last_loss = 0;
    nlohmann::json best;  // the validation of the best checkpoint
    std::istringstream history(c.history);
    for (std::string line; std::getline(history, line);) {
        const auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded()) continue;
        if (j.value("kind", "") == "validation") {
            ++validations;
            if (j.value("is_best", false)) best = j;
        } else if (j["loss"].is_number()) {
            last_loss = j["loss"].get<double>();
        }
    }
    if (args.has("json")) {
        nlohmann::json out{{"config", to_json(c.config)},
                           {"parameters", c.parameters},
                           {"src_vocab", c.src_vocab},
                           {"tgt_vocab", c.tgt_vocab},
                           {"tokenizer", c.tgt_tokenizer_type},
                           {"step", p.step},
                           {"epoch", p.epoch},
                           {"elapsed_s", p.elapsed_s},
                           {"best_valid_loss", p.best_valid_loss},
                           {"best_step", p.best_step},
                           {"best_valid_score", p.best_valid_score},
                           {"validations", validations},
                           {"versions", c.versions}};
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::cout << "checkpoint   " << args.positionals()[0] << "\n"
              << "experiment   " << c.config.name << " ("
              << to_json(c.config)["task"].get<std::string>() << ")\n"
              << "parameters   " << c.parameters << "\n"
              << "vocabulary   " << c.tgt_tokenizer_type << ", " << c.src_vocab << " source / "
              << c.tgt_vocab << " target\n"
              << "model        d_model " << c.config.model.d_model << ", " << c.config.model.heads
              << " heads, "
              << (c.config.is_lm() ? "" : std::to_string(c.config.model.encoder_layers) + "+")
              << c.config.model.decoder_layers << " layers, ffn " << c.config.model.ffn_dim << ", "
              << (c.config.model.norm == NormPlacement::Pre ? "pre-LN" : "post-LN") << "\n"
              << "trained      " << p.step << " steps, epoch " << p.epoch << ", "
              << std::lround(p.elapsed_s) << " s, " << p.tokens_seen << " target tokens\n"
              << "last loss    " << last_loss << " (training, label-smoothed)\n";
    if (best.is_object()) {
        std::cout << "best valid   ";
        for (const MetricInfo& metric : metric_registry())
            if (best[metric.key].is_number())
                std::cout << metric.name << " " << best[metric.key].get<double>() << ", ";
        std::cout << "loss " << best.value("loss", 0.0) << ", perplexity "
                  << best.value("perplexity", 0.0) << " at step " << best.value("step", 0) << " ("
                  << validations << " validations)\n";
    }
    std::cout << "written by   tfw " << c.versions.value("tfw", "?") << ", libtorch "
              << c.versions.value("libtorch", "?") << "\n"
              << "\nconfiguration:\n"
              << to_json(c.config).dump(2) << "\n";
    return 0;
}

const bool registered = register_command({"info", "describe a checkpoint", info});

}  // namespace
}  // namespace tfw::cli
