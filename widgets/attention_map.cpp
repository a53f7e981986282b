#include "widgets/attention_map.h"

#include <QColor>
#include <algorithm>
#include <array>
#include <cmath>

namespace tfw {
namespace {

// Viridis sampled at nine points, interpolated linearly into 256 entries.
std::array<QRgb, 256> makeRamp() {
    static const int stops[9][3] = {{68, 1, 84},    {71, 44, 122},  {59, 81, 139},
                                    {44, 113, 142}, {33, 144, 141}, {39, 173, 129},
                                    {92, 200, 99},  {170, 220, 50}, {253, 231, 37}};
    std::array<QRgb, 256> ramp{};
    for (int i = 0; i < 256; ++i) {
        const double x = i / 255.0 * 8.0;
        const int lo = std::min(7, static_cast<int>(x));
        const double f = x - lo;
        int rgb[3];
        for (int c = 0; c < 3; ++c)
            rgb[c] = static_cast<int>(std::lround(stops[lo][c] * (1 - f) + stops[lo + 1][c] * f));
        ramp[static_cast<size_t>(i)] = qRgb(rgb[0], rgb[1], rgb[2]);
    }
    return ramp;
}

}  // namespace

QRgb attentionColor(float weight) {
    static const std::array<QRgb, 256> ramp = makeRamp();
    const int index = static_cast<int>(std::lround(std::clamp(weight, 0.0f, 1.0f) * 255.0f));
    return ramp[static_cast<size_t>(index)];
}

double AttentionMap::entropy() const {
    if (isEmpty()) return 0.0;
    double total = 0.0;
    for (int r = 0; r < rows; ++r) {
        double h = 0.0;
        for (int c = 0; c < columns; ++c) {
            const double p = at(r, c);
            if (p > 0) h -= p * std::log(p);
        }
        total += h;
    }
    return total / rows;
}

QImage AttentionMap::toImage() const {
    QImage image(std::max(1, columns), std::max(1, rows), QImage::Format_RGB32);
    image.fill(attentionColor(0.0f));
    for (int r = 0; r < rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(r));
        for (int c = 0; c < columns; ++c) line[c] = attentionColor(at(r, c));
    }
    return image;
}

AttentionMap averageOf(const QVector<AttentionMap>& maps) {
    if (maps.isEmpty()) return {};
    AttentionMap mean = maps.front();
    for (int m = 1; m < maps.size(); ++m)
        for (int i = 0; i < mean.weights.size(); ++i) mean.weights[i] += maps[m].weights[i];
    const float scale = 1.0f / static_cast<float>(maps.size());
    for (float& w : mean.weights) w *= scale;
    return mean;
}

}  // namespace tfw
