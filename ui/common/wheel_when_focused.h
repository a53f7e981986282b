#pragma once
// Spin boxes and drop-downs in a form that scrolls: the mouse wheel scrolls the form until the
// field is clicked or tabbed into, so that scrolling past a field does not change its value.

class QWidget;

namespace tfw {

// Gives `input` Qt::StrongFocus (no focus by wheel) and passes wheel events to the scrolling
// parent while it has no focus.
void takeWheelOnlyWhenFocused(QWidget* input);

}  // namespace tfw
