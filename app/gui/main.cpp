// transformer-workbench: the desktop application. Parses the command line and opens the
// window; everything else lives in ui/.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QIcon>
#include <QTimer>

#include <algorithm>
#include <memory>

#include "core/runtime/openmp_policy.h"
#include "ui/common/app_settings.h"
#include "ui/common/ui_language.h"
#include "ui/main_window.h"

namespace {

// TFW_EVENT_LOOP_LOG=FILE: a 5 ms timer on the window's thread measures how late each tick
// runs and appends the lateness (ms, one per line) to FILE once a second. scripts/soak.sh
// reads it for the event loop's p99; nothing runs when the variable is unset.
void log_event_loop_lateness(QObject* parent) {
    const QString path = qEnvironmentVariable("TFW_EVENT_LOOP_LOG");
    if (path.isEmpty()) return;
    struct State {
        QElapsedTimer clock;
        qint64 expected_ns = 0;
        QByteArray pending;
        QFile file;
    };
    auto state = std::make_shared<State>();
    state->file.setFileName(path);
    if (!state->file.open(QIODevice::WriteOnly | QIODevice::Append)) return;
    constexpr qint64 period_ns = 5'000'000;
    auto* tick = new QTimer(parent);
    tick->setTimerType(Qt::PreciseTimer);
    tick->setInterval(5);
    QObject::connect(tick, &QTimer::timeout, parent, [state] {
        const qint64 now = state->clock.nsecsElapsed();
        state->pending += QByteArray::number(
            double(std::max<qint64>(0, now - state->expected_ns)) * 1e-6, 'f', 3);
        state->pending += '\n';
        state->expected_ns = now + period_ns;
    });
    auto* flush = new QTimer(parent);
    flush->setInterval(1000);
    QObject::connect(flush, &QTimer::timeout, parent, [state] {
        state->file.write(state->pending);
        state->file.flush();
        state->pending.clear();
    });
    state->clock.start();
    state->expected_ns = period_ns;
    tick->start();
    flush->start();
}

}  // namespace

int main(int argc, char** argv) {
    // Spinning OpenMP workers would starve the window's thread while training.
    tfw::ensure_passive_openmp_wait(argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TransformerWorkbench"));
    QApplication::setApplicationName(QStringLiteral("Transformer Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(TFW_VERSION));
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/transformer-workbench-%1.png").arg(size));
    QApplication::setWindowIcon(icon);
    QGuiApplication::setDesktopFileName(QStringLiteral("transformer-workbench"));
    tfw::installUiLanguage(app, tfw::AppSettings().language());

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
    const QCommandLineOption language(
        QStringLiteral("language"),
        QApplication::translate("main",
                                "Language of the window for this start: zh_CN, en (default: "
                                "the settings, else the system's)."),
        QStringLiteral("code"));
    parser.addOptions({preset, runsDir, autostart, quitAfter, language});
    parser.process(app);
    if (parser.isSet(language)) tfw::installUiLanguage(app, parser.value(language));

    tfw::MainWindowOptions options;
    options.preset = parser.value(preset);
    options.runsRoot = parser.value(runsDir);
    tfw::MainWindow window(options);
    window.show();
    log_event_loop_lateness(&window);

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
