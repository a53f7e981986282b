#include "ui/common/problem_message.h"

#include <QMessageBox>

namespace tfw {

void showProblem(QWidget* parent, const QString& title, const QString& text,
                 const QString& details) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box->setInformativeText(details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

}  // namespace tfw
