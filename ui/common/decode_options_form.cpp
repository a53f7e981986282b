#include "ui/common/decode_options_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>
#include <map>

#include "core/config/config_schema.h"
#include "ui/common/field_editor.h"
#include "ui/common/field_text.h"
#include "ui/common/phrase_text.h"
#include "ui/common/wheel_when_focused.h"

namespace tfw {

DecodeOptionsForm::DecodeOptionsForm(QWidget* parent)
    : QWidget(parent),
      m_mode(new QComboBox(this)),
      m_beamGroup(new QGroupBox(tr("Beam search"), this)),
      m_sampleGroup(new QGroupBox(tr("Sampling"), this)),
      m_problems(new QLabel(this)) {
    takeWheelOnlyWhenFocused(m_mode);
    m_mode->addItem(tr("Greedy"), static_cast<int>(Mode::Greedy));
    m_mode->addItem(tr("Beam search"), static_cast<int>(Mode::Beam));
    m_mode->addItem(tr("Sampling"), static_cast<int>(Mode::Sampling));
    m_mode->setToolTip(
        tr("Greedy: take the most likely token at every step.\nBeam search: "
           "keep several partial outputs and return the best scoring ones.\n"
           "Sampling: draw each token at random from the model's distribution."));
    auto* top = new QFormLayout;
    top->addRow(tr("Method"), m_mode);
    top->labelForField(m_mode)->setToolTip(m_mode->toolTip());
    auto* lengthGroup = new QGroupBox(tr("Length"), this);
    const std::map<DecodeGroup, QFormLayout*> groups{
        {DecodeGroup::Beam, new QFormLayout(m_beamGroup)},
        {DecodeGroup::Sampling, new QFormLayout(m_sampleGroup)},
        {DecodeGroup::Length, new QFormLayout(lengthGroup)},
        {DecodeGroup::Method, top}};

    // The method chooser stands for the sample field; the Method group's others join it.
    for (const DecodeField& field : decode_fields()) {
        if (field.key == "sample") continue;
        const ConfigField& config = *find_config_field("decode." + field.key);
        auto* editor = new FieldEditor(config, this);
        auto* label = new QLabel(fieldLabel(config), this);
        label->setToolTip(editor->toolTip());
        label->setBuddy(editor);
        groups.at(field.group)->addRow(label, editor);
        m_fields.emplace_back(&field, editor);
        connect(editor, &FieldEditor::edited, this, &DecodeOptionsForm::onChanged);
    }

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
}

DecodeOptionsForm::Mode DecodeOptionsForm::mode() const {
    return static_cast<Mode>(m_mode->currentData().toInt());
}

void DecodeOptionsForm::setMode(Mode mode) {
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(mode)));
}

DecodeOptions DecodeOptionsForm::options() const {
    DecodeOptions o;
    for (const auto& [field, editor] : m_fields) field->set(o, editor->value());
    // The method decides what is searched: outside beam search one hypothesis is kept and
    // returned, outside sampling one output is drawn.
    const Mode m = mode();
    o.sample = m == Mode::Sampling;
    if (m != Mode::Beam) o.beam = o.nbest = 1;
    if (m != Mode::Sampling) o.samples = 1;
    return o;
}

void DecodeOptionsForm::setOptions(const DecodeOptions& o) {
    m_updating = true;
    setMode(o.sample ? Mode::Sampling : o.beam > 1 ? Mode::Beam : Mode::Greedy);
    for (const auto& [field, editor] : m_fields) editor->setValue(field->get(o));
    m_updating = false;
    onChanged();
}

QStringList DecodeOptionsForm::problems() const {
    QStringList list;
    for (const Phrase& problem : check_decode_options(options())) list.append(phraseText(problem));
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
    // The field a problem is about gets a red frame and the problem in its tooltip.
    const std::vector<DecodeProblem> fieldProblems = decode_field_problems(options());
    for (const auto& [field, editor] : m_fields) {
        QStringList mine;
        for (const DecodeProblem& problem : fieldProblems)
            if (problem.key == field->key) mine.append(phraseText(problem.message));
        editor->setProblem(mine.join(QStringLiteral("; ")));
    }
    Q_EMIT optionsChanged();
}

void DecodeOptionsForm::updateVisibility() {
    const Mode m = mode();
    m_beamGroup->setVisible(m == Mode::Beam);
    m_sampleGroup->setVisible(m == Mode::Sampling);
}

}  // namespace tfw
