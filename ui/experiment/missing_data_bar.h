#pragma once
// A strip above the form that says which of the experiment's data files are missing and,
// when they belong to a corpus of the catalog that can be downloaded, offers to get it.

#include <QFrame>
#include <QString>

#include "core/config/experiment_config.h"

class QLabel;
class QPushButton;

namespace tfw {

struct Dataset;

class MissingDataBar final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MissingDataBar)

  public:
    explicit MissingDataBar(QWidget* parent = nullptr);

    // Hides itself when every data file of the config exists.
    void showFor(const ExperimentConfig& config);

    QLabel* messageLabel() const { return m_message; }
    QPushButton* getDataButton() const { return m_getData; }
    // The catalog's corpus the missing files belong to, nullptr when none (or nothing missing).
    const Dataset* dataset() const { return m_dataset; }
    // Where a download goes: the config's data folder, else the per-user default.
    QString targetFolder() const { return m_target; }

  Q_SIGNALS:
    void getDataRequested();

  private:
    QLabel* m_message;
    QPushButton* m_getData;
    const Dataset* m_dataset = nullptr;
    QString m_target;
};

}  // namespace tfw
