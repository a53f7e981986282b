#pragma once
// The Define part of the Ablations tab: the base experiment (the one in the Experiment form),
// the fields that vary and their values, seeds, design, budget, runs at once, evaluation and
// the output folder. Below it, live: how many runs that makes, how long they should take
// (timed on a background thread) and every problem, naming key and value. Start is enabled
// only when there is none.

#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>

#include "core/config/experiment_config.h"
#include "core/sweep/sweep_spec.h"
#include "ui/common/background_thread.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace tfw {

class SweepDefineView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SweepDefineView)

  public:
    explicit SweepDefineView(QWidget* parent = nullptr);

    void setBaseConfig(const ExperimentConfig& config);
    void setRunsRoot(const QString& root);

    // A row varying `key`; when the key is varied already, `values` joins its values.
    void addAxis(const QString& key, const QString& values = QString());
    void removeAxis(int row);
    int axisCount() const;
    void setAxis(int row, const QString& key, const QString& values);
    void setSeeds(const QString& seeds);
    void setDesign(SweepDesign design);
    void setBudget(const SweepBudget& budget);
    void setJobs(int jobs);
    void setEvaluate(bool evaluate);
    void setOutputFolder(const QString& dir);
    // Fills in a built-in ablation (core/sweep/sweep_presets.h): its base experiment goes to
    // experimentRequested(), the rest into the fields here. False (and a message) if unknown.
    bool loadAblation(const QString& name);  // empty: a new default one (the time now)

    // The sweep as defined now; nullopt while a field cannot be read (see problems()).
    std::optional<SweepSpec> spec() const;
    QString outputFolder() const;
    // Every reason the sweep cannot start, as shown in red.
    QStringList problems() const { return m_problems; }
    QString runCountText() const;
    QString estimateText() const;
    QPushButton* startButton() const { return m_start; }
    // While a sweep runs, Start stays disabled whatever is defined.
    void setBusy(bool busy);
    // Applies pending edits now instead of after the short pause that gathers typing.
    void refreshNow();

  Q_SIGNALS:
    void startRequested();
    // A built-in ablation brings its own base experiment: for the Experiment form.
    void experimentRequested(const tfw::ExperimentConfig& config);

  private:
    enum AxisColumn { KeyColumn, ValuesColumn };

    // The widgets, group by group (sweep_define_view_layout.cpp).
    void setUpAxesTable();
    QLayout* buildAxisButtons();
    QGroupBox* buildSettingsBox();
    QGroupBox* buildSummaryBox();
    QGroupBox* buildAxesBox(QLayout* axisButtons);
    void connectFields();

    void scheduleRefresh();
    void refresh();
    void estimate();
    QString defaultFolder();

    ExperimentConfig m_base;
    QString m_runsRoot;
    QString m_folderStamp;  // the time in the default folder's name
    bool m_folderEdited = false;
    bool m_busy = false;
    QStringList m_problems;
    std::optional<SweepSpec> m_spec;
    nlohmann::json m_estimated;  // the spec the shown estimate is for
    QComboBox* m_ablations;
    QTableWidget* m_axes;
    QListWidget* m_variants;  // what the definition expands into
    QLineEdit* m_seeds;
    QComboBox* m_design;
    QComboBox* m_budgetKind;
    QDoubleSpinBox* m_budgetAmount;
    QSpinBox* m_jobs;
    QCheckBox* m_evaluate;
    QLineEdit* m_folder;
    QLabel* m_count;
    QLabel* m_estimate;
    QLabel* m_problemList;
    QPushButton* m_start;
    QTimer* m_refresh;        // gathers edits
    QTimer* m_estimateTimer;  // waits for typing to stop before timing steps
    BackgroundThread m_estimator{this};
};

}  // namespace tfw
