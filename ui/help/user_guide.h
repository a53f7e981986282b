#pragma once
// Help: the user guide (offline, compiled in, in the window's language) with the window's
// keyboard shortcuts read from its menus, and the About box with the versions this build runs.

#include <QString>

class QMenuBar;
class QWidget;

namespace tfw {

// The guide as Markdown: resources/help/user-guide[.<lang>].md for the window's language,
// then a table of every menu action that has a shortcut.
QString userGuideMarkdown(const QMenuBar* menus);

// Opens (or raises) the guide window.
void showUserGuide(QWidget* parent, const QMenuBar* menus);

// The About box's text: version, LibTorch, Qt, CUDA and the GPUs found, where runs go.
QString aboutText(const QString& runsRoot);

}  // namespace tfw
