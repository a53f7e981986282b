#pragma once
// The editor for one configuration field, chosen by the field's kind: spin boxes for
// numbers, a check box, a combo box of the choices, a line edit (with a browse button
// and file drops for paths). It speaks JSON values, like the schema's get/set. Its context
// menu offers to vary the field in a sweep.

#include <QWidget>

#include <nlohmann/json.hpp>

#include "core/config/config_schema.h"

namespace tfw {

class FieldEditor final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FieldEditor)

  public:
    FieldEditor(const ConfigField& field, QWidget* parent = nullptr);

    const std::string& key() const { return m_field.key; }
    nlohmann::json value() const;
    // Shows `value` without emitting edited().
    void setValue(const nlohmann::json& value);
    // A red frame around the editor; `message` joins the help in the tooltip.
    void setProblem(const QString& message);
    bool hasProblem() const { return !m_problem.isEmpty(); }

  Q_SIGNALS:
    void edited();
    void varyRequested();  // "Vary in a sweep…" in the context menu

  protected:
    void paintEvent(QPaintEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void buildEditor();
    void browse();
    void showContextMenu(QWidget* input, const QPoint& globalPosition);
    void updateToolTip();

    const ConfigField& m_field;
    QList<QWidget*> m_inputs;  // one, or two for a pair of numbers
    QString m_problem;
    bool m_updating = false;
};

}  // namespace tfw
