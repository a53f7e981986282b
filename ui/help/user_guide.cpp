#include "ui/help/user_guide.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/device/build_versions.h"
#include "core/device/gpu_devices.h"

namespace tfw {
namespace {

QString readResource(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// "Open &run folder…" and "打开运行文件夹(&R)…" as they read: "Open run folder…",
// "打开运行文件夹…".
QString plainText(QString text) {
    static const QRegularExpression accelerator(QStringLiteral("\\(&[^)]\\)"));
    text.remove(accelerator);
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

void addShortcuts(const QMenu* menu, const QString& path, QStringList& rows) {
    for (const QAction* action : menu->actions()) {
        if (action->isSeparator()) continue;
        const QString name = path + QStringLiteral(" › ") + plainText(action->text());
        if (action->menu()) {
            addShortcuts(action->menu(), name, rows);
        } else if (!action->shortcut().isEmpty()) {
            rows.append(QStringLiteral("| %1 | %2 |")
                            .arg(name, action->shortcut().toString(QKeySequence::NativeText)));
        }
    }
}

}  // namespace

QString userGuideMarkdown(const QMenuBar* menus) {
    const QString language = QLocale().name();  // "zh_CN" when the window speaks Chinese
    QString guide = readResource(QStringLiteral(":/help/user-guide.%1.md").arg(language));
    if (guide.isEmpty()) guide = readResource(QStringLiteral(":/help/user-guide.md"));
    QStringList rows;
    for (const QAction* action : menus->actions())
        if (action->menu()) addShortcuts(action->menu(), plainText(action->text()), rows);
    guide += QStringLiteral("\n## %1\n\n| %2 | %3 |\n|---|---|\n")
                 .arg(QCoreApplication::translate("UserGuide", "Keyboard shortcuts"),
                      QCoreApplication::translate("UserGuide", "Action"),
                      QCoreApplication::translate("UserGuide", "Keys"));
    guide += rows.join(QLatin1Char('\n')) + QLatin1Char('\n');
    return guide;
}

void showUserGuide(QWidget* parent, const QMenuBar* menus) {
    static const char* kName = "userGuide";
    if (auto* open = parent->findChild<QDialog*>(QLatin1String(kName))) {
        open->show();
        open->raise();
        return;
    }
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(QLatin1String(kName));
    dialog->setWindowTitle(QCoreApplication::translate("UserGuide", "User guide"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* text = new QTextBrowser(dialog);
    text->setOpenExternalLinks(true);
    text->setMarkdown(userGuideMarkdown(menus));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(760, 720);
    dialog->show();
}

QString aboutText(const QString& runsRoot) {
    QStringList gpus;
    for (const GpuInfo& gpu : list_gpus()) gpus.append(QString::fromStdString(describe_gpu(gpu)));
    const std::string cuda = compiled_cuda_version();
    const QString gpuLine =
        cuda.empty() ? QCoreApplication::translate(
                           "UserGuide", "CPU only (this LibTorch was built without CUDA)")
        : gpus.isEmpty() ? QCoreApplication::translate("UserGuide", "CUDA %1; no GPU visible")
                               .arg(QString::fromStdString(cuda))
                         : QCoreApplication::translate("UserGuide", "CUDA %1; %2")
                               .arg(QString::fromStdString(cuda), gpus.join(QStringLiteral(", ")));
    return QCoreApplication::translate(
               "UserGuide",
               "<h3>Transformer Workbench %1</h3>"
               "<p>Build, train and understand Transformer models: translation, "
               "summarization and language modelling.</p>"
               "<p>%2<br>Qt %3 (built with %4)<br>%5</p>"
               "<p>Everything done here can also be done with the <code>tfw</code> command; "
               "runs are stored in %6.</p>")
        .arg(QStringLiteral(TFW_VERSION), QString::fromStdString(build_versions()).toHtmlEscaped(),
             QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
             gpuLine.toHtmlEscaped(), QDir::toNativeSeparators(runsRoot).toHtmlEscaped());
}

}  // namespace tfw
