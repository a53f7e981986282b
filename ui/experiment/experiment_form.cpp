#include "ui/experiment/experiment_form.h"

#include <QAction>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>
#include <map>

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/config/config_schema.h"
#include "core/device/build_versions.h"
#include "core/device/cpu_features.h"
#include "core/device/gpu_devices.h"
#include "core/util/error_text.h"
#include "ui/common/field_editor.h"
#include "ui/common/field_text.h"
#include "ui/common/phrase_text.h"
#include "ui/common/string_conversion.h"
#include "ui/experiment/device_hint.h"
#include "ui/experiment/field_relevance.h"
#include "ui/experiment/precision_hint.h"

namespace tfw {
namespace {

std::string sectionOf(const std::string& key) {
    const auto dot = key.find('.');
    return dot == std::string::npos ? std::string() : key.substr(0, dot);
}

struct Section {
    const char* prefix;
    const char* title;
    int column;
};

// Three columns of similar height: data and tokenizer, model and decoding, training.
const Section kSections[] = {
    {"", QT_TRANSLATE_NOOP("tfw::ExperimentForm", "Experiment"), 0},
    {"data", QT_TRANSLATE_NOOP("tfw::ExperimentForm", "Data"), 0},
    {"tokenizer", QT_TRANSLATE_NOOP("tfw::ExperimentForm", "Tokenizer"), 0},
    {"model", QT_TRANSLATE_NOOP("tfw::ExperimentForm", "Model"), 1},
    {"decode", QT_TRANSLATE_NOOP("tfw::ExperimentForm", "Decoding"), 1},
    {"train", QT_TRANSLATE_NOOP("tfw::ExperimentForm", "Training"), 2},
};

}  // namespace

ExperimentForm::ExperimentForm(QWidget* parent) : QWidget(parent), m_problemList(new QLabel(this)) {
    auto* content = new QWidget;
    auto* columns = new QHBoxLayout(content);
    QVBoxLayout* column[3];
    for (auto*& c : column) {
        c = new QVBoxLayout;
        columns->addLayout(c, 1);
    }
    std::map<std::string, QFormLayout*> layouts;
    for (const Section& section : kSections) {
        auto* box = new QGroupBox(tr(section.title), content);
        auto* form = new QFormLayout(box);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
        form->setVerticalSpacing(2);
        layouts[section.prefix] = form;
        column[section.column]->addWidget(box);
    }
    for (auto* c : column) c->addStretch(1);

    for (const ConfigField& field : config_fields()) {
        auto* editor = new FieldEditor(field, content);
        const QString key = toQString(field.key);
        m_editors.insert(key, editor);
        auto* label = new QLabel(fieldLabel(field), content);
        label->setToolTip(editor->toolTip());
        label->setBuddy(editor);
        layouts.at(sectionOf(field.key))->addRow(label, editor);
        connect(editor, &FieldEditor::edited, this, [this, editor] { applyEdit(editor); });
        connect(editor, &FieldEditor::varyRequested, this,
                [this, key] { Q_EMIT varyRequested(key); });
        auto* vary = new QAction(tr("Vary in a sweep…"), label);
        connect(vary, &QAction::triggered, editor, &FieldEditor::varyRequested);
        label->addAction(vary);
        label->setContextMenuPolicy(Qt::ActionsContextMenu);
        if (field.key == "train.device") {
            // What the choices mean on this machine, found once: GPUs do not come and go.
            auto* hint =
                new QLabel(deviceHint(list_gpus(), !compiled_cuda_version().empty()), content);
            hint->setObjectName(QStringLiteral("deviceHint"));
            hint->setForegroundRole(QPalette::PlaceholderText);
            hint->setWordWrap(true);
            layouts.at(sectionOf(field.key))->addRow(QString(), hint);
        }
        if (field.key == "train.precision") {
            auto* hint = new QLabel(precisionHint(list_gpus(), cpu_features()), content);
            hint->setObjectName(QStringLiteral("precisionHint"));
            hint->setForegroundRole(QPalette::PlaceholderText);
            hint->setWordWrap(true);
            layouts.at(sectionOf(field.key))->addRow(QString(), hint);
        }
    }

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_problemList->setWordWrap(true);
    m_problemList->setTextFormat(Qt::RichText);
    m_problemList->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemList->setContentsMargins(8, 4, 8, 4);
    m_problemList->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_problemList);

    setConfig(ExperimentConfig{});
}

void ExperimentForm::setConfig(const ExperimentConfig& config) {
    m_config = config;
    m_setErrors.clear();
    for (const ConfigField& field : config_fields())
        m_editors.value(toQString(field.key))->setValue(field.get(m_config));
    revalidate();
    Q_EMIT configChanged();
}

void ExperimentForm::applyEdit(FieldEditor* editor) {
    const QString key = toQString(editor->key());
    try {
        find_config_field(editor->key())->set(m_config, editor->value());
        m_setErrors.remove(key);
    } catch (const ConfigError& error) {
        m_setErrors.insert(key, toQString(user_error_text(error)));
    }
    revalidate();
    Q_EMIT configChanged();
}

void ExperimentForm::revalidate() {
    QHash<QString, QStringList> byKey;
    QStringList problems;
    for (auto it = m_setErrors.cbegin(); it != m_setErrors.cend(); ++it) {
        byKey[it.key()].append(it.value());
        problems.append(it.value());
    }
    for (const ValidationIssue& issue : validate(m_config)) {
        byKey[toQString(issue.key)].append(phraseText(issue.message));
        problems.append(phraseText(issue.message));
    }

    for (auto it = m_editors.cbegin(); it != m_editors.cend(); ++it) {
        it.value()->setProblem(byKey.value(it.key()).join(QLatin1Char('\n')));
        // Fields that do not matter for this experiment are greyed out, unless they are
        // the reason it cannot start.
        const bool applies =
            fieldApplies(it.key().toStdString(), m_config) || it.value()->hasProblem();
        it.value()->setEnabled(applies);
        if (auto* form = qobject_cast<QFormLayout*>(it.value()->parentWidget()->layout()))
            if (QWidget* label = form->labelForField(it.value())) label->setEnabled(applies);
    }

    const bool wasValid = m_problems.isEmpty();
    const bool changed = problems != m_problems;
    m_problems = problems;
    if (problems.isEmpty()) {
        m_problemList->hide();
    } else {
        QString html = QStringLiteral("<p style='color:#d62728'><b>%1</b></p><ul style='margin:0'>")
                           .arg(tr("The experiment cannot start yet:").toHtmlEscaped());
        for (const QString& problem : problems)
            html += QStringLiteral("<li>%1</li>").arg(problem.toHtmlEscaped());
        m_problemList->setText(html + QStringLiteral("</ul>"));
        m_problemList->show();
    }
    if (changed || wasValid != problems.isEmpty())
        Q_EMIT validityChanged(problems.isEmpty(), problems.value(0));
}

}  // namespace tfw
