// transformer-workbench: the desktop application. Parses the command line and opens the
// window; everything else lives in ui/.
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "core/util/openmp_policy.h"
#include "ui/main_window.h"

int main(int argc, char** argv) {
    // Spinning OpenMP workers would starve the window's thread while training.
    tfw::ensure_passive_openmp_wait(argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TransformerWorkbench"));
    QApplication::setApplicationName(QStringLiteral("Transformer Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(TFW_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Build, train and understand Transformer models."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption preset(
        QStringLiteral("preset"),
        QApplication::translate("main", "Experiment to open (default demo)."),
        QStringLiteral("name"), QStringLiteral("demo"));
    const QCommandLineOption runsDir(
        QStringLiteral("runs-dir"),
        QApplication::translate("main", "Folder for run folders (default from the settings)."),
        QStringLiteral("dir"));
    const QCommandLineOption autostart(
        QStringLiteral("autostart"),
        QApplication::translate("main", "Start training the experiment right away."));
    const QCommandLineOption quitAfter(
        QStringLiteral("quit-after-ms"),
        QApplication::translate("main",
                                "Close the window after this many milliseconds "
                                "(start-up check; a running run is stopped first)."),
        QStringLiteral("ms"));
    parser.addOptions({preset, runsDir, autostart, quitAfter});
    parser.process(app);

    tfw::MainWindowOptions options;
    options.preset = parser.value(preset);
    options.runsRoot = parser.value(runsDir);
    tfw::MainWindow window(options);
    window.show();

    if (parser.isSet(autostart))
        QTimer::singleShot(0, &window, [&window] { window.startTraining(); });
    if (parser.isSet(quitAfter)) {
        bool ok = false;
        const int ms = parser.value(quitAfter).toInt(&ok);
        if (!ok || ms < 0) parser.showHelp(2);
        QTimer::singleShot(ms, &window, &tfw::MainWindow::closeWhenStopped);
    }
    return app.exec();
}
