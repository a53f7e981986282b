#include "widgets/smoothing.h"

#include <cmath>

namespace tfw {

double DebiasedEma::add(double value) {
    if (!std::isfinite(value)) return value;
    if (m_count == 0) m_debiasFactor = 1.0;
    m_last = m_last * m_weight + (1.0 - m_weight) * value;
    ++m_count;
    m_debiasFactor *= m_weight;
    const double debias = 1.0 - m_debiasFactor;
    return debias > 0.0 ? m_last / debias : value;
}

QVector<double> debiasedEma(const QVector<double>& values, double weight) {
    DebiasedEma ema(weight);
    QVector<double> out;
    out.reserve(values.size());
    for (double v : values) out.push_back(ema.add(v));
    return out;
}

}  // namespace tfw
