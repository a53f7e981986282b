// Mean, standard deviation and Welch's t-test over seeds (sweep_report.h).
#include <cmath>
#include <limits>

#include "core/sweep/sweep_report.h"

namespace tfw {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

// The regularized incomplete beta function I_x(a, b), by its continued fraction (modified
// Lentz), using the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) where the fraction converges slowly.
double incomplete_beta(double x, double a, double b) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    if (x > (a + 1) / (a + b + 2)) return 1 - incomplete_beta(1 - x, b, a);
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log(1 - x)) /
                         a;
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    double fraction = d;
    for (int m = 1; m <= 300; ++m) {
        for (int half = 0; half < 2; ++half) {
            const double numerator =
                half == 0 ? m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
                          : -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
            d = 1 + numerator * d;
            d = 1 / (std::fabs(d) < tiny ? tiny : d);
            c = 1 + numerator / c;
            if (std::fabs(c) < tiny) c = tiny;
            fraction *= c * d;
            if (half == 1 && std::fabs(c * d - 1) < 1e-14) return front * fraction;
        }
    }
    return front * fraction;
}

}  // namespace

SeedStats seed_stats(std::vector<double> values) {
    SeedStats stats;
    for (const double v : values)
        if (!std::isnan(v)) stats.values.push_back(v);
    if (stats.values.empty()) {
        stats.mean = stats.std = kNaN;
        return stats;
    }
    double sum = 0;
    for (const double v : stats.values) sum += v;
    stats.mean = sum / stats.n();
    double squares = 0;
    for (const double v : stats.values) squares += (v - stats.mean) * (v - stats.mean);
    stats.std = stats.n() > 1 ? std::sqrt(squares / (stats.n() - 1)) : 0;
    return stats;
}

double welch_p_value(const SeedStats& a, const SeedStats& b) {
    if (a.n() < 2 || b.n() < 2) return kNaN;
    const double va = a.std * a.std / a.n(), vb = b.std * b.std / b.n();
    if (va + vb == 0) return a.mean == b.mean ? 1 : 0;
    const double t = (a.mean - b.mean) / std::sqrt(va + vb);
    const double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
    return incomplete_beta(df / (df + t * t), df / 2, 0.5);
}

}  // namespace tfw
