#include "core/train/lr_schedule.h"

#include <algorithm>
#include <cmath>

namespace tfw {

bool schedule_follows_clock(const TrainConfig& train) {
    return train.schedule == Schedule::Cosine && train.max_steps == 0 && train.max_minutes > 0;
}

double learning_rate_at(const ExperimentConfig& config, long long step, double budget_used) {
    const TrainConfig& t = config.train;
    const double s = static_cast<double>(std::max(1LL, step));
    const double w = static_cast<double>(t.warmup_steps);
    const bool warming = w > 0 && s < w;
    switch (t.schedule) {
        case Schedule::Noam:
            return t.noam_factor / std::sqrt(static_cast<double>(config.model.d_model)) *
                   std::min(1.0 / std::sqrt(s), s * std::pow(std::max(w, 1.0), -1.5));
        case Schedule::InverseSqrt:
            if (warming) return t.lr * s / w;
            return t.lr * std::sqrt(std::max(w, 1.0) / s);
        case Schedule::Cosine: {
            if (warming) return t.lr * s / w;
            const double span = std::max(1.0, static_cast<double>(t.max_steps) - w);
            const double progress =
                std::clamp(schedule_follows_clock(t) ? budget_used : (s - w) / span, 0.0, 1.0);
            return t.lr * 0.5 * (1.0 + std::cos(M_PI * progress));
        }
        case Schedule::Constant:
            return warming ? t.lr * s / w : t.lr;
    }
    return t.lr;
}

}  // namespace tfw
