#include "ui/sweep/sweep_results_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "core/util/error_text.h"
#include "ui/common/phrase_text.h"
#include "ui/common/problem_message.h"
#include "ui/common/string_conversion.h"
#include "widgets/band_chart.h"
#include "widgets/chart_style.h"
#include "widgets/color_swatch.h"
#include "widgets/error_bar_chart.h"
#include "widgets/image_export.h"

namespace tfw {
namespace {

// Sorts by the number a cell starts with ("12.30 ± 0.41" by 12.30), text otherwise.
class ResultItem final : public QTableWidgetItem {
  public:
    explicit ResultItem(const QString& text) : QTableWidgetItem(text) {
        static const QRegularExpression leading(
            QStringLiteral("^\\s*([-+]?(?:\\d[\\d,]*)?\\.?\\d+(?:[eE][-+]?\\d+)?)"));
        QString plain = text;
        plain.replace(QChar(0x2212), QLatin1Char('-'));  // typographic minus
        const QRegularExpressionMatch match = leading.match(plain);
        bool ok = false;
        const double value =
            match.hasMatch() ? match.captured(1).remove(QLatin1Char(',')).toDouble(&ok) : 0;
        if (ok) setData(Qt::UserRole, value);
        setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    }
    bool operator<(const QTableWidgetItem& other) const override {
        const QVariant a = data(Qt::UserRole), b = other.data(Qt::UserRole);
        if (a.isValid() && b.isValid()) return a.toDouble() < b.toDouble();
        if (a.isValid() != b.isValid()) return a.isValid();  // numbers before blanks
        return QTableWidgetItem::operator<(other);
    }
};

const char* formatSuffix(TableFormat format) {
    switch (format) {
        case TableFormat::Csv:
            return "csv";
        case TableFormat::Latex:
            return "tex";
        case TableFormat::Markdown:
            break;
    }
    return "md";
}

}  // namespace

struct SweepResultsView::Read {
    std::shared_ptr<const SweepReport> report;
    std::shared_ptr<const ComparisonTable> table;
    std::vector<CurveBand> bands;
    QString error;
};

SweepResultsView::SweepResultsView(QWidget* parent)
    : QWidget(parent),
      m_note(new QLabel(this)),
      m_table(new QTableWidget(this)),
      m_quantity(new QComboBox(this)),
      m_bars(new ErrorBarChart(this)),
      m_curves(new BandChart(this)),
      m_exportTable(new QPushButton(tr("Export table"), this)),
      m_exportBars(new QPushButton(tr("Export chart…"), this)),
      m_exportCurves(new QPushButton(tr("Export chart…"), this)),
      m_compare(new QPushButton(tr("Open in Compare"), this)) {
    m_note->setWordWrap(true);
    m_note->setText(tr("No results yet: they appear here as runs finish."));
    m_table->setObjectName(QStringLiteral("sweepResults"));
    m_table->setSortingEnabled(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_bars->setObjectName(QStringLiteral("sweepBars"));
    m_curves->setObjectName(QStringLiteral("sweepCurves"));
    m_curves->setTitle(tr("Validation loss (mean ± 1 std over seeds)"));
    m_curves->setAxisLabels(tr("step"), tr("valid loss"));

    auto* tableMenu = new QMenu(m_exportTable);
    tableMenu->addAction(tr("CSV…"), this, [this] { exportTableWithDialog(TableFormat::Csv); });
    tableMenu->addAction(tr("Markdown…"), this,
                         [this] { exportTableWithDialog(TableFormat::Markdown); });
    tableMenu->addAction(tr("LaTeX…"), this, [this] { exportTableWithDialog(TableFormat::Latex); });
    m_exportTable->setMenu(tableMenu);
    const auto besideSweep = [this](const QString& what) {
        const QFileInfo sweep(m_dir);
        return sweep.dir().filePath(sweep.fileName() + QLatin1Char('-') + what +
                                    QStringLiteral(".png"));
    };
    connect(m_exportBars, &QPushButton::clicked, this, [this, besideSweep] {
        exportWidgetWithDialog(m_bars, tr("bar chart"), besideSweep(QStringLiteral("bars")));
    });
    connect(m_exportCurves, &QPushButton::clicked, this, [this, besideSweep] {
        exportWidgetWithDialog(m_curves, tr("validation loss chart"),
                               besideSweep(QStringLiteral("valid-loss")));
    });
    m_compare->setToolTip(tr("Add the sweep's finished runs to the Compare tab"));
    connect(m_compare, &QPushButton::clicked, this, [this] {
        if (!m_report) return;
        QStringList dirs;
        for (const VariantResult& variant : m_report->variants)
            for (const std::string& dir : variant.run_dirs) dirs << toQString(dir);
        Q_EMIT compareRequested(dirs);
    });
    m_quantity->setToolTip(tr("The quantity the bars show"));
    connect(m_quantity, &QComboBox::currentIndexChanged, this, &SweepResultsView::showBars);
    connect(m_quantity, &QComboBox::activated, this,
            [this] { m_chosenQuantity = m_quantity->currentData().toString(); });

    auto* tableButtons = new QHBoxLayout;
    tableButtons->addWidget(m_note, 1);
    tableButtons->addWidget(m_exportTable);
    tableButtons->addWidget(m_compare);
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(tableButtons);
    topLayout->addWidget(m_table, 1);

    auto* barsBox = new QWidget(this);
    auto* barsLayout = new QVBoxLayout(barsBox);
    barsLayout->setContentsMargins(0, 0, 0, 0);
    auto* barsButtons = new QHBoxLayout;
    barsButtons->addWidget(new QLabel(tr("Bars:"), barsBox));
    barsButtons->addWidget(m_quantity, 1);
    barsButtons->addWidget(m_exportBars);
    barsLayout->addLayout(barsButtons);
    barsLayout->addWidget(m_bars, 1);
    auto* curvesBox = new QWidget(this);
    auto* curvesLayout = new QVBoxLayout(curvesBox);
    curvesLayout->setContentsMargins(0, 0, 0, 0);
    auto* curvesButtons = new QHBoxLayout;
    curvesButtons->addStretch(1);
    curvesButtons->addWidget(m_exportCurves);
    curvesLayout->addLayout(curvesButtons);
    curvesLayout->addWidget(m_curves, 1);
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(barsBox);
    charts->addWidget(curvesBox);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(charts);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
    for (QPushButton* button : {m_exportTable, m_exportBars, m_exportCurves, m_compare})
        button->setEnabled(false);
}

void SweepResultsView::showSweep(const QString& dir) {
    if (dir != m_dir) {
        m_dir = dir;
        m_report.reset();
        m_tableData.reset();
        m_bands.clear();
        showTable();
        showCurves();
        m_quantity->clear();
        m_bars->setBars({});
    }
    refresh();
}

void SweepResultsView::refresh() {
    if (m_dir.isEmpty()) return;
    if (m_reader.isRunning()) {
        m_again = true;
        return;
    }
    m_again = false;
    m_reader.start([this, dir = m_dir.toStdString()](const std::atomic<bool>&) {
        Read read;
        try {
            auto report = std::make_shared<SweepReport>(build_sweep_report(dir));
            read.table = std::make_shared<const ComparisonTable>(sweep_table(*report));
            read.bands = validation_curves(*report);
            read.report = std::move(report);
        } catch (const std::exception& e) {
            read.error = toQString(user_error_text(e));
        }
        return [this, read, dir] {
            if (toQString(dir) == m_dir) show(read);
            if (m_again) refresh();
        };
    });
}

void SweepResultsView::show(const Read& read) {
    if (!read.error.isEmpty()) {
        m_note->setText(tr("Could not read the results: %1").arg(read.error));
        Q_EMIT statusMessage(m_note->text());
        return;
    }
    m_report = read.report;
    m_tableData = read.table;
    m_bands = read.bands;
    size_t finished = 0, runs = 0;
    for (const VariantResult& variant : m_report->variants) {
        finished += variant.finished;
        runs += variant.runs;
    }
    m_note->setText(tr("%1 of %2 runs finished · budget %3 · %4")
                        .arg(finished)
                        .arg(runs)
                        .arg(toQString(m_report->budget), toQString(m_report->noise_test)));
    showTable();
    {
        // The quantity the user picked stays (by key: the columns may change as runs finish),
        // else the headline.
        const QSignalBlocker blocker(m_quantity);
        m_quantity->clear();
        int current = int(m_report->headline);
        for (size_t q = 0; q < m_report->quantities.size(); ++q) {
            const SweepQuantity& quantity = m_report->quantities[q];
            m_quantity->addItem(toQString(quantity.name), toQString(quantity.key));
            if (toQString(quantity.key) == m_chosenQuantity) current = int(q);
        }
        m_quantity->setCurrentIndex(current);
    }
    showBars();
    showCurves();
    for (QPushButton* button : {m_exportTable, m_exportBars, m_exportCurves})
        button->setEnabled(true);
    m_compare->setEnabled(finished > 0);
    Q_EMIT refreshed();
}

void SweepResultsView::showTable() {
    m_table->setSortingEnabled(false);
    m_table->clear();
    m_table->setRowCount(0);
    m_table->setColumnCount(0);
    if (!m_tableData || !m_report) return;
    const ComparisonTable& table = *m_tableData;
    QStringList headers{QCoreApplication::translate("ComparisonTable", table.corner.c_str())};
    for (const std::string& column : table.columns) headers << toQString(column);
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(table.rows.size()));
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const ComparisonRow& row = table.rows[r];
        auto* label =
            new ResultItem(row.title.empty() ? toQString(row.label) : phraseText(row.title));
        label->setData(Qt::UserRole, QVariant());  // labels sort as text
        if (r < m_report->variants.size()) {
            label->setIcon(colorSwatch(seriesColor(int(r))));
            if (m_report->variants[r].baseline) label->setToolTip(tr("the baseline"));
        }
        m_table->setItem(int(r), 0, label);
        for (size_t c = 0; c < row.cells.size(); ++c) {
            auto* cell = new ResultItem(toQString(row.cells[c]));
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(int(r), int(c) + 1, cell);
        }
    }
    // The best of each column in bold, as the Compare tab marks the best of each row.
    const auto best = best_marks(table);
    for (size_t r = 0; r < best.size(); ++r)
        for (size_t c = 0; c < best[r].size(); ++c) {
            QTableWidgetItem* cell = m_table->item(int(r), int(c) + 1);
            if (!best[r][c] || !cell) continue;
            QFont font = cell->font();
            font.setBold(true);
            cell->setFont(font);
            cell->setToolTip(tr("best of this column"));
        }
    m_table->resizeColumnsToContents();
    m_table->setSortingEnabled(true);
}

