#include "ui/decode_options_form.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tfw {
namespace {

QSpinBox* intField(int low, int high, const QString& tip) {
    auto* box = new QSpinBox;
    box->setRange(low, high);
    box->setToolTip(tip);
    return box;
}

QDoubleSpinBox* realField(double low, double high, double step, int decimals, const QString& tip) {
    auto* box = new QDoubleSpinBox;
    box->setRange(low, high);
    box->setSingleStep(step);
    box->setDecimals(decimals);
    box->setToolTip(tip);
    return box;
}

// A label whose tooltip is its field's, so that pointing at either explains it.
void addRow(QFormLayout* form, const QString& label, QWidget* field) {
    form->addRow(label, field);
    if (QWidget* text = form->labelForField(field)) text->setToolTip(field->toolTip());
}

}  // namespace

DecodeOptionsForm::DecodeOptionsForm(QWidget* parent)
    : QWidget(parent),
      m_mode(new QComboBox(this)),
      m_beamGroup(new QGroupBox(tr("Beam search"), this)),
      m_sampleGroup(new QGroupBox(tr("Sampling"), this)),
      m_beam(intField(1, 64,
                      tr("Beam size: how many partial outputs are kept at every step. Wider "
                         "beams find outputs the model scores higher, at a cost in time."))),
      m_lenpenForm(new QComboBox),
      m_lenpen(realField(0, 5, 0.1, 2,
                         tr("Length penalty α: hypotheses are ranked by score / penalty(length). "
                            "0 ranks by raw score, which favours short outputs; larger values "
                            "favour longer ones."))),
      m_nbest(intField(1, 64,
                       tr("n-best: how many of the beam's finished hypotheses to show, best "
                          "first (at most the beam size)."))),
      m_maxLenA(realField(0, 10, 0.1, 2,
                          tr("Maximum output length = a × input length + b tokens (for a "
                             "language model: b new tokens). This is a."))),
      m_maxLenB(intField(0, 1000,
                         tr("Maximum output length = a × input length + b tokens. "
                            "This is b (for a language model: the new tokens)."))),
      m_minLen(intField(0, 1000,
                        tr("Minimum length: the end-of-sentence token is forbidden "
                           "before this many output tokens."))),
      m_noRepeat(intField(0, 10,
                          tr("No-repeat n-gram: forbid any n-gram of this size from "
                             "appearing twice in an output (0 = off). 3 stops most "
                             "loops in summaries."))),
      m_temperature(realField(0.05, 10, 0.1, 2,
                              tr("Temperature: divides the log-probabilities before sampling. "
                                 "Below 1 sharpens the distribution (closer to greedy), above "
                                 "1 flattens it (more surprising outputs)."))),
      m_topK(intField(0, 100000,
                      tr("Top-k: draw only from the k most likely tokens (0 = all "
                         "tokens)."))),
      m_topP(realField(0.01, 1, 0.05, 2,
                       tr("Top-p (nucleus): draw only from the smallest set of most likely "
                          "tokens whose probabilities add up to p (1 = all tokens)."))),
      m_seed(intField(0, 2147483647,
                      tr("Seed of the random draws: the same seed gives the "
                         "same samples."))),
      m_samples(intField(1, 64,
                         tr("How many samples to draw for the input; they are listed "
                            "best score first."))),
      m_problems(new QLabel(this)) {
    m_mode->addItem(tr("Greedy"), static_cast<int>(Mode::Greedy));
    m_mode->addItem(tr("Beam search"), static_cast<int>(Mode::Beam));
    m_mode->addItem(tr("Sampling"), static_cast<int>(Mode::Sampling));
    m_mode->setToolTip(
        tr("Greedy: take the most likely token at every step.\nBeam search: "
           "keep several partial outputs and return the best scoring ones.\n"
           "Sampling: draw each token at random from the model's distribution."));
    m_lenpenForm->addItem(tr("fairseq: len^α"), static_cast<int>(LengthPenaltyForm::Fairseq));
    m_lenpenForm->addItem(tr("GNMT: ((5+len)/6)^α"), static_cast<int>(LengthPenaltyForm::Gnmt));
    m_lenpenForm->setToolTip(
        tr("The form of the length penalty the score is divided by: "
           "fairseq's len^α or GNMT's ((5 + len) / 6)^α."));

    auto* top = new QFormLayout;
    addRow(top, tr("Method"), m_mode);
    auto* beam = new QFormLayout(m_beamGroup);
    addRow(beam, tr("Beam size"), m_beam);
    addRow(beam, tr("n-best"), m_nbest);
    addRow(beam, tr("Length penalty"), m_lenpenForm);
    addRow(beam, tr("α"), m_lenpen);
    auto* sample = new QFormLayout(m_sampleGroup);
    addRow(sample, tr("Temperature"), m_temperature);
    addRow(sample, tr("Top-k"), m_topK);
    addRow(sample, tr("Top-p"), m_topP);
    addRow(sample, tr("Seed"), m_seed);
    addRow(sample, tr("Samples"), m_samples);
    auto* lengthGroup = new QGroupBox(tr("Length"), this);
    auto* length = new QFormLayout(lengthGroup);
    addRow(length, tr("Max length a"), m_maxLenA);
    addRow(length, tr("Max length b"), m_maxLenB);
    addRow(length, tr("Min length"), m_minLen);
    addRow(length, tr("No-repeat n-gram"), m_noRepeat);

    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_problems->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_beamGroup);
    layout->addWidget(m_sampleGroup);
    layout->addWidget(lengthGroup);
    layout->addWidget(m_problems);
    layout->addStretch(1);

    setOptions(DecodeOptions{});
    connect(m_mode, &QComboBox::currentIndexChanged, this, &DecodeOptionsForm::onChanged);
    connect(m_lenpenForm, &QComboBox::currentIndexChanged, this, &DecodeOptionsForm::onChanged);
    for (QSpinBox* box :
         {m_beam, m_nbest, m_maxLenB, m_minLen, m_noRepeat, m_topK, m_seed, m_samples})
        connect(box, &QSpinBox::valueChanged, this, &DecodeOptionsForm::onChanged);
    for (QDoubleSpinBox* box : {m_lenpen, m_maxLenA, m_temperature, m_topP})
        connect(box, &QDoubleSpinBox::valueChanged, this, &DecodeOptionsForm::onChanged);
}

