#include "ui/common/field_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QSpinBox>
#include <QToolButton>
#include <climits>

#include "ui/common/choice_text.h"
#include "ui/common/field_text.h"
#include "ui/common/string_conversion.h"
#include "ui/common/wheel_when_focused.h"
#include "widgets/number_spin_box.h"

namespace tfw {
namespace {

using json = nlohmann::json;

bool isDirectoryField(const std::string& key) {
    return key == "data.dir";
}

int intBound(const std::optional<double>& bound, int fallback) {
    if (!bound) return fallback;
    return static_cast<int>(std::clamp(*bound, double(INT_MIN), double(INT_MAX)));
}

NumberSpinBox* makeNumberBox(const ConfigField& field, QWidget* parent) {
    auto* box = new NumberSpinBox(parent);
    box->setRange(field.min.value_or(-1e12), field.max.value_or(1e12));
    return box;
}

}  // namespace

FieldEditor::FieldEditor(const ConfigField& field, QWidget* parent)
    : QWidget(parent), m_field(field) {
    buildEditor();
    for (QWidget* input : m_inputs) {
        input->installEventFilter(this);
        // The forms scroll: the wheel changes a number or a choice only once it is chosen.
        if (qobject_cast<QAbstractSpinBox*>(input) || qobject_cast<QComboBox*>(input))
            takeWheelOnlyWhenFocused(input);
    }
    updateToolTip();
}

void FieldEditor::buildEditor() {
    auto* layout = new QHBoxLayout(this);
    // Room for the red frame drawn around the editor when its value is a problem.
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(4);
    auto changed = [this] {
        if (!m_updating) Q_EMIT edited();
    };

    switch (m_field.kind) {
        case FieldKind::Int: {
            auto* box = new QSpinBox(this);
            box->setRange(intBound(m_field.min, INT_MIN), intBound(m_field.max, INT_MAX));
            box->setKeyboardTracking(false);
            box->setGroupSeparatorShown(true);
            connect(box, &QSpinBox::valueChanged, this, changed);
            m_inputs.append(box);
            break;
        }
        case FieldKind::Double: {
            auto* box = makeNumberBox(m_field, this);
            connect(box, &QDoubleSpinBox::valueChanged, this, changed);
            m_inputs.append(box);
            break;
        }
        case FieldKind::DoublePair:
            for (int i = 0; i < 2; ++i) {
                auto* box = makeNumberBox(m_field, this);
                connect(box, &QDoubleSpinBox::valueChanged, this, changed);
                m_inputs.append(box);
            }
            break;
        case FieldKind::Bool: {
            auto* box = new QCheckBox(this);
            connect(box, &QCheckBox::toggled, this, changed);
            m_inputs.append(box);
            break;
        }
        case FieldKind::Choice: {
            auto* box = new QComboBox(this);
            for (const auto& choice : m_field.choices)
                box->addItem(choiceText(choice), toQString(choice));
            connect(box, &QComboBox::currentIndexChanged, this, changed);
            m_inputs.append(box);
            break;
        }
        case FieldKind::String:
        case FieldKind::Path: {
            auto* edit = new QLineEdit(this);
            edit->setClearButtonEnabled(true);
            connect(edit, &QLineEdit::textChanged, this, changed);
            m_inputs.append(edit);
            if (m_field.kind == FieldKind::Path) {
                edit->setPlaceholderText(isDirectoryField(m_field.key) ? tr("folder, or drop one")
                                                                       : tr("file, or drop one"));
                // Drops land on the whole editor, which turns URLs into local paths.
                edit->setAcceptDrops(false);
                setAcceptDrops(true);
                auto* browse = new QToolButton(this);
                browse->setText(tr("Browse…"));
                browse->setToolTip(tr("Choose a file"));
                connect(browse, &QToolButton::clicked, this, &FieldEditor::browse);
                layout->addWidget(edit, 1);
                layout->addWidget(browse);
                return;
            }
            break;
        }
    }
    for (QWidget* input : m_inputs) layout->addWidget(input, 1);
}

// The inputs' context menus gain the sweep's action (spin boxes pass theirs up from the
// line edit inside them, so filtering the inputs catches every one).
bool FieldEditor::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::ContextMenu) {
        showContextMenu(qobject_cast<QWidget*>(watched),
                        static_cast<QContextMenuEvent*>(event)->globalPos());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void FieldEditor::contextMenuEvent(QContextMenuEvent* event) {
    showContextMenu(nullptr, event->globalPos());
}

void FieldEditor::showContextMenu(QWidget* input, const QPoint& globalPosition) {
    // The input's own editing menu (undo, copy, paste...) where it has a line edit.
    auto* edit = qobject_cast<QLineEdit*>(input);
    if (!edit && input) edit = input->findChild<QLineEdit*>();
    QMenu* menu = edit ? edit->createStandardContextMenu() : new QMenu(this);
    if (!menu->isEmpty()) menu->addSeparator();
    menu->addAction(tr("Vary in a sweep…"), this, &FieldEditor::varyRequested);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(globalPosition);
}

json FieldEditor::value() const {
    switch (m_field.kind) {
        case FieldKind::Int:
            return static_cast<QSpinBox*>(m_inputs[0])->value();
        case FieldKind::Double:
            return static_cast<QDoubleSpinBox*>(m_inputs[0])->value();
        case FieldKind::DoublePair:
            return json{static_cast<QDoubleSpinBox*>(m_inputs[0])->value(),
                        static_cast<QDoubleSpinBox*>(m_inputs[1])->value()};
        case FieldKind::Bool:
            return static_cast<QCheckBox*>(m_inputs[0])->isChecked();
        case FieldKind::Choice:
            return static_cast<QComboBox*>(m_inputs[0])->currentData().toString().toStdString();
        case FieldKind::String:
        case FieldKind::Path:
            break;
    }
    return static_cast<QLineEdit*>(m_inputs[0])->text().toStdString();
}

void FieldEditor::setValue(const json& value) {
    m_updating = true;
    switch (m_field.kind) {
        case FieldKind::Int:
            static_cast<QSpinBox*>(m_inputs[0])->setValue(value.get<int>());
            break;
        case FieldKind::Double:
            static_cast<QDoubleSpinBox*>(m_inputs[0])->setValue(value.get<double>());
            break;
        case FieldKind::DoublePair:
            for (int i = 0; i < 2; ++i)
                static_cast<QDoubleSpinBox*>(m_inputs[i])->setValue(value.at(i).get<double>());
            break;
        case FieldKind::Bool:
            static_cast<QCheckBox*>(m_inputs[0])->setChecked(value.get<bool>());
            break;
        case FieldKind::Choice: {
            auto* box = static_cast<QComboBox*>(m_inputs[0]);
            box->setCurrentIndex(box->findData(toQString(value.get<std::string>())));
            break;
        }
        case FieldKind::String:
        case FieldKind::Path: {
            auto* edit = static_cast<QLineEdit*>(m_inputs[0]);
            const QString text = toQString(value.get<std::string>());
            if (edit->text() != text) edit->setText(text);
            break;
        }
    }
    m_updating = false;
}

void FieldEditor::setProblem(const QString& message) {
    if (message == m_problem) return;
    m_problem = message;
    updateToolTip();
    update();
}

void FieldEditor::paintEvent(QPaintEvent* event) {
    QWidget::paintEvent(event);
    if (m_problem.isEmpty()) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0xD6, 0x27, 0x28), 2));
    painter.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 3, 3);
}

