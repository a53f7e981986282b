#include "ui/checks/checks_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/common/phrase_text.h"

namespace tfw {
namespace {

constexpr int kIndexRole = Qt::UserRole;

QColor statusColor(CheckStatus status) {
    switch (status) {
        case CheckStatus::Pass:
            return QColor(0x2e, 0x7d, 0x32);
        case CheckStatus::Warn:
            return QColor(0xb2, 0x6a, 0x00);
        case CheckStatus::Fail:
            return QColor(0xc6, 0x28, 0x28);
        case CheckStatus::Skipped:
            break;
    }
    return QColor(0x75, 0x75, 0x75);
}

}  // namespace

ChecksView::ChecksView(QWidget* parent)
    : QWidget(parent),
      m_summary(new QLabel(this)),
      m_tree(new QTreeWidget(this)),
      m_explanation(new QTextBrowser(this)) {
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Result"), tr("Check"), tr("Measured")});
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_explanation->setOpenLinks(false);
    m_explanation->setPlaceholderText(
        tr("Select a check to read what it measures and what a "
           "failure usually means."));

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_explanation);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, &ChecksView::showExplanation);
}

QString ChecksView::statusText(CheckStatus status) {
    switch (status) {
        case CheckStatus::Pass:
            return tr("pass");
        case CheckStatus::Warn:
            return tr("warning");
        case CheckStatus::Fail:
            return tr("FAIL");
        case CheckStatus::Skipped:
            break;
    }
    return tr("skipped");
}

QString ChecksView::summaryText(const ChecksReport& report) {
    int counts[4] = {0, 0, 0, 0};
    for (const CheckResult& result : report.results) ++counts[int(result.status)];
    QStringList parts;
    if (counts[int(CheckStatus::Pass)])
        parts << tr("%n passed", "", counts[int(CheckStatus::Pass)]);
    if (counts[int(CheckStatus::Warn)])
        parts << tr("%n warning(s)", "", counts[int(CheckStatus::Warn)]);
    if (counts[int(CheckStatus::Fail)])
        parts << tr("%n failed", "", counts[int(CheckStatus::Fail)]);
    if (counts[int(CheckStatus::Skipped)])
        parts << tr("%n skipped", "", counts[int(CheckStatus::Skipped)]);
    return parts.join(QStringLiteral(" · "));
}

void ChecksView::showReport(const ChecksReport& report) {
    m_report = report;
    m_tree->clear();
    m_explanation->clear();
    for (size_t i = 0; i < report.results.size(); ++i) {
        const CheckResult& result = report.results[i];
        auto* item = new QTreeWidgetItem(m_tree);
        item->setText(0, statusText(result.status));
        item->setForeground(0, statusColor(result.status));
        QFont bold = item->font(0);
        bold.setBold(result.status == CheckStatus::Fail || result.status == CheckStatus::Warn);
        item->setFont(0, bold);
        const QString figure = phraseText(result.figure);
        item->setText(1, markedText("Check", result.title));
        item->setText(2, figure);
        item->setToolTip(1, phraseText(result.explanation));
        item->setToolTip(2, figure);
        item->setData(0, kIndexRole, int(i));
        for (const CheckDetail& shown : result.details) {
            auto* detail = new QTreeWidgetItem(item);
            detail->setText(1, phraseText(shown.name));
            detail->setText(2, phraseText(shown.value));
            detail->setData(0, kIndexRole, int(i));
        }
    }
    m_summary->setText(summaryText(report));
    // Open on the first problem, so that its explanation is what the student reads first.
    int first = 0;
    for (size_t i = 0; i < report.results.size(); ++i)
        if (report.results[i].status == CheckStatus::Fail) {
            first = int(i);
            break;
        }
    if (m_tree->topLevelItemCount() > 0) m_tree->setCurrentItem(m_tree->topLevelItem(first));
}

void ChecksView::clear() {
    showReport({});
}

void ChecksView::showExplanation() {
    const QTreeWidgetItem* item = m_tree->currentItem();
    if (!item) return m_explanation->clear();
    const int index = item->data(0, kIndexRole).toInt();
    if (index < 0 || size_t(index) >= m_report.results.size()) return;
    const CheckResult& result = m_report.results[size_t(index)];
    m_explanation->setHtml(QStringLiteral("<p><b>%1</b> — <span style='color:%2'>%3</span>: %4</p>"
                                          "<p>%5</p>")
                               .arg(markedText("Check", result.title).toHtmlEscaped(),
                                    statusColor(result.status).name(), statusText(result.status),
                                    phraseText(result.figure).toHtmlEscaped(),
                                    phraseText(result.explanation).toHtmlEscaped()));
}

}  // namespace tfw