DecodeOptionsForm::Mode DecodeOptionsForm::mode() const {
    return static_cast<Mode>(m_mode->currentData().toInt());
}

void DecodeOptionsForm::setMode(Mode mode) {
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(mode)));
}

DecodeOptions DecodeOptionsForm::options() const {
    DecodeOptions o;
    const Mode m = mode();
    o.sample = m == Mode::Sampling;
    o.beam = m == Mode::Beam ? m_beam->value() : 1;
    o.nbest = m == Mode::Beam ? m_nbest->value() : 1;
    o.lenpen = m_lenpen->value();
    o.lenpen_form = static_cast<LengthPenaltyForm>(m_lenpenForm->currentData().toInt());
    o.max_len_a = m_maxLenA->value();
    o.max_len_b = m_maxLenB->value();
    o.min_len = m_minLen->value();
    o.no_repeat_ngram = m_noRepeat->value();
    o.temperature = m_temperature->value();
    o.top_k = m_topK->value();
    o.top_p = m_topP->value();
    o.seed = static_cast<uint64_t>(m_seed->value());
    o.samples = m == Mode::Sampling ? m_samples->value() : 1;
    return o;
}

void DecodeOptionsForm::setOptions(const DecodeOptions& o) {
    m_updating = true;
    setMode(o.sample ? Mode::Sampling : o.beam > 1 ? Mode::Beam : Mode::Greedy);
    m_beam->setValue(o.beam);
    m_nbest->setValue(o.nbest);
    m_lenpen->setValue(o.lenpen);
    m_lenpenForm->setCurrentIndex(m_lenpenForm->findData(static_cast<int>(o.lenpen_form)));
    m_maxLenA->setValue(o.max_len_a);
    m_maxLenB->setValue(o.max_len_b);
    m_minLen->setValue(o.min_len);
    m_noRepeat->setValue(o.no_repeat_ngram);
    m_temperature->setValue(o.temperature);
    m_topK->setValue(o.top_k);
    m_topP->setValue(o.top_p);
    m_seed->setValue(static_cast<int>(std::min<uint64_t>(o.seed, 2147483647u)));
    m_samples->setValue(o.samples);
    m_updating = false;
    onChanged();
}

QStringList DecodeOptionsForm::problems() const {
    QStringList list;
    for (const std::string& problem : check_decode_options(options()))
        list.append(QString::fromStdString(problem));
    return list;
}

void DecodeOptionsForm::onChanged() {
    if (m_updating) return;
    updateVisibility();
    const QStringList list = problems();
    m_problems->setText(
        list.isEmpty()
            ? QString()
            : tr("Cannot decode with these options: %1.").arg(list.join(QStringLiteral("; "))));
    m_problems->setVisible(!list.isEmpty());
    Q_EMIT optionsChanged();
}

void DecodeOptionsForm::updateVisibility() {
    const Mode m = mode();
    m_beamGroup->setVisible(m == Mode::Beam);
    m_sampleGroup->setVisible(m == Mode::Sampling);
}

}  // namespace tfw
