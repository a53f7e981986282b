// The sanity checks window: a report shown as rows with their details and the first failure's
// explanation; checks run off the window's thread on a tiny experiment (a sane model passes
// the leak check, one built to leak fails it); closing cancels; an experiment whose data
// cannot be read gets a message.
#include <QLabel>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QtTest>

#include "tests/core/tiny_checkpoint.h"
#include "ui/checks/checks_dialog.h"
#include "ui/checks/checks_view.h"

using namespace tfw;

class TestChecksDialog : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void aReportShowsEveryCheckWithItsDetails() {
        ChecksReport report;
        report.results.push_back({"initial_loss",
                                  "Initial loss",
                                  CheckStatus::Pass,
                                  verbatim("2.30 (ln 10 = 2.30)"),
                                  verbatim("The untrained model's loss."),
                                  {}});
        report.results.push_back({"gradients",
                                  "Gradient norms",
                                  CheckStatus::Warn,
                                  verbatim("max 40"),
                                  verbatim("Norms per layer."),
                                  {{"decoder layer 1", "40"}, {"output", "2"}}});
        report.results.push_back({"causal_leak",
                                  "No peeking",
                                  CheckStatus::Fail,
                                  verbatim("max change 0.7"),
                                  verbatim("Changing a future token changed earlier outputs."),
                                  {}});
        ChecksView view;
        view.showReport(report);
        QCOMPARE(view.tree()->topLevelItemCount(), 3);
        QCOMPARE(view.tree()->topLevelItem(1)->childCount(), 2);
        QCOMPARE(view.tree()->topLevelItem(1)->child(0)->text(2), QStringLiteral("40"));
        QCOMPARE(view.tree()->topLevelItem(2)->text(0), ChecksView::statusText(CheckStatus::Fail));
        QCOMPARE(view.tree()->topLevelItem(2)->text(2), QStringLiteral("max change 0.7"));
        // The first failure is selected, so its explanation is what the student reads first.
        QCOMPARE(view.tree()->currentItem(), view.tree()->topLevelItem(2));
        QVERIFY(view.explanation()->toPlainText().contains(
            QStringLiteral("Changing a future token changed earlier outputs.")));
        QCOMPARE(ChecksView::summaryText(report),
                 QStringLiteral("1 passed · 1 warning(s) · 1 failed"));
    }

    void checksRunOffTheWindowThread_data() {
        QTest::addColumn<bool>("causal");
        QTest::newRow("causal decoder") << true;
        QTest::newRow("decoder that sees the future") << false;
    }

    void checksRunOffTheWindowThread() {
        QFETCH(bool, causal);
        ExperimentConfig config = test::tiny_reverse_run();
        config.model.causal = causal;
        ChecksDialog dialog;
        dialog.setConfig(config);
        QSignalSpy done(&dialog, &ChecksDialog::checksFinished);
        dialog.runChecks(true);
        QVERIFY(dialog.isRunning());
        QVERIFY(done.wait(120000));
        QVERIFY(!dialog.isRunning());
        QTreeWidget* tree = dialog.view()->tree();
        QVERIFY(tree->topLevelItemCount() >= 3);
        int leakRows = 0;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            const QString status = tree->topLevelItem(i)->text(0);
            if (!tree->topLevelItem(i)->text(1).contains(QStringLiteral("peek"),
                                                         Qt::CaseInsensitive))
                continue;
            ++leakRows;
            QCOMPARE(status,
                     ChecksView::statusText(causal ? CheckStatus::Pass : CheckStatus::Fail));
        }
        QCOMPARE(leakRows, 1);
    }

    void cancellingKeepsTheChecksThatRan() {
        ChecksDialog dialog;
        dialog.setConfig(test::tiny_reverse_run());
        QSignalSpy done(&dialog, &ChecksDialog::checksFinished);
        dialog.runChecks(false);
        dialog.reject();  // closing the window cancels
        QVERIFY(done.wait(120000));
        QVERIFY(!dialog.isRunning());
        bool saysCancelled = false;
        for (const QLabel* label : dialog.findChildren<QLabel*>())
            saysCancelled |= label->text().startsWith(QStringLiteral("Cancelled"));
        QVERIFY(saysCancelled);
    }

    void anExperimentThatCannotBePreparedIsReported() {
        ExperimentConfig config = test::tiny_reverse_run();
        config.data.synthetic = Synthetic::None;
        config.data.train_src = "/nonexistent/train.src";
        config.data.train_tgt = "/nonexistent/train.tgt";
        ChecksDialog dialog;
        dialog.setConfig(config);
        QSignalSpy done(&dialog, &ChecksDialog::checksFinished);
        dialog.runChecks(true);
        QVERIFY(done.wait(60000));
        QTRY_VERIFY(dialog.findChild<QMessageBox*>() != nullptr);
        QVERIFY(dialog.findChild<QMessageBox*>()->text().contains(QStringLiteral("train.src")));
        QCOMPARE(dialog.view()->tree()->topLevelItemCount(), 0);
    }
};

QTEST_MAIN(TestChecksDialog)
#include "test_checks_dialog.moc"
