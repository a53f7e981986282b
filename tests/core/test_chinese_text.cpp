// Chinese text end to end on a tiny English→Chinese corpus written for the tests
// (tests/data/zh_en): sentencepiece learns pieces of Chinese characters, training lowers the
// loss, `tfw eval` scores BLEU with sacreBLEU's zh tokenizer (tok:zh in the signature, chosen
// because the references are Chinese) and chrF, and the attention maps are labelled with the
// Chinese pieces the heatmaps show.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "core/config/config_io.h"
#include "core/io/run_directory.h"
#include "tests/core/test_support.h"

using namespace tfw;
using nlohmann::json;

namespace {

using test::CliRun;
using test::run_tfw;

const std::filesystem::path kCorpus = std::filesystem::path(TFW_TEST_DATA_DIR) / "zh_en";

// A CJK unified ideograph (U+4E00..U+9FFF) anywhere in UTF-8 text.
bool has_ideograph(const std::string& text) {
    for (size_t i = 0; i + 2 < text.size(); ++i) {
        const auto b0 = static_cast<unsigned char>(text[i]);
        if (b0 >= 0xE4 && b0 <= 0xE9) return true;  // the lead bytes of U+4E00..U+9FFF
    }
    return false;
}

ExperimentConfig english_to_chinese() {
    ExperimentConfig c;
    c.name = "en-zh";
    c.task = Task::Translation;
    c.data.train_src = (kCorpus / "train.en").string();
    c.data.train_tgt = (kCorpus / "train.zh").string();
    c.data.valid_src = (kCorpus / "valid.en").string();
    c.data.valid_tgt = (kCorpus / "valid.zh").string();
    c.data.max_src_len = c.data.max_tgt_len = 48;
    c.tokenizer.type = TokenizerType::SentencePiece;
    c.tokenizer.model_type = SubwordModel::Unigram;
    c.tokenizer.shared = false;
    c.tokenizer.vocab_size = 170;
    c.model.d_model = 64;
    c.model.heads = 4;
    c.model.encoder_layers = c.model.decoder_layers = 2;
    c.model.ffn_dim = 128;
    c.model.dropout = 0.1;
    c.model.max_positions = 64;
    c.train.lr = 3e-3;
    c.train.warmup_steps = 20;
    c.train.batch_tokens = 600;
    c.train.epochs = 1000;
    c.train.max_steps = 150;
    c.train.valid_every = 50;
    c.train.log_every = 1;
    c.train.threads = 1;
    c.train.seed = 3;
    return c;
}

}  // namespace

class TestChineseText : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_run;

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const std::string config = m_dir.filePath("en-zh.json").toStdString();
        save_config_file(english_to_chinese(), config);
        m_run = m_dir.filePath("run").toStdString();
        const CliRun train = run_tfw({"train", "--config", QString::fromStdString(config),
                                      "--run-dir", QString::fromStdString(m_run)});
        QVERIFY2(train.exit_code == 0, (train.out + train.err).c_str());
    }

    void trainingLowersTheLoss() {
        std::ifstream in(RunPaths(m_run).history());
        std::vector<double> losses;
        for (std::string line; std::getline(in, line);) {
            const json j = json::parse(line);
            if (j.value("kind", "") == "step") losses.push_back(j.at("loss").get<double>());
        }
        QVERIFY(losses.size() > 100);
        QVERIFY2(losses.back() < 0.6 * losses.front(),
                 (std::to_string(losses.front()) + " -> " + std::to_string(losses.back())).c_str());
    }

    void sentencepieceCutsChineseIntoPieces() {
        const CliRun tokens = run_tfw({"tokens", "--run", QString::fromStdString(m_run), "--side",
                                       "target", "--text", "我喜欢小猫。"});
        QVERIFY2(tokens.exit_code == 0, tokens.err.c_str());
        QVERIFY2(has_ideograph(tokens.out), tokens.out.c_str());
    }

    void bleuUsesTheChineseTokenizerAndChrfIsScored() {
        const QString hypotheses = m_dir.filePath("valid.hyp.zh");
        const CliRun eval = run_tfw({"eval", "--checkpoint",
                                     QString::fromStdString(RunPaths(m_run).best_checkpoint()),
                                     "--split", "valid", "--out", hypotheses});
        QVERIFY2(eval.exit_code == 0, eval.err.c_str());
        const json result = json::parse(eval.out);
        const std::string signature = result.at("bleu").at("signature");
        QVERIFY2(signature.find("tok:zh") != std::string::npos, signature.c_str());
        QVERIFY(result.at("bleu").at("score").get<double>() >= 0);
        QVERIFY(result.at("chrf").at("score").get<double>() > 0);
        QCOMPARE(result.at("scoring").at("bleu_tokenize").get<std::string>(), std::string("zh"));
        std::ifstream in(hypotheses.toStdString());
        const std::string output((std::istreambuf_iterator<char>(in)), {});
        QVERIFY2(has_ideograph(output), output.c_str());
    }

    void attentionIsLabelledWithChinesePieces() {
        const QString input = m_dir.filePath("one.en");
        std::ofstream(input.toStdString()) << "The cat likes fish.\n";
        const QString file = m_dir.filePath("attention.json");
        const CliRun run = run_tfw({"translate", "--checkpoint",
                                    QString::fromStdString(RunPaths(m_run).best_checkpoint()),
                                    "--input", input, "--attention", file});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        std::ifstream in(file.toStdString());
        const json entry = json::parse(in).at(0);
        std::string rows;
        for (const json& row : entry.at("attention").at("cross").at("rows"))
            rows += row.get<std::string>() + " ";
        QVERIFY2(has_ideograph(rows), rows.c_str());
    }
};

QTEST_APPLESS_MAIN(TestChineseText)
#include "test_chinese_text.moc"
