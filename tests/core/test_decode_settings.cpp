// The decoding settings: every entry of decode_fields() reaches JSON, --set, the experiment and
// the checks; their problems are named; older decode sections keep loading.
#include <QtTest>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/config/config_io.h"
#include "core/config/decode_fields.h"
#include "core/decode/search.h"
#include "tests/core/decode_fixtures.h"

using namespace tfw;
using namespace tfw::test;

namespace {

// A valid value of `field` other than `value`.
nlohmann::json other_value(const DecodeField& field, const nlohmann::json& value) {
    switch (field.kind) {
        case FieldKind::Bool:
            return !value.get<bool>();
        case FieldKind::Choice:
            return value == field.choices.front() ? field.choices.back() : field.choices.front();
        case FieldKind::Int:
            return value.get<int64_t>() + 1;
        default: {
            const double x = value.get<double>();
            return field.max && x + 0.5 > *field.max ? x / 2 : x + 0.5;
        }
    }
}

// How `--set` spells a value: strings bare, numbers and booleans as JSON.
std::string spelled(const nlohmann::json& value) {
    return value.is_string() ? value.get<std::string>() : value.dump();
}

bool names(const std::vector<DecodeProblem>& problems, const std::string& key) {
    return std::any_of(problems.begin(), problems.end(),
                       [&](const DecodeProblem& p) { return p.key == key; });
}

std::string joined(const std::vector<Phrase>& problems) {
    std::string all;
    for (const auto& p : problems) all += p.text() + "\n";
    return all;
}

}  // namespace

class TestDecodeSettings : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void optionProblemsAreNamed() {
        DecodeOptions o;
        o.beam = 0;
        o.top_p = 1.5;
        const std::string problems = joined(check_decode_options(o));
        QVERIFY2(problems.find("beam must be >= 1 (got 0)") != std::string::npos, problems.c_str());
        QVERIFY2(problems.find("top_p must be in (0, 1] (got 1.5)") != std::string::npos,
                 problems.c_str());
        QVERIFY(check_decode_options(DecodeOptions{}).empty());
        DecodeOptions nbest = options_with(2);
        nbest.nbest = 3;
        QVERIFY(joined(check_decode_options(nbest)).find("nbest must be <= beam (got 3)") !=
                std::string::npos);
    }

    // One entry in decode_fields() is all a setting needs to reach a saved evaluation's JSON,
    // the experiment's decode section (JSON and --set) and the checks.
    void everyDecodeFieldReachesJsonAndTheExperiment() {
        for (const DecodeField& field : decode_fields()) {
            QVERIFY2(!field.help.empty() && !field.label.empty(), field.key.c_str());
            DecodeSettings settings;
            const nlohmann::json changed = other_value(field, field.get(settings));
            field.set(settings, changed);
            QVERIFY2(to_json(settings).at(field.key).dump() == changed.dump(), field.key.c_str());

            ExperimentConfig config;
            apply_override(config, "decode." + field.key + "=" + spelled(changed));
            QVERIFY2(field.get(config.decode) == changed, field.key.c_str());
            const ExperimentConfig back = config_from_json(to_json(config));
            QVERIFY2(field.get(back.decode) == changed, field.key.c_str());
        }
        QCOMPARE(to_json(DecodeSettings{}).size(), decode_fields().size());
    }

    void decodeFieldRangesAreChecked() {
        for (const DecodeField& field : decode_fields()) {
            if (field.min) {
                DecodeSettings settings;
                field.set(settings, field.min_open ? *field.min : *field.min - 1);
                QVERIFY2(names(check_decode_settings(settings), field.key), field.key.c_str());
            }
            if (field.max) {
                DecodeSettings settings;
                field.set(settings, *field.max + 1);
                QVERIFY2(names(check_decode_settings(settings), field.key), field.key.c_str());
            }
        }
        ExperimentConfig config;
        config.data.synthetic = Synthetic::Reverse;
        config.decode.temperature = 0;
        const auto issues = validate(config);
        QCOMPARE(issues.size(), size_t(1));
        QCOMPARE(issues[0].key, std::string("decode.temperature"));
        QCOMPARE(issues[0].message.text(),
                 std::string("decode.temperature must be in (0, 100] (got 0)"));
    }

    // Experiments saved before the decode section grew keep loading, with the defaults.
    void olderDecodeSectionsLoad() {
        const ExperimentConfig config = config_from_json(
            nlohmann::json::parse(R"({"decode": {"beam": 4, "lenpen_form": "gnmt"}})"));
        QCOMPARE(config.decode.beam, 4);
        QVERIFY(config.decode.lenpen_form == LengthPenaltyForm::Gnmt);
        QCOMPARE(config.decode.top_p, DecodeSettings{}.top_p);
    }
};

QTEST_APPLESS_MAIN(TestDecodeSettings)
#include "test_decode_settings.moc"
