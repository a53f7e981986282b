// How long the attention inspector takes to appear for a 6-layer, 8-head, d_model 512 model
// and a 40-token sentence: (a) the teacher-forced pass that collects the attention,
// (b) turning the tensors into Qt maps, (c) building and painting the 48-cell grid.
// Figures are reported, never asserted (see docs/gui.md for measured values).
#include <QImage>
#include <QtTest>

#include <ATen/ATen.h>

#include "core/data/word_tokenizer.h"
#include "core/decode/search.h"
#include "core/model/model_options.h"
#include "ui/common/attention_conversion.h"
#include "widgets/attention_grid.h"

using namespace tfw;

namespace {

constexpr int kTokens = 40;
constexpr int64_t kVocab = 8000;

std::vector<int> randomIds(int count) {
    const at::Tensor t = at::randint(4, kVocab, {count}, at::kLong);
    std::vector<int> ids;
    for (int i = 0; i < count; ++i) ids.push_back(static_cast<int>(t[i].item<int64_t>()));
    return ids;
}

}  // namespace

class TestAttentionBenchmark final : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        at::manual_seed(1);
        ExperimentConfig c;
        c.model.d_model = 512;
        c.model.heads = 8;
        c.model.encoder_layers = 6;
        c.model.decoder_layers = 6;
        c.model.ffn_dim = 2048;
        c.model.max_positions = 256;
        m_model = TransformerModel(model_options(c, kVocab, kVocab));
        m_model->eval();
        m_input = randomIds(kTokens - 1);
        m_input.push_back(kEosId);
        m_hypothesis.tokens = randomIds(kTokens - 1);
        m_hypothesis.finished = true;
        std::vector<std::string> words{"<pad>", "<unk>", "<s>", "</s>"};
        for (int64_t i = 4; i < kVocab; ++i) words.push_back("w" + std::to_string(i));
        m_tokenizer = std::make_shared<WordTokenizer>(words, false);
        // Each benchmark also runs alone: the data of the others is made here once.
        attach_attention(*m_model, m_input, m_hypothesis);
        m_set = toAttentionSet(m_hypothesis, m_input, *m_tokenizer, *m_tokenizer, false);
    }

    void teacherForcedAttentionPass() {
        QBENCHMARK {
            attach_attention(*m_model, m_input, m_hypothesis);
        }
        QCOMPARE(m_hypothesis.attention.cross.size(), size_t(6));
        QCOMPARE(m_hypothesis.attention.cross[0].sizes().vec(),
                 (std::vector<int64_t>{8, kTokens, kTokens}));
    }

    void tensorsToQtMaps() {
        QBENCHMARK {
            m_set = toAttentionSet(m_hypothesis, m_input, *m_tokenizer, *m_tokenizer, false);
        }
        QCOMPARE(m_set.cross.size(), 6);
        QCOMPARE(m_set.cross[0].size(), 8);
    }

    void buildAndPaintGrid() {
        AttentionGrid grid;
        grid.resize(900, 900);
        QImage image(grid.size(), QImage::Format_ARGB32_Premultiplied);
        QBENCHMARK {
            grid.setMaps(m_set.cross);
            grid.render(&image);
        }
        QCOMPARE(grid.layers() * grid.heads(), 48);
        QCOMPARE(grid.cellCount(), 54);
    }

  private:
    TransformerModel m_model{nullptr};
    std::vector<int> m_input;
    Hypothesis m_hypothesis;
    std::shared_ptr<WordTokenizer> m_tokenizer;
    AttentionSet m_set;
};

QTEST_MAIN(TestAttentionBenchmark)
#include "test_attention_benchmark.moc"