void SweepResultsView::showBars() {
    const int q = m_quantity->currentIndex();
    if (!m_report || q < 0 || size_t(q) >= m_report->quantities.size()) {
        m_bars->setBars({});
        return;
    }
    const SweepQuantity& quantity = m_report->quantities[size_t(q)];
    QList<ErrorBar> bars;
    for (size_t v = 0; v < m_report->variants.size(); ++v) {
        const VariantResult& variant = m_report->variants[v];
        const SeedStats& stats = variant.quantities.at(size_t(q));
        bars.append({toQString(variant.label), stats.n() ? stats.mean : NAN,
                     stats.n() > 1 ? stats.std : 0, seriesColor(int(v))});
    }
    m_bars->setTitle(tr("%1 (mean ± 1 std over seeds, %2)")
                         .arg(toQString(quantity.name), quantity.higher_is_better
                                                            ? tr("higher is better")
                                                            : tr("lower is better")));
    m_bars->setValueLabel(toQString(quantity.name));
    m_bars->setBars(bars);
}

void SweepResultsView::showCurves() {
    QList<BandSeries> series;
    for (const CurveBand& band : m_bands) {
        BandSeries line;
        line.name = toQString(band.label);
        for (size_t v = 0; m_report && v < m_report->variants.size(); ++v)
            if (m_report->variants[v].label == band.label) line.color = seriesColor(int(v));
        for (size_t i = 0; i < band.steps.size(); ++i) {
            line.steps.append(double(band.steps[i]));
            line.mean.append(band.mean.at(i));
            line.std.append(i < band.std.size() ? band.std[i] : 0);
        }
        series.append(line);
    }
    m_curves->setSeries(series);
}

bool SweepResultsView::exportTable(const QString& path, TableFormat format, QString* error) const {
    if (!m_report) {
        if (error) *error = tr("there are no results yet");
        return false;
    }
    QSaveFile file(path);
    const std::string text = format_sweep_report(*m_report, format);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

void SweepResultsView::exportTableWithDialog(TableFormat format) {
    const QString suffix = QString::fromLatin1(formatSuffix(format));
    const QFileInfo sweep(m_dir);
    const QString suggested = sweep.dir().filePath(sweep.fileName() + QLatin1Char('.') + suffix);
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the results table"), suggested, QStringLiteral("*.%1").arg(suffix));
    if (path.isEmpty()) return;
    QString error;
    if (exportTable(path, format, &error))
        Q_EMIT statusMessage(tr("Results written to %1").arg(QDir::toNativeSeparators(path)));
    else
        showProblem(this, tr("Export the results table"),
                    tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), error));
}

}  // namespace tfw
