#pragma once
// The Results part of the Ablations tab: one row per variant with the mean ± std over seeds of
// each quantity and the difference from the baseline (sortable, the best of each column in
// bold), a bar chart of one quantity's mean per variant with ±1 std error bars, and the
// validation loss of every variant over training as a mean line in a ±1 std band. The report
// is read on a background thread. Exports: the table as CSV, Markdown or LaTeX, the charts as
// PNG, SVG or PDF.

#include <QStringList>
#include <QWidget>

#include <memory>

#include "core/sweep/sweep_report.h"
#include "ui/common/background_thread.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace tfw {

class BandChart;
class ErrorBarChart;

class SweepResultsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SweepResultsView)

  public:
    explicit SweepResultsView(QWidget* parent = nullptr);

    // Reads the sweep's results (again) off the UI thread; refreshed() tells when shown.
    void showSweep(const QString& dir);
    void refresh();
    QString sweepDir() const { return m_dir; }
    bool isReading() const { return m_reader.isRunning(); }
    const SweepReport* report() const { return m_report.get(); }

    // Writes the table in `format` to `path`; false (with `error` set) when it cannot.
    bool exportTable(const QString& path, TableFormat format, QString* error = nullptr) const;

    QTableWidget* table() const { return m_table; }
    ErrorBarChart* barChart() const { return m_bars; }
    BandChart* curveChart() const { return m_curves; }

  Q_SIGNALS:
    void refreshed();
    // "Open in Compare": the finished runs' folders.
    void compareRequested(const QStringList& runDirs);
    void statusMessage(const QString& message);

  private:
    struct Read;
    void show(const Read& read);
    void showTable();
    void showBars();
    void showCurves();
    void exportTableWithDialog(TableFormat format);

    QString m_dir;
    bool m_again = false;      // a refresh was asked for while reading
    QString m_chosenQuantity;  // the key of the bars' quantity the user picked; empty: headline
    std::shared_ptr<const SweepReport> m_report;
    std::shared_ptr<const ComparisonTable> m_tableData;
    std::vector<CurveBand> m_bands;
    QLabel* m_note;
    QTableWidget* m_table;
    QComboBox* m_quantity;
    ErrorBarChart* m_bars;
    BandChart* m_curves;
    QPushButton* m_exportTable;
    QPushButton* m_exportBars;
    QPushButton* m_exportCurves;
    QPushButton* m_compare;
    BackgroundThread m_reader{this};
};

}  // namespace tfw
