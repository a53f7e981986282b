#include "ui/settings/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "ui/common/app_settings.h"
#include "ui/common/ui_language.h"

namespace tfw {

SettingsDialog::SettingsDialog(QWidget* parent) : QDialog(parent), m_language(new QComboBox(this)) {
    setWindowTitle(tr("Settings"));
    const QString current = AppSettings().language();
    for (const UiLanguage& language : uiLanguages()) {
        m_language->addItem(language.nativeName, language.code);
        if (language.code == current) m_language->setCurrentIndex(m_language->count() - 1);
    }
    auto* note = new QLabel(tr("The new language is used from the next start of the workbench. "
                               "The tfw command always speaks English."),
                            this);
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

bool SettingsDialog::save() {
    AppSettings settings;
    const QString chosen = m_language->currentData().toString();
    if (chosen == settings.language()) return false;
    settings.setLanguage(chosen);
    return true;
}

}  // namespace tfw
