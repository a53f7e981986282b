#pragma once
// The Experiment area: preset picker, open/save of JSON configs, the generated form and
// the read-outs beside it.

#include <QWidget>

#include "core/config/experiment_config.h"

class QAction;
class QComboBox;
class QLabel;
class QToolButton;

namespace tfw {

class ExperimentForm;
class ConfigSummary;
class MissingDataBar;

class ExperimentPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExperimentPane)

  public:
    explicit ExperimentPane(QWidget* parent = nullptr);

    ExperimentForm* form() const { return m_form; }
    ConfigSummary* summary() const { return m_summary; }
    // The experiment's description above the form (hidden when it has none).
    // Above the form while data files of the experiment are missing.
    MissingDataBar* missingDataBar() const { return m_missingData; }
    const ExperimentConfig& config() const;
    // Shows a button for the window's Start action under the read-outs.
    void setStartAction(QAction* start);
    void setChecksAction(QAction* checks);  // a button beside the presets

    // Filled into data.dir of presets that read files and leave it empty.
    void setDataFolder(const QString& dir) { m_dataFolder = dir; }

    // Each returns false after telling the user (message box) what went wrong.
    bool loadPreset(const QString& name);
    bool openConfig(const QString& path);
    bool saveConfig(const QString& path);
    void openConfigDialog();
    void saveConfigDialog();

  Q_SIGNALS:
    void validityChanged(bool valid, const QString& reason);
    // A download went into this folder and the experiment now reads its data from there.
    void dataFolderChosen(const QString& dir);

  private:
    void showDescription();
    void getData();

    QComboBox* m_presets;
    ExperimentForm* m_form;
    ConfigSummary* m_summary;
    QLabel* m_description;
    MissingDataBar* m_missingData;
    QToolButton* m_checksButton;
    QToolButton* m_startButton;
    QString m_dataFolder;
};

}  // namespace tfw
