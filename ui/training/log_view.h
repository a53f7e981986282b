#pragma once
// The training log: time-stamped lines, warnings in amber and errors in red.

#include <QPlainTextEdit>

#include "core/train/training_observer.h"

namespace tfw {

class LogView final : public QPlainTextEdit {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogView)

  public:
    explicit LogView(QWidget* parent = nullptr);

    void addMessage(LogLevel level, const QString& message);
    int errorCount() const { return m_errors; }

  private:
    int m_errors = 0;
};

}  // namespace tfw
