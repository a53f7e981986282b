#pragma once
// Exponential moving average with TensorBoard's debiasing, so the curve starts at the
// first value instead of rising from zero.

#include <QVector>

namespace tfw {

// Running state for appending one value at a time.
class DebiasedEma final {
  public:
    explicit DebiasedEma(double weight = 0.0) : m_weight(weight) {}
    // Returns the smoothed value after `value`; non-finite values pass through unsmoothed.
    double add(double value);
    void reset() {
        m_last = 0.0;
        m_count = 0;
    }

  private:
    double m_weight;
    double m_last = 0.0;
    double m_debiasFactor = 1.0;  // weight^count
    long long m_count = 0;
};

QVector<double> debiasedEma(const QVector<double>& values, double weight);

}  // namespace tfw
