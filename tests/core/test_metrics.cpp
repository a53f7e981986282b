// Metrics: every shared conformance case (sacreBLEU 2.6.0 BLEU/chrF, rouge-score 0.1.2)
// within the stated tolerances, plus hand-made checks of tokenizers, stems and edge cases.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/metric_registry.h"
#include "core/metrics/perplexity.h"
#include "core/metrics/porter_stemmer.h"
#include "core/metrics/rouge.h"
#include "core/metrics/unicode_text.h"
#include "tests/core/conformance_cases.h"

using namespace tfw;
using nlohmann::json;

namespace {

// Tolerances from the conformance README.
constexpr double kScoreTolerance = 0.01;  // BLEU/chrF points, precisions too
constexpr double kBpTolerance = 1e-6;
constexpr double kRougeTolerance = 1e-4;

// Collects every mismatch of a case so that one failure reports all of them.
class Mismatches {
  public:
    void near(const std::string& what, double actual, double expected, double tolerance) {
        if (std::fabs(actual - expected) <= tolerance) return;
        std::ostringstream out;
        out.precision(17);
        out << what << ": got " << actual << ", expected " << expected;
        add(out.str());
    }
    void exact(const std::string& what, int64_t actual, int64_t expected) {
        if (actual != expected)
            add(what + ": got " + std::to_string(actual) + ", expected " +
                std::to_string(expected));
    }
    void equal(const std::string& what, const std::string& actual, const std::string& expected) {
        if (actual != expected) add(what + ": got '" + actual + "', expected '" + expected + "'");
    }
    bool empty() const { return count_ == 0; }
    std::string report() const {
        return std::to_string(count_) + " mismatch(es):\n" + text_ +
               (count_ > kShown ? "...\n" : "");
    }

