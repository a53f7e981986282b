#pragma once
// Tools > Settings: the window's language (used from the next start; the dialog says so).

#include <QDialog>

class QComboBox;

namespace tfw {

class SettingsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

  public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    // Saves the choices; true when the language changed (it applies after a restart).
    bool save();

  private:
    QComboBox* m_language;
};

}  // namespace tfw
