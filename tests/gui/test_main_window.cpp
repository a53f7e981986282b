// The window as a whole: Start follows the form's validity, a run started from the window
// lands in the runs folder, and closing during a run stops it cleanly first.
#include <QAction>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "core/io/run_directory.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/experiment_pane.h"
#include "ui/experiment/field_editor.h"
#include "ui/main_window.h"
#include "ui/runs/runs_pane.h"
#include "ui/training/training_pane.h"
#include "ui/training/training_runner.h"

using namespace tfw;

namespace {

QSpinBox* spinBox(MainWindow& window, const char* key) {
    return window.experimentPane()->form()->editor(QLatin1String(key))->findChild<QSpinBox*>();
}

}  // namespace

class TestMainWindow final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void startFollowsValidity() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        QAction* start = window.trainingPane()->startAction();
        QVERIFY(start->isEnabled());

        spinBox(window, "model.d_model")->setValue(512);
        spinBox(window, "model.heads")->setValue(6);
        QVERIFY(!start->isEnabled());
        QVERIFY(start->toolTip().contains(QStringLiteral("must divide model.d_model")));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("model.heads (6)")));
        QVERIFY(window.startTraining().isEmpty());

        spinBox(window, "model.heads")->setValue(8);
        QVERIFY(start->isEnabled());
    }

    void closingDuringARunStopsItFirst() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        window.show();
        QSignalSpy steps(window.trainingPane()->runner(), &TrainingRunner::step);
        const QString runDir = window.startTraining();
        QVERIFY(runDir.startsWith(root.path()));
        QVERIFY(window.trainingPane()->isRunning());
        QVERIFY(!window.trainingPane()->startAction()->isEnabled());
        QVERIFY(steps.wait(60000));

        window.closeWhenStopped();
        QVERIFY(window.isVisible());  // waits for the trainer to save its checkpoint
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 60000);
        QVERIFY(!window.trainingPane()->isRunning());
        QCOMPARE(QString::fromStdString(read_run_status(runDir.toStdString()).state),
                 QStringLiteral("stopped"));
        QTRY_COMPARE(window.runsPane()->runCount(), 1);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