  private:
    static constexpr int kShown = 15;
    void add(const std::string& line) {
        if (++count_ <= kShown) text_ += "  " + line + "\n";
    }
    int count_ = 0;
    std::string text_;
};

// The BLEU options each expected.json block was computed with (its `settings`).
BleuOptions bleu_block_options(const std::string& block) {
    BleuOptions options;
    if (block == "bleu_lowercase") options.lowercase = true;
    if (block == "bleu_tok_intl") options.tokenizer = BleuTokenizer::kIntl;
    if (block == "bleu_tok_none") options.tokenizer = BleuTokenizer::kNone;
    return options;
}

void check_bleu(const BleuScore& actual, const json& expected, const std::string& where,
                Mismatches& m) {
    m.near(where + " score", actual.score, expected.at("score"), kScoreTolerance);
    m.near(where + " bp", actual.bp, expected.at("bp"), kBpTolerance);
    m.exact(where + " sys_len", actual.sys_len, expected.at("sys_len"));
    m.exact(where + " ref_len", actual.ref_len, expected.at("ref_len"));
    for (int n = 0; n < kBleuMaxOrder; ++n) {
        const std::string order = "[" + std::to_string(n + 1) + "]";
        m.near(where + " precisions" + order, actual.precisions[n], expected.at("precisions")[n],
               kScoreTolerance);
        m.exact(where + " counts" + order, actual.counts[n], expected.at("counts")[n]);
        m.exact(where + " totals" + order, actual.totals[n], expected.at("totals")[n]);
    }
}

std::vector<std::string> segment_references(const test::ConformanceCase& c, size_t line) {
    std::vector<std::string> refs;
    for (const auto& stream : c.references) refs.push_back(stream[line]);
    return refs;
}

void check_rouge_value(const RougeValue& actual, const json& expected, const std::string& where,
                       Mismatches& m) {
    m.near(where + " precision", actual.precision, expected.at("precision"), kRougeTolerance);
    m.near(where + " recall", actual.recall, expected.at("recall"), kRougeTolerance);
    m.near(where + " fmeasure", actual.fmeasure, expected.at("fmeasure"), kRougeTolerance);
}

void check_rouge(const RougeScores& actual, const json& expected, const std::string& where,
                 Mismatches& m) {
    check_rouge_value(actual.rouge1, expected.at("rouge1"), where + " rouge1", m);
    check_rouge_value(actual.rouge2, expected.at("rouge2"), where + " rouge2", m);
    check_rouge_value(actual.rougeL, expected.at("rougeL"), where + " rougeL", m);
    check_rouge_value(actual.rougeLsum, expected.at("rougeLsum"), where + " rougeLsum", m);
}

// Checks one block of one case; returns false for a block this test does not know.
bool check_block(const test::ConformanceCase& c, const std::string& block, Mismatches& m) {
    const json& expected = c.expected.at(block);
    const int nrefs = static_cast<int>(c.references.size());
    if (block.rfind("bleu_", 0) == 0) {
        const BleuOptions options = bleu_block_options(block);
        const BleuScore score = corpus_bleu(c.hypotheses, c.references, options);
        check_bleu(score, expected, block, m);
        m.equal(block + " signature", bleu_signature(options, nrefs), expected.at("signature"));
        m.equal(block + " formatted", score.format(), expected.at("formatted"));
        return true;
    }
    if (block == "sentence_bleu") {
        const BleuOptions options = sentence_bleu_options();
        m.equal(block + " signature", bleu_signature(options, nrefs), expected.at("signature"));
        const json& segments = expected.at("segments");
        m.exact(block + " segments", static_cast<int64_t>(segments.size()),
                static_cast<int64_t>(c.hypotheses.size()));
        for (size_t i = 0; i < std::min(segments.size(), c.hypotheses.size()); ++i)
            check_bleu(sentence_bleu(c.hypotheses[i], segment_references(c, i), options),
                       segments[i], block + " line " + std::to_string(i + 1), m);
        return true;
    }
    if (block == "chrf" || block == "chrf_pp") {
        const ChrfOptions options = block == "chrf" ? ChrfOptions{} : chrf_plus_plus_options();
        const ChrfScore score = corpus_chrf(c.hypotheses, c.references, options);
        m.near(block + " score", score.score, expected.at("score"), kScoreTolerance);
        const json& stats = expected.at("stats");
        m.exact(block + " stats size", static_cast<int64_t>(score.stats.size()),
                static_cast<int64_t>(stats.size()));
        for (size_t i = 0; i < std::min(stats.size(), score.stats.size()); ++i)
            m.exact(block + " stats[" + std::to_string(i) + "]", score.stats[i], stats[i]);
        m.equal(block + " signature", chrf_signature(options, nrefs), expected.at("signature"));
        m.equal(block + " formatted", score.format(), expected.at("formatted"));
        return true;
    }
    if (block == "sentence_chrf") {
        const ChrfOptions options;
        m.equal(block + " signature", chrf_signature(options, nrefs), expected.at("signature"));
        const json& segments = expected.at("segments");
        m.exact(block + " segments", static_cast<int64_t>(segments.size()),
                static_cast<int64_t>(c.hypotheses.size()));
        for (size_t i = 0; i < std::min(segments.size(), c.hypotheses.size()); ++i)
            m.near(block + " line " + std::to_string(i + 1),
                   sentence_chrf(c.hypotheses[i], segment_references(c, i), options).score,
                   segments[i], kScoreTolerance);
        return true;
    }
    if (block == "no_stemmer" || block == "stemmer") {
        RougeOptions options;
        options.use_stemmer = block == "stemmer";
        const auto per_line = rouge_score_lines(c.references.at(0), c.hypotheses, options);
        const json& expected_lines = expected.at("per_line");
        m.exact(block + " lines", static_cast<int64_t>(expected_lines.size()),
                static_cast<int64_t>(per_line.size()));
        for (size_t i = 0; i < std::min(per_line.size(), expected_lines.size()); ++i)
            check_rouge(per_line[i], expected_lines[i], block + " line " + std::to_string(i + 1),
                        m);
        check_rouge(rouge_mean(per_line), expected.at("mean"), block + " mean", m);
        return true;
    }
    return block == "reference_tool" || block == "sentence_separator";  // descriptions only
}

}  // namespace

