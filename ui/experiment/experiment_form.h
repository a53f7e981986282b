#pragma once
// The experiment as a form: one editor per configuration field, generated from
// config_fields() and grouped by section. Every edit is applied and validated at once;
// offending fields get a red frame and the messages are listed under the form.

#include <QHash>
#include <QWidget>

#include "core/config/experiment_config.h"

class QLabel;

namespace tfw {

class FieldEditor;

class ExperimentForm final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExperimentForm)

  public:
    explicit ExperimentForm(QWidget* parent = nullptr);

    const ExperimentConfig& config() const { return m_config; }
    void setConfig(const ExperimentConfig& config);

    bool isValid() const { return m_problems.isEmpty(); }
    // One line per problem, as validate() words them.
    QStringList problems() const { return m_problems; }
    FieldEditor* editor(const QString& key) const { return m_editors.value(key); }

  Q_SIGNALS:
    void configChanged();
    void validityChanged(bool valid, const QString& reason);
    // "Vary in a sweep…" in a field's context menu.
    void varyRequested(const QString& key);

  private:
    void applyEdit(FieldEditor* editor);
    void revalidate();

    ExperimentConfig m_config;
    QHash<QString, FieldEditor*> m_editors;
    QHash<QString, QString> m_setErrors;  // values the schema itself refused, by key
    QStringList m_problems;
    QLabel* m_problemList;
};

}  // namespace tfw
