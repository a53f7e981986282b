// The metric registry as the one list of metrics: the scorers of `tfw score` with the options
// they take, the main metric of each task, `tfw eval --metric`'s sets and train.valid_metric's
// choices all come from it.
#include <QtTest>

#include <cmath>
#include <stdexcept>

#include "core/config/config_schema.h"
#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/metric_registry.h"
#include "core/metrics/rouge.h"

using namespace tfw;

class TestMetricRegistry : public QObject {
    Q_OBJECT

  private:
    const std::vector<std::string> m_hyps{"the cat sat on the mat", "a dog <n> barked loudly"};
    const std::vector<std::string> m_refs{"the cat is on the mat", "the dog <n> barked"};

  private Q_SLOTS:
    void scorersAreTheMetricsOfTfwScore() {
        // The scorers of their own, then every metric without one, under its key.
        std::vector<std::string> names, expected{"bleu", "chrf", "chrf++", "rouge"};
        for (const Scorer& scorer : scorers()) names.push_back(scorer.name);
        for (const MetricInfo& metric : metric_registry()) {
            if (metric.scorer.empty()) expected.push_back(metric.key);
            QVERIFY2(find_scorer(metric.scorer.empty() ? metric.key : metric.scorer),
                     metric.key.c_str());
        }
        QCOMPARE(names, expected);
        QVERIFY(!find_scorer("meteor"));
    }

    void scorersTakeTheirOwnOptions() {
        const Scorer& bleu = *find_scorer("bleu");
        QVERIFY(bleu.takes(ScoringOption::Tokenize) && bleu.takes(ScoringOption::Lowercase));
        QVERIFY(!bleu.takes(ScoringOption::Stem) && !bleu.single_reference);
        const Scorer& chrf = *find_scorer("chrf++");
        QVERIFY(chrf.takes(ScoringOption::Lowercase) && !chrf.takes(ScoringOption::Tokenize));
        const Scorer& rouge = *find_scorer("rouge");
        QVERIFY(rouge.takes(ScoringOption::Stem) && !rouge.takes(ScoringOption::Lowercase));
        QVERIFY(rouge.single_reference && rouge.always_lowercases);
    }

    void scorersPrintTheMetricsOwnNumbers() {
        ScoringSettings lowercase;
        lowercase.lowercase = true;
        BleuOptions bleu_options;
        bleu_options.lowercase = true;
        const BleuScore bleu = corpus_bleu(m_hyps, {m_refs}, bleu_options);
        const ScorerReport bleu_report = find_scorer("bleu")->score(m_hyps, {m_refs}, lowercase);
        QCOMPARE(bleu_report.text,
                 bleu.format() + "\nsignature: " + bleu_signature(bleu_options, 1) + "\n");
        QCOMPARE(bleu_report.json.at("score").get<double>(), bleu.score);

        const ChrfScore chrf = corpus_chrf(m_hyps, {m_refs}, chrf_plus_plus_options());
        const ScorerReport chrf_report = find_scorer("chrf++")->score(m_hyps, {m_refs}, {});
        QCOMPARE(chrf_report.json.at("name").get<std::string>(), std::string("chrF2++"));
        QCOMPARE(chrf_report.json.at("score").get<double>(), chrf.score);

        ScoringSettings stem;
        stem.rouge_stemmer = true;
        const RougeScores rouge = rouge_mean(rouge_score_lines(m_refs, m_hyps, {true}));
        const ScorerReport rouge_report = find_scorer("rouge")->score(m_hyps, {m_refs}, stem);
        QCOMPARE(rouge_report.json.at("rougeL").at("fmeasure").get<double>(),
                 rouge.rougeL.fmeasure);
        QCOMPARE(rouge_report.json.at("stemmer").get<bool>(), true);
        QVERIFY2(rouge_report.text.find("rouge2     P = ") == rouge_report.text.find('\n') + 1,
                 rouge_report.text.c_str());
    }

    void eachTaskHasItsMainMetric() {
        QCOMPARE(main_metric(Task::Translation)->key, std::string("bleu"));
        QCOMPARE(main_metric(Task::Summarization)->key, std::string("rougeL"));
        QVERIFY(!main_metric(Task::LanguageModel));
        QCOMPARE(metric_set_names(), (std::vector<std::string>{"bleu", "rouge"}));
        QCOMPARE(metric_set_task("bleu"), Task::Translation);
        QCOMPARE(metric_set_task("rouge"), Task::Summarization);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, metric_set_task("chrf"));
    }

    // train.valid_metric's choices beyond loss are the registry's entries that say so, in the
    // order of the enum.
    void validMetricChoicesAreRegistryEntries() {
        const ConfigField* field = find_config_field("train.valid_metric");
        QVERIFY(field);
        QCOMPARE(field->choices.front(), std::string("loss"));
        QVERIFY(!validation_metric(ValidMetric::Loss));
        size_t picking = 0;
        for (const MetricInfo& metric : metric_registry())
            if (metric.valid_metric != ValidMetric::Loss) {
                ++picking;
                QCOMPARE(validation_metric(metric.valid_metric), &metric);
            }
        QCOMPARE(picking, field->choices.size() - 1);
        QCOMPARE(validation_metric(ValidMetric::Bleu)->key, std::string("bleu"));
        QCOMPARE(validation_metric(ValidMetric::RougeL)->key, std::string("rougeL"));
    }

    // The Inference area's tooltip: ROUGE-1, -2 and -L of one output, none for translation.
    void oneOutputsDetailIsRouge() {
        std::vector<std::string> detail;
        for (const Task task : {Task::Translation, Task::Summarization})
            for (const MetricInfo* metric : metrics_for(task))
                if (metric->sentence_detail) detail.push_back(metric->key);
        QCOMPARE(detail, (std::vector<std::string>{"rouge1", "rouge2", "rougeL"}));
        const MetricInfo& rouge_l = *find_metric("rougeL");
        QCOMPARE(rouge_l.corpus({m_hyps[1]}, {m_refs[1]}, {}).value,
                 rouge_l.sentence(m_hyps[1], m_refs[1], {}));
    }
};

QTEST_APPLESS_MAIN(TestMetricRegistry)
#include "test_metric_registry.moc"