class TestMetrics : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void conformance_data() {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<QString>("block");
        const auto names = test::conformance_case_names();
        if (names.empty()) {
            QTest::newRow("no conformance data") << QString() << QString();
            return;
        }
        for (const auto& name : names)
            for (const auto& block : test::conformance_blocks(name))
                QTest::newRow((name + ":" + block).c_str())
                    << QString::fromStdString(name) << QString::fromStdString(block);
    }

    void conformance() {
        QFETCH(QString, caseName);
        QFETCH(QString, block);
        if (caseName.isEmpty())
            QSKIP(qPrintable("no conformance cases under " +
                             QString::fromStdString(test::conformance_root().string())));
        const auto c = test::load_conformance_case(caseName.toStdString());
        Mismatches mismatches;
        QVERIFY2(check_block(c, block.toStdString(), mismatches),
                 qPrintable("unknown expected.json block " + block));
        QVERIFY2(mismatches.empty(), mismatches.report().c_str());
    }

    void everyCaseHasScoredBlocks() {
        const auto names = test::conformance_case_names();
        if (names.empty()) QSKIP("no conformance data");
        QVERIFY(names.size() >= 8);
        const std::vector<std::string> rouge_blocks = {"no_stemmer", "stemmer"};
        const std::vector<std::string> sacrebleu_blocks = {
            "bleu_default",  "bleu_lowercase", "bleu_tok_intl", "bleu_tok_none",
            "sentence_bleu", "chrf",           "chrf_pp",       "sentence_chrf"};
        for (const auto& name : names) {
            const auto blocks = test::conformance_blocks(name);
            const bool rouge = name.rfind("rouge/", 0) == 0;
            for (const auto& wanted : rouge ? rouge_blocks : sacrebleu_blocks)
                QVERIFY2(std::find(blocks.begin(), blocks.end(), wanted) != blocks.end(),
                         (name + " lacks " + wanted).c_str());
        }
    }

    void tokenizes13aLikeMteval() {
        QCOMPARE(tokenize_13a("Hello, world!"), std::string("Hello , world !"));
        QCOMPARE(tokenize_13a("It's 1,250.50 dollars."), std::string("It's 1,250.50 dollars ."));
        QCOMPARE(tokenize_13a("pages 3-4, a-b."), std::string("pages 3 - 4 , a-b ."));
        QCOMPARE(tokenize_13a("&quot;Hi&quot; &amp; bye<skipped>"), std::string("\" Hi \" & bye"));
        QCOMPARE(tokenize_13a("(test) $5 x/y..."), std::string("( test ) $ 5 x / y . . ."));
        QCOMPARE(tokenize_13a("Grüße, Zoë."), std::string("Grüße , Zoë ."));
        QCOMPARE(tokenize_13a("a.. b,,c 2.,3"), std::string("a . . b , , c 2 . , 3"));
        QCOMPARE(tokenize_13a("  spaced\u00a0out  "), std::string("spaced out"));
    }

    void tokenizesIntlByUnicodeCategory() {
        QCOMPARE(tokenize_intl("It's 1,250.50 dollars."), std::string("It ' s 1,250.50 dollars ."));
        QCOMPARE(tokenize_intl("„Grüße“ – 5€ 3.5% ©"), std::string("„ Grüße “ – 5 € 3.5 % ©"));
        QCOMPARE(tokenize_intl("中文，测试。"), std::string("中文 ， 测试 。"));
        QCOMPARE(tokenize_bleu(BleuTokenizer::kNone, "a,b"), std::string("a,b"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_bleu_tokenizer("moses"));
    }

    // sacreBLEU's zh tokenizer (its reference outputs: tests/data/bleu_zh/make_expected.py),
    // every line's tokens, corpus and sentence BLEU with it, chrF; and the choice of it for
    // Chinese references.
    void tokenizesChineseLikeSacrebleu() {
        const std::filesystem::path dir = std::filesystem::path(TFW_TEST_DATA_DIR) / "bleu_zh";
        const auto lines = [&](const char* name) {
            std::ifstream in(dir / name, std::ios::binary);
            std::vector<std::string> out;
            for (std::string line; std::getline(in, line);) out.push_back(line);
            return out;
        };
        const std::vector<std::string> hyps = lines("hyp.txt"), refs = lines("ref.txt");
        std::ifstream in(dir / "expected.json");
        const json expected = json::parse(in);
        QCOMPARE(hyps.size(), size_t(expected.at("num_segments")));
        QCOMPARE(refs.size(), hyps.size());
        Mismatches m;
        for (size_t i = 0; i < hyps.size(); ++i) {
            const json& tokens = expected.at("tokenized")[i];
            m.equal("hyp " + std::to_string(i), tokenize_zh(hyps[i]), tokens.at("hyp"));
            m.equal("ref " + std::to_string(i), tokenize_zh(refs[i]), tokens.at("ref"));
        }
        BleuOptions zh;
        zh.tokenizer = BleuTokenizer::kZh;
        const BleuScore bleu = corpus_bleu(hyps, {refs}, zh);
        const json& want = expected.at("bleu_zh");
        m.near("bleu score", bleu.score, want.at("score"), kScoreTolerance);
        m.near("bleu bp", bleu.bp, want.at("bp"), kBpTolerance);
        m.exact("bleu sys_len", bleu.sys_len, want.at("sys_len"));
        m.exact("bleu ref_len", bleu.ref_len, want.at("ref_len"));
        for (int n = 0; n < kBleuMaxOrder; ++n)
            m.near("bleu precision " + std::to_string(n + 1), bleu.precisions[n],
                   want.at("precisions")[n], kScoreTolerance);
        m.equal("bleu signature", bleu_signature(zh, 1), want.at("signature"));
        m.near("chrf", corpus_chrf(hyps, {refs}).score, expected.at("chrf").at("score"),
               kScoreTolerance);
        BleuOptions sentence = sentence_bleu_options();
        sentence.tokenizer = BleuTokenizer::kZh;
        for (size_t i = 0; i < hyps.size(); ++i)
            m.near("sentence bleu " + std::to_string(i),
                   sentence_bleu(hyps[i], {refs[i]}, sentence).score,
                   expected.at("sentence_bleu_zh")[i], kScoreTolerance);
        QVERIFY2(m.empty(), m.report().c_str());

        QCOMPARE(parse_bleu_tokenizer("zh"), BleuTokenizer::kZh);
        QCOMPARE(bleu_tokenizer_for(refs), BleuTokenizer::kZh);
        QCOMPARE(bleu_tokenizer_for({"A man rides a bike.", "Zwei Hunde spielen."}),
                 BleuTokenizer::k13a);
    }

    void lowercasesLikePython() {
        QCOMPARE(python_lower("ÄÖÜ ẞ İ"), std::string("äöü ß i\u0307"));
        QCOMPARE(python_lower("ΟΔΟΣ"), std::string("οδος"));  // final sigma
        QCOMPARE(python_split(std::string_view("a\u00a0b\u3000c\u200bd")),
                 (std::vector<std::string>{"a", "b", "c\u200bd"}));
    }

    void stemsLikeNltkPorter() {
        const std::vector<std::pair<const char*, const char*>> stems = {{"caresses", "caress"},
                                                                        {"ponies", "poni"},
                                                                        {"ties", "tie"},
                                                                        {"cats", "cat"},
                                                                        {"feed", "feed"},
                                                                        {"agreed", "agre"},
                                                                        {"plastered", "plaster"},
                                                                        {"motoring", "motor"},
                                                                        {"sing", "sing"},
                                                                        {"hopping", "hop"},
                                                                        {"falling", "fall"},
                                                                        {"filing", "file"},
                                                                        {"happy", "happi"},
                                                                        {"enjoy", "enjoy"},
                                                                        {"sky", "sky"},
                                                                        {"dying", "die"},
                                                                        {"flies", "fli"},
                                                                        {"dies", "die"},
                                                                        {"spied", "spi"},
                                                                        {"died", "die"},
                                                                        {"running", "run"},
                                                                        {"relational", "relat"},
                                                                        {"generalization", "gener"},
                                                                        {"electrical", "electr"},
                                                                        {"hopeful", "hope"},
                                                                        {"goodness", "good"},
                                                                        {"adjustment", "adjust"},
                                                                        {"controlling", "control"},
                                                                        {"geology", "geolog"},
                                                                        {"is", "is"}};
        for (const auto& [word, stem] : stems) QCOMPARE(porter_stem(word), std::string(stem));
    }

    void rougeTokenizerKeepsOnlyAsciiAlphanumerics() {
        QCOMPARE(rouge_tokenize("Café 1,250.50 don't", false),
                 (std::vector<std::string>{"caf", "1", "250", "50", "don", "t"}));
        QCOMPARE(rouge_tokenize("The dogs were running", true),
                 (std::vector<std::string>{"the", "dog", "were", "run"}));
    }

    void signaturesMatchSacrebleu() {
        QCOMPARE(bleu_signature({}, 1),
                 std::string("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"));
        BleuOptions floor;
        floor.smoothing = parse_bleu_smoothing("floor");
        floor.lowercase = true;
        floor.tokenizer = BleuTokenizer::kIntl;
        QCOMPARE(bleu_signature(floor, 2),
                 std::string("nrefs:2|case:lc|eff:no|tok:intl|smooth:floor[0.10]|version:2.6.0"));
        QCOMPARE(chrf_signature(chrf_plus_plus_options(), 1),
                 std::string("nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0"));
    }

    void identicalTextScoresPerfectly() {
        const std::vector<std::string> text = {"The cat sat on the mat.", "A dog barks!"};
        QCOMPARE(corpus_bleu(text, {text}).score, 100.0);
        QCOMPARE(sentence_bleu("Hi there", {"Hi there"}).score, 100.0);
        QCOMPARE(corpus_chrf(text, {text}).score, 100.0);
        QCOMPARE(rouge_score("a b c\nd e", "a b c\nd e").rougeLsum.fmeasure, 1.0);
    }

    void emptyHypothesisScoresZero() {
        const BleuScore bleu = corpus_bleu({""}, {{"some words here"}});
        QCOMPARE(bleu.score, 0.0);
        QCOMPARE(bleu.bp, 0.0);
        QCOMPARE(bleu.sys_len, int64_t(0));
        QCOMPARE(bleu.ref_len, int64_t(3));
        QCOMPARE(sentence_chrf("", {"some words"}).score, 0.0);
        const RougeScores rouge = rouge_score("some words", "");
        QCOMPARE(rouge.rouge1.fmeasure, 0.0);
        QCOMPARE(rouge.rougeLsum.recall, 0.0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, corpus_bleu({"a", "b"}, {{"a"}}));
    }

    void smoothingMethodsFollowSacrebleu() {
        // "a b c" against "a b d": matches 2/3, 1/2, 0/1 and no 4-gram.
        auto score = [](const char* method, bool effective_order) {
            BleuOptions options;
            options.smoothing = parse_bleu_smoothing(method);
            options.effective_order = effective_order;
            return sentence_bleu("a b c", {"a b d"}, options).score;
        };
        QVERIFY(std::fabs(score("exp", true) - 55.03212081491043) < 1e-9);
        QVERIFY(std::fabs(score("floor", true) - 32.182979486854336) < 1e-9);
        QVERIFY(std::fabs(score("add-k", false) - 68.65890479690394) < 1e-9);
        QCOMPARE(score("none", true), 0.0);
        QCOMPARE(score("exp", false), 0.0);  // no 4-grams: log 0 without effective order
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_bleu_smoothing("lin"));
    }

    void multiReferenceUsesClosestShorterLength() {
        // Hypothesis of 3 tokens, references of 2 and 4: a tie, the shorter one wins.
        const BleuScore score = sentence_bleu("a b c", {"a b c d", "a b"});
        QCOMPARE(score.ref_len, int64_t(2));
    }

    void separatorsBecomeNewlines() {
        QCOMPARE(expand_sentence_separators("One. <n> Two.<n>"), std::string("One. \n Two.\n"));
    }

    void perplexityAndAccuracy() {
        QCOMPARE(perplexity(0.0, 10), 1.0);
        QVERIFY(std::fabs(perplexity(10 * std::log(50.0), 10) - 50.0) < 1e-9);
        QVERIFY(std::isnan(perplexity(1.0, 0)));
        // Per word: the per-token loss counted over the pieces of each word (1.5 here), so that
        // a subword model's figure compares with word-level ones; none without splitting.
        QVERIFY(std::fabs(word_perplexity(std::log(20.0), 1.5) - std::pow(20.0, 1.5)) < 1e-9);
        QCOMPARE(word_perplexity(std::log(20.0), 1.0), 0.0);
        QCOMPARE(word_perplexity(std::log(20.0), 0.0), 0.0);
        QCOMPARE(accuracy(3, 4), 0.75);
    }

    void registryNamesEveryMetricOnce() {
        std::set<std::string> keys, names;
        for (const MetricInfo& metric : metric_registry()) {
            QVERIFY2(keys.insert(metric.key).second, metric.key.c_str());
            QVERIFY2(names.insert(metric.name).second, metric.name.c_str());
            QVERIFY(metric.corpus);
            QCOMPARE(bool(metric.sentence), !metric.sentence_name.empty());
        }
        // Every task with references ranks its sentences by one of its own metrics.
        for (Task task : {Task::Translation, Task::Summarization}) {
            const auto metrics = metrics_for(task);
            QVERIFY(std::any_of(metrics.begin(), metrics.end(),
                                [](const MetricInfo* m) { return bool(m->sentence); }));
        }
        QVERIFY(metrics_for(Task::LanguageModel).empty());
    }

    // The registry's entries give the metrics' own numbers, and read them back from what they
    // write (the keys and objects of saved evaluations from every version).
    void registryScoresAsTheMetricsDo() {
        const std::vector<std::string> hyps{"the cat sat on the mat", "a dog <n> barked loudly"};
        const std::vector<std::string> refs{"the cat is on the mat", "the dog <n> barked"};
        const RougeScores rouge = rouge_mean(rouge_score_lines(refs, hyps));
        const std::map<std::string, double> expected{{"bleu", corpus_bleu(hyps, {refs}).score},
                                                     {"chrf", corpus_chrf(hyps, {refs}).score},
                                                     {"rouge1", 100 * rouge.rouge1.fmeasure},
                                                     {"rouge2", 100 * rouge.rouge2.fmeasure},
                                                     {"rougeL", 100 * rouge.rougeL.fmeasure},
                                                     {"rougeLsum", 100 * rouge.rougeLsum.fmeasure}};
        QCOMPARE(metric_registry().size(), expected.size());
        for (const MetricInfo& metric : metric_registry()) {
            const MetricScore score = metric.corpus(hyps, refs, ScoringSettings{});
            QCOMPARE(score.value, expected.at(metric.key));
            const MetricScore read = read_metric_score(metric, json(score.json));
            QCOMPARE(read.value, score.value);
            QCOMPARE(read.signature, score.signature);
        }
        const MetricInfo& bleu = metric_registry().front();
        QCOMPARE(bleu.corpus(hyps, refs, ScoringSettings{}).signature, bleu_signature({}, 1));
        QCOMPARE(bleu.sentence(hyps[0], refs[0], ScoringSettings{}),
                 sentence_bleu(hyps[0], {refs[0]}).score);
        QVERIFY(std::isnan(read_metric_score(bleu, json{{"signature", "x"}}).value));
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "test_metrics.moc"
