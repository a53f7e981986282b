#include "ui/common/run_state_text.h"

#include <QCoreApplication>

namespace tfw {

QString runStateText(const std::string& state) {
    static const struct {
        const char* state;
        const char* text;
    } kStates[] = {
        {"running", QT_TRANSLATE_NOOP("tfw::RunState", "running")},
        {"completed", QT_TRANSLATE_NOOP("tfw::RunState", "completed")},
        {"stopped", QT_TRANSLATE_NOOP("tfw::RunState", "stopped")},
        {"early_stopped", QT_TRANSLATE_NOOP("tfw::RunState", "stopped early")},
        {"failed", QT_TRANSLATE_NOOP("tfw::RunState", "failed")},
        {"diverged", QT_TRANSLATE_NOOP("tfw::RunState", "diverged")},
        {"pending", QT_TRANSLATE_NOOP("tfw::RunState", "pending")},
        {"done", QT_TRANSLATE_NOOP("tfw::RunState", "done")},
        {"skipped", QT_TRANSLATE_NOOP("tfw::RunState", "skipped")},
    };
    for (const auto& known : kStates)
        if (state == known.state) return QCoreApplication::translate("tfw::RunState", known.text);
    return QString::fromStdString(state);
}

}  // namespace tfw
