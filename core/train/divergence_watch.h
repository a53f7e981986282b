#pragma once
// Notices a run that diverged: a training loss that became NaN or infinite, or that stays far
// above anything a working model reaches (a learning rate of 10 took the demo from 9 to 7,506
// nats per token while ln(vocabulary) is 3.3). Fed every optimizer step's loss; pure, so a
// test can drive it, and every rank of a data-parallel run (which sees the same summed loss)
// comes to the same verdict.

#include <cstdint>

namespace tfw {

class DivergenceWatch {
  public:
    // ln(target vocabulary): a uniform guess's loss.
    explicit DivergenceWatch(double uniform_loss = 0.0);

    // Nats per target token of one optimizer step (no label smoothing). True once diverged.
    bool observe(int64_t step, double loss);

    bool diverged() const { return step_ > 0; }
    bool non_finite() const { return non_finite_; }
    int64_t step() const { return step_; }  // the step it was noticed at (0: not diverged)
    double loss() const { return loss_; }   // the loss that step
    // Above this a loss counts as exploded: ln(V) + kMarginNats, far beyond where an untrained
    // model starts (≤ ln(V) + 16 with tied embeddings, see the initial-loss check).
    double limit() const { return limit_; }

    static constexpr double kMarginNats = 25.0;
    static constexpr int kStepsAboveLimit = 5;  // in a row: one bad batch is not a divergence

  private:
    double limit_;
    int above_ = 0;
    int64_t step_ = 0;
    double loss_ = 0.0;
    bool non_finite_ = false;
};

}  // namespace tfw
