#pragma once
// Tells the user about a problem in a message box that does not block: the window (and a
// run in progress) keeps going behind it.

#include <QString>

class QWidget;

namespace tfw {

void showProblem(QWidget* parent, const QString& title, const QString& text,
                 const QString& details = QString());

}  // namespace tfw
