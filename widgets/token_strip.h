#pragma once
// One output as a row of token boxes that wraps like text: each box shows the token, a small
// bar of its probability under the model, and a tint when it differs from the output it is
// compared with. A marker shows where two outputs first part. Hover for the exact numbers.

#include <QColor>
#include <QString>
#include <QVector>
#include <QWidget>

namespace tfw {

struct StripToken {
    QString text;
    double logProb = 0;    // natural log of the token's probability
    bool differs = false;  // not part of what both outputs share
};

class TokenStrip final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenStrip)

  public:
    explicit TokenStrip(QWidget* parent = nullptr);

    // divergence: index of the first token that differs from the other output, -1 for none.
    void setTokens(const QVector<StripToken>& tokens, int divergence = -1);
    // The colour of this output's checkpoint (bars and marker).
    void setAccent(const QColor& color);
    const QVector<StripToken>& tokens() const { return m_tokens; }
    int divergence() const { return m_divergence; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    // Box of every token for the given width, laid out left to right and wrapped.
    QVector<QRect> layoutBoxes(int width) const;
    int tokenAt(const QPoint& position) const;

    QVector<StripToken> m_tokens;
    QVector<QRect> m_boxes;  // for the current width
    int m_divergence = -1;
    QColor m_accent{31, 119, 180};
};

}  // namespace tfw
