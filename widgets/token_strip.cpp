#include "widgets/token_strip.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

#include <cmath>

namespace tfw {
namespace {

constexpr int kPadding = 5;    // inside a box, left and right
constexpr int kGap = 4;        // between boxes
constexpr int kBarHeight = 5;  // probability bar under the text
constexpr int kMaxTextWidth = 220;

}  // namespace

TokenStrip::TokenStrip(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    setMouseTracking(true);
}

void TokenStrip::setTokens(const QVector<StripToken>& tokens, int divergence) {
    m_tokens = tokens;
    m_divergence = divergence;
    m_boxes = layoutBoxes(width());
    updateGeometry();
    update();
}

void TokenStrip::setAccent(const QColor& color) {
    m_accent = color;
    update();
}

QVector<QRect> TokenStrip::layoutBoxes(int width) const {
    const QFontMetrics metrics(font());
    const int boxHeight = metrics.height() + kBarHeight + 6;
    QVector<QRect> boxes;
    int x = 0, y = 0;
    for (const StripToken& token : m_tokens) {
        const int textWidth = std::min(metrics.horizontalAdvance(token.text), kMaxTextWidth);
        // A few pixels of slack: elidedText() elides text that fits only to the pixel.
        const int w = std::max(textWidth + 2 * kPadding + 4, 18);
        if (x > 0 && x + w > width) {
            x = 0;
            y += boxHeight + kGap;
        }
        boxes.append(QRect(x, y, w, boxHeight));
        x += w + kGap;
    }
    return boxes;
}

int TokenStrip::heightForWidth(int width) const {
    const QVector<QRect> boxes = layoutBoxes(width);
    const QFontMetrics metrics(font());
    return boxes.isEmpty() ? metrics.height() + kBarHeight + 6 : boxes.last().bottom() + 2;
}

QSize TokenStrip::sizeHint() const {
    return {400, heightForWidth(400)};
}

QSize TokenStrip::minimumSizeHint() const {
    return {100, heightForWidth(std::max(width(), 100))};
}

void TokenStrip::resizeEvent(QResizeEvent* event) {
    m_boxes = layoutBoxes(width());
    QWidget::resizeEvent(event);
}

int TokenStrip::tokenAt(const QPoint& position) const {
    for (int i = 0; i < m_boxes.size(); ++i)
        if (m_boxes[i].contains(position)) return i;
    return -1;
}

bool TokenStrip::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int i = tokenAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
        } else {
            const StripToken& t = m_tokens[i];
            QString text = tr("<b>%1</b><br>log p = %2 &nbsp; p = %3")
                               .arg(t.text.toHtmlEscaped())
                               .arg(t.logProb, 0, 'f', 3)
                               .arg(std::exp(t.logProb), 0, 'f', 3);
            if (t.differs) text += tr("<br>not in the other output");
            if (i == m_divergence) text += tr("<br>the outputs part here");
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void TokenStrip::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QFontMetrics metrics(font());
    QColor differs(255, 170, 60, 110);  // amber tint: readable on light and dark
    for (int i = 0; i < m_tokens.size() && i < m_boxes.size(); ++i) {
        const StripToken& token = m_tokens[i];
        const QRect box = m_boxes[i];
        painter.setPen(QPen(pal.color(QPalette::Mid), 1));
        painter.setBrush(token.differs ? differs : pal.color(QPalette::Base));
        painter.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        painter.setPen(pal.color(QPalette::Text));
        const QRect textRect(box.left() + kPadding, box.top() + 2, box.width() - 2 * kPadding,
                             metrics.height());
        painter.drawText(textRect, Qt::AlignCenter,
                         metrics.elidedText(token.text, Qt::ElideRight, textRect.width()));
        // Probability bar: full width = p of 1.
        const double p = std::clamp(std::exp(token.logProb), 0.0, 1.0);
        const QRect track(box.left() + 3, box.bottom() - kBarHeight - 2, box.width() - 6,
                          kBarHeight);
        painter.setPen(Qt::NoPen);
        painter.setBrush(pal.color(QPalette::Midlight));
        painter.drawRect(track);
        painter.setBrush(m_accent);
        painter.drawRect(
            QRect(track.left(), track.top(), int(std::lround(track.width() * p)), track.height()));
        if (i == m_divergence) {
            painter.setPen(QPen(QColor(214, 39, 40), 2));
            painter.drawLine(box.left() - kGap / 2, box.top() - 1, box.left() - kGap / 2,
                             box.bottom() + 1);
        }
    }
    // An output that ends before the other: the marker after its last token.
    if (m_divergence >= 0 && m_divergence == m_tokens.size() && !m_boxes.isEmpty()) {
        const QRect last = m_boxes.last();
        painter.setPen(QPen(QColor(214, 39, 40), 2));
        painter.drawLine(last.right() + kGap / 2, last.top() - 1, last.right() + kGap / 2,
                         last.bottom() + 1);
    }
}

}  // namespace tfw
