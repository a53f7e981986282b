// ExperimentConfig: JSON round-trip, --set overrides, validation messages, presets.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/config/config_io.h"
#include "core/config/config_schema.h"
#include "core/config/key_suggestion.h"
#include "core/train/lr_schedule.h"

using namespace tfw;

class TestConfig : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void defaultsAreValidOnceDataIsGiven() {
        ExperimentConfig c;
        c.data.synthetic = Synthetic::Reverse;
        QVERIFY2(validate(c).empty(),
                 validate(c).empty() ? "" : validate(c)[0].message.text().c_str());
    }

    void jsonRoundTripKeepsEveryField() {
        ExperimentConfig c;
        c.task = Task::LanguageModel;
        c.model.d_model = 384;
        c.model.norm = NormPlacement::Post;
        c.train.betas = {0.8, 0.99};
        c.train.schedule = Schedule::Noam;
        c.tokenizer.model = "spm.model";
        const ExperimentConfig back = config_from_json(to_json(c));
        QCOMPARE(to_json(back).dump(), to_json(c).dump());
        QCOMPARE(back.model.d_model, 384);
        QCOMPARE(back.train.betas[1], 0.99);
        QVERIFY(back.task == Task::LanguageModel);
    }

    void everyFieldHasALabelHelpAndRoundTripsThroughItsSetter() {
        ExperimentConfig c;
        for (const auto& field : config_fields()) {
            QVERIFY2(!field.label.empty(), field.key.c_str());
            QVERIFY2(field.label != field.key, field.key.c_str());
            QVERIFY2(!field.help.empty(), field.key.c_str());
            field.set(c, field.get(c));
        }
        QCOMPARE(to_json(c).dump(), to_json(ExperimentConfig{}).dump());
    }

    void overridesParseByFieldKind() {
        ExperimentConfig c;
        apply_override(c, "model.heads=4");
        apply_override(c, "model.dropout=0.3");
        apply_override(c, "tokenizer.shared=false");
        apply_override(c, "train.betas=0.9,0.999");
        apply_override(c, "model.norm=post");
        QCOMPARE(c.model.heads, 4);
        QCOMPARE(c.model.dropout, 0.3);
        QCOMPARE(c.tokenizer.shared, false);
        QCOMPARE(c.train.betas[1], 0.999);
        QVERIFY(c.model.norm == NormPlacement::Post);
    }

    void badOverridesNameKeyValueAndWhatIsAllowed() {
        ExperimentConfig c;
        auto message = [&](const std::string& assignment) {
            try {
                apply_override(c, assignment);
            } catch (const ConfigError& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        QCOMPARE(message("model.norm=middle"),
                 std::string("model.norm (\"middle\") must be one of pre | post"));
        QCOMPARE(message("model.heads=four"),
                 std::string("model.heads (\"four\") must be an integer"));
        QCOMPARE(
            message("model.bogus=1"),
            std::string("unknown configuration key 'model.bogus'; `tfw config` lists them all"));
        QCOMPARE(
            message("model.hedas=4"),
            std::string("unknown configuration key 'model.hedas' (did you mean model.heads?)"));
        QCOMPARE(message("model.heads"), std::string("--set expects key=value, got 'model.heads'"));
    }

    void validateNamesKeyValueAndRule() {
        ExperimentConfig c;
        c.data.synthetic = Synthetic::Reverse;
        c.model.heads = 6;
        c.model.d_model = 512;
        c.model.dropout = 1.5;
        const auto issues = validate(c);
        QCOMPARE(issues.size(), size_t(2));
        bool saw_heads = false, saw_dropout = false;
        for (const auto& issue : issues) {
            if (issue.key == "model.heads") {
                QCOMPARE(issue.message.text(),
                         std::string("model.heads (6) must divide model.d_model (512)"));
                saw_heads = true;
            }
            if (issue.key == "model.dropout") {
                QCOMPARE(issue.message.text(),
                         std::string("model.dropout (1.5) must be between 0 and 0.9"));
                saw_dropout = true;
            }
        }
        QVERIFY(saw_heads && saw_dropout);
    }

    // A language model has no outputs to score against references.
    void aLanguageModelCannotPickItsCheckpointByBleu() {
        ExperimentConfig c;
        c.data.synthetic = Synthetic::Reverse;
        c.train.valid_metric = ValidMetric::Bleu;
        QVERIFY(validate(c).empty());
        c.task = Task::LanguageModel;
        c.data.synthetic = Synthetic::None;
        c.data.train = "train.txt";
        c.data.valid = "valid.txt";
        const auto issues = validate(c);
        QCOMPARE(issues.size(), size_t(1));
        QCOMPARE(issues[0].key, std::string("train.valid_metric"));
        QCOMPARE(issues[0].message.text(),
                 std::string("train.valid_metric (bleu) scores decoded outputs against "
                             "references; a language model has none: use loss (its perplexity)"));
        c.train.valid_metric = ValidMetric::Loss;
        QVERIFY(validate(c).empty());
    }

    void missingDataFilesAreReported() {
        ExperimentConfig c;
        const auto issues = validate(c);
        QVERIFY(!issues.empty());
        QCOMPARE(issues[0].key, std::string("data.train_src"));
    }

    // A misspelt key names the one meant: letters swapped, one missing or extra, the section
    // left out or misspelt; a word far from every key gets no guess.
    void aMisspeltKeySuggestsTheNearestOne() {
        QCOMPARE(nearest_config_key("model.hedas"), std::string("model.heads"));
        QCOMPARE(nearest_config_key("model.dmodel"), std::string("model.d_model"));
        QCOMPARE(nearest_config_key("train.lrr"), std::string("train.lr"));
        QCOMPARE(nearest_config_key("trian.warmup_steps"), std::string("train.warmup_steps"));
        QCOMPARE(nearest_config_key("heads"), std::string("model.heads"));
        QCOMPARE(nearest_config_key("label_smoothing"), std::string("train.label_smoothing"));
        QCOMPARE(nearest_config_key("modle"), std::string("model"));
        QCOMPARE(nearest_config_key("model.bogus"), std::string());
        QCOMPARE(nearest_config_key("colour"), std::string());
        try {
            config_from_json(nlohmann::json::parse(R"({"train":{"warmup_step":10}})"));
            QFAIL("no error");
        } catch (const ConfigError& e) {
            QCOMPARE(std::string(e.what()), std::string("unknown configuration key "
                                                        "'train.warmup_step' (did you mean "
                                                        "train.warmup_steps?)"));
        }
    }

    void unknownJsonKeysAreRejected() {
        QVERIFY_THROWS_EXCEPTION(
            ConfigError, config_from_json(nlohmann::json::parse(R"({"model":{"dmodel":3}})")));
        // A misspelt section that happens to be empty is named too; an empty real one is fine.
        try {
            config_from_json(nlohmann::json::parse(R"({"modle":{}})"));
            QFAIL("no error");
        } catch (const ConfigError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("unknown configuration key 'modle' (did you mean model?)"));
        }
        QCOMPARE(config_from_json(nlohmann::json::parse(R"({"decode":{}})")).model.d_model,
                 ExperimentConfig().model.d_model);
    }

    // Files that are no configuration say which file and why, in the user's words.
    void unreadableConfigFilesAreNamed() {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        try {
            load_config_file(folder);
            QFAIL("no error");
        } catch (const ConfigError& e) {
            QCOMPARE(std::string(e.what()), folder + ": is a folder, not a configuration file");
        }
        const std::string cut = dir.filePath("cut.json").toStdString();
        std::ofstream(cut) << R"({"model": )";
        try {
            load_config_file(cut);
            QFAIL("no error");
        } catch (const ConfigError& e) {
            const std::string message = e.what();
            QVERIFY2(
                message.rfind(cut + ": not valid JSON: parse error at line 1, column 11", 0) == 0,
                e.what());
        }
    }

    // Found by the UBSan build (scripts/sanitize.sh, test_decode): an integer decoding setting
    // given as a float out of its type's range (-1.0 for the unsigned seed, 1e30 for beam) was
    // cast to the integer type, which is undefined behaviour; now it is read as the integer
    // would be, or refused.
    void decodeIntegersGivenAsHugeFloatsAreRefused() {
        for (const char* text : {R"({"decode":{"seed":-1.0}})", R"({"decode":{"seed":1e30}})",
                                 R"({"decode":{"beam":1e30}})", R"({"decode":{"beam":-1e19}})"}) {
            const std::string key =
                std::string(text).find("seed") != std::string::npos ? "decode.seed" : "decode.beam";
            bool refused = false;
            try {
                ExperimentConfig config = config_from_json(nlohmann::json::parse(text));
                config.data.synthetic = Synthetic::Reverse;
                for (const ValidationIssue& issue : validate(config)) refused |= issue.key == key;
            } catch (const ConfigError& e) {
                refused = std::string(e.what()).find(key) != std::string::npos;
            }
            QVERIFY2(refused, text);
        }
    }

    void everyPresetLoadsAndValidates() {
        QVERIFY(preset_names().size() >= 6);
        for (const auto& name : preset_names()) {
            const ExperimentConfig c = load_preset(name);
            const auto issues = validate(c);
            QVERIFY2(issues.empty(),
                     (name + ": " + (issues.empty() ? "" : issues[0].message.text())).c_str());
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, load_preset("no-such-preset"));
    }

    void noamScheduleFollowsItsFormula() {
        ExperimentConfig c;
        c.model.d_model = 512;
        c.train.schedule = Schedule::Noam;
        c.train.warmup_steps = 4000;
        c.train.noam_factor = 2.0;
        // factor * d^-0.5 * min(s^-0.5, s * w^-1.5)
        QCOMPARE(learning_rate_at(c, 100), 2.0 / std::sqrt(512.0) * 100 * std::pow(4000.0, -1.5));
        QCOMPARE(learning_rate_at(c, 10000), 2.0 / std::sqrt(512.0) / std::sqrt(10000.0));
        QVERIFY(learning_rate_at(c, 4000) > learning_rate_at(c, 3000));
        QVERIFY(learning_rate_at(c, 4000) > learning_rate_at(c, 5000));
    }

    void warmupSchedulesPeakAtLr() {
        ExperimentConfig c;
        c.train.lr = 1e-3;
        c.train.warmup_steps = 400;
        c.train.max_steps = 1400;
        for (Schedule s : {Schedule::InverseSqrt, Schedule::Cosine, Schedule::Constant}) {
            c.train.schedule = s;
            QCOMPARE(learning_rate_at(c, 200), 0.5e-3);
            QCOMPARE(learning_rate_at(c, 400), 1e-3);
        }
        c.train.schedule = Schedule::InverseSqrt;
        QCOMPARE(learning_rate_at(c, 1600), 0.5e-3);
        c.train.schedule = Schedule::Cosine;
        QCOMPARE(learning_rate_at(c, 900), 0.5e-3);
        QVERIFY(learning_rate_at(c, 1400) < 1e-12);

        // Without max_steps a time budget ends the cosine: the fraction of it spent counts.
        c.train.max_steps = 0;
        c.train.max_minutes = 45;
        QVERIFY(schedule_follows_clock(c.train));
        QCOMPARE(learning_rate_at(c, 200, 0.01), 0.5e-3);  // warmup still counts steps
        QCOMPARE(learning_rate_at(c, 5000, 0.0), 1e-3);
        QCOMPARE(learning_rate_at(c, 5000, 0.5), 0.5e-3);
        QVERIFY(learning_rate_at(c, 5000, 1.0) < 1e-12);
        auto about_max_steps = [](const ExperimentConfig& config) {
            int found = 0;
            for (const ValidationIssue& issue : validate(config))
                found += issue.key == "train.max_steps";
            return found;
        };
        QCOMPARE(about_max_steps(c), 0);
        c.train.max_minutes = 0;
        QVERIFY(!schedule_follows_clock(c.train));
        QCOMPARE(about_max_steps(c), 1);  // a cosine needs an end
    }
};

QTEST_APPLESS_MAIN(TestConfig)
#include "test_config.moc"