void FieldEditor::dragEnterEvent(QDragEnterEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile()) event->acceptProposedAction();
}

void FieldEditor::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile()) return;
    QString path = QDir::toNativeSeparators(urls.first().toLocalFile());
    if (isDirectoryField(m_field.key) && !QFileInfo(path).isDir())
        path = QDir::toNativeSeparators(QFileInfo(path).absolutePath());
    static_cast<QLineEdit*>(m_inputs[0])->setText(path);
    event->acceptProposedAction();
}

void FieldEditor::browse() {
    auto* edit = static_cast<QLineEdit*>(m_inputs[0]);
    const QString current = edit->text();
    const QString path =
        isDirectoryField(m_field.key)
            ? QFileDialog::getExistingDirectory(this, tr("Choose %1").arg(fieldLabel(m_field)),
                                                current)
            : QFileDialog::getOpenFileName(this, tr("Choose %1").arg(fieldLabel(m_field)), current);
    if (!path.isEmpty()) edit->setText(QDir::toNativeSeparators(path));
}

void FieldEditor::updateToolTip() {
    QString tip =
        QStringLiteral("<p><b>%1</b></p><p>%2</p>")
            .arg(toQString(m_field.key).toHtmlEscaped(), fieldHelp(m_field).toHtmlEscaped());
    if (!m_problem.isEmpty())
        tip += QStringLiteral("<p style='color:#d62728'>%1</p>").arg(m_problem.toHtmlEscaped());
    setToolTip(tip);
    for (QWidget* input : m_inputs) input->setToolTip(tip);
}

}  // namespace tfw
