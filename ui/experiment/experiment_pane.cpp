#include "ui/experiment/experiment_pane.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/config/config_io.h"
#include "core/util/error_text.h"
#include "ui/common/problem_message.h"
#include "ui/experiment/config_summary.h"
#include "ui/experiment/data_download_dialog.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/missing_data_bar.h"

namespace tfw {

ExperimentPane::ExperimentPane(QWidget* parent)
    : QWidget(parent),
      m_presets(new QComboBox(this)),
      m_form(new ExperimentForm(this)),
      m_summary(new ConfigSummary(this)),
      m_description(new QLabel(this)),
      m_missingData(new MissingDataBar(this)),
      m_checksButton(new QToolButton(this)),
      m_startButton(new QToolButton(this)) {
    for (const std::string& name : preset_names()) {
        m_presets->addItem(QString::fromStdString(name));
        const std::string description = load_preset(name).description;
        if (!description.empty())
            m_presets->setItemData(m_presets->count() - 1, QString::fromStdString(description),
                                   Qt::ToolTipRole);
    }
    m_presets->setCurrentIndex(-1);
    m_presets->setPlaceholderText(tr("choose a preset"));
    m_presets->setToolTip(tr("Start from a ready-made experiment; every field can be changed."));
    connect(m_presets, &QComboBox::activated, this,
            [this](int index) { loadPreset(m_presets->itemText(index)); });

    auto* open = new QPushButton(tr("Open…"), this);
    open->setToolTip(tr("Load an experiment from a JSON file"));
    connect(open, &QPushButton::clicked, this, &ExperimentPane::openConfigDialog);
    auto* save = new QPushButton(tr("Save as…"), this);
    save->setToolTip(tr("Save the experiment as JSON (usable with tfw train --config)"));
    connect(save, &QPushButton::clicked, this, &ExperimentPane::saveConfigDialog);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Preset:"), this));
    top->addWidget(m_presets);
    top->addSpacing(12);
    top->addWidget(open);
    top->addWidget(save);
    top->addStretch(1);
    m_checksButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_checksButton->hide();  // until the window gives it its action
    top->addWidget(m_checksButton);

    // The read-outs, and under them the button that acts on what they say.
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_summary, 1);
    m_startButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_startButton->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_startButton->setMinimumHeight(32);
    m_startButton->hide();  // until the window gives it its action
    sideLayout->addWidget(m_startButton);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_form);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    side->setMinimumWidth(300);
    splitter->setSizes({1100, 340});
    splitter->setChildrenCollapsible(false);

    // Presets that teach (the "break it on purpose" ones) say here what to look for.
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    m_description->setFrameShape(QFrame::StyledPanel);
    m_description->setMargin(6);
    m_description->setBackgroundRole(QPalette::ToolTipBase);
    m_description->setForegroundRole(QPalette::ToolTipText);
    m_description->setAutoFillBackground(true);
    m_description->hide();

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_description);
    layout->addWidget(m_missingData);
    layout->addWidget(splitter, 1);

    connect(m_form, &ExperimentForm::configChanged, this, [this] {
        m_summary->showConfig(m_form->config());
        showDescription();
        m_missingData->showFor(m_form->config());
    });
    connect(m_missingData, &MissingDataBar::getDataRequested, this, &ExperimentPane::getData);
    connect(m_form, &ExperimentForm::validityChanged, this, &ExperimentPane::validityChanged);
    m_summary->showConfig(m_form->config());
    showDescription();
    m_missingData->showFor(m_form->config());
}

void ExperimentPane::getData() {
    const Dataset* dataset = m_missingData->dataset();
    if (!dataset) return;
    const QString folder = m_missingData->targetFolder();
    auto* dialog = new DataDownloadDialog(*dataset, folder, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, folder] {
        ExperimentConfig config = m_form->config();
        if (config.data.dir.empty()) {
            config.data.dir = folder.toStdString();
            m_form->setConfig(config);
            Q_EMIT dataFolderChosen(folder);
        }
        m_missingData->showFor(m_form->config());
    });
    dialog->open();
}

void ExperimentPane::showDescription() {
    const QString text = QString::fromStdString(m_form->config().description).trimmed();
    m_description->setText(text);
    m_description->setVisible(!text.isEmpty());
}

void ExperimentPane::setChecksAction(QAction* checks) {
    m_checksButton->setDefaultAction(checks);
    m_checksButton->show();
}

void ExperimentPane::setStartAction(QAction* start) {
    m_startButton->setDefaultAction(start);
    m_startButton->show();
}

const ExperimentConfig& ExperimentPane::config() const {
    return m_form->config();
}

bool ExperimentPane::loadPreset(const QString& name) {
    try {
        ExperimentConfig config = load_preset(name.toStdString());
        if (config.data.synthetic == Synthetic::None && config.data.dir.empty())
            config.data.dir = m_dataFolder.toStdString();
        m_form->setConfig(config);
        m_presets->setCurrentText(name);
        return true;
    } catch (const std::exception& error) {
        showProblem(this, tr("Preset"), QString::fromStdString(user_error_text(error)));
        return false;
    }
}

bool ExperimentPane::openConfig(const QString& path) {
    try {
        m_form->setConfig(load_config_file(path.toStdString()));
        m_presets->setCurrentIndex(-1);
        return true;
    } catch (const std::exception& error) {
        showProblem(
            this, tr("Open experiment"),
            tr("Could not load %1:\n%2").arg(path, QString::fromStdString(user_error_text(error))));
        return false;
    }
}

bool ExperimentPane::saveConfig(const QString& path) {
    try {
        save_config_file(m_form->config(), path.toStdString());
        return true;
    } catch (const std::exception& error) {
        showProblem(
            this, tr("Save experiment"),
            tr("Could not save %1:\n%2").arg(path, QString::fromStdString(user_error_text(error))));
        return false;
    }
}

void ExperimentPane::openConfigDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open experiment"), QString(),
                                                      tr("Experiment (*.json)"));
    if (!path.isEmpty()) openConfig(path);
}

void ExperimentPane::saveConfigDialog() {
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save experiment"),
        QString::fromStdString(m_form->config().name) + QStringLiteral(".json"),
        tr("Experiment (*.json)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(".json"))) path += QLatin1String(".json");
    saveConfig(path);
}

}  // namespace tfw
