#include "ui/common/wheel_when_focused.h"

#include <QEvent>
#include <QObject>
#include <QWidget>

namespace tfw {
namespace {

class WheelWhenFocused final : public QObject {
  public:
    using QObject::QObject;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::Wheel) return false;
        const auto* input = static_cast<QWidget*>(watched);
        if (input->hasFocus()) return false;
        // Ignored and filtered: the application hands the wheel on to the parents (the
        // scroll area), and the input never sees it.
        event->ignore();
        return true;
    }
};

}  // namespace

void takeWheelOnlyWhenFocused(QWidget* input) {
    input->setFocusPolicy(Qt::StrongFocus);
    input->installEventFilter(new WheelWhenFocused(input));
}

}  // namespace tfw
