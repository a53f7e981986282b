#pragma once
// A run the window trains on N local processes: the window's training thread is rank 0 (its
// reports feed the one set of charts, its pause and stop reach every rank) and ranks 1..N-1
// are `tfw train` / `tfw resume` processes started beside it, their output in a temporary
// folder that is shown when one fails.

#include <QTemporaryDir>

#include <memory>
#include <string>
#include <vector>

#include "core/distributed/distributed_setup.h"
#include "core/distributed/local_ranks.h"
#include "core/train/training_observer.h"

namespace tfw {

// Rank 0 of `processes` on loopback, with a free port.
DistributedSetup localDistributedSetup(int processes);

class OtherRanks {
  public:
    // Starts ranks 1..N-1 running `tfw arguments...`. Throws std::runtime_error when the tfw
    // program cannot be found or started.
    OtherRanks(const DistributedSetup& setup, const std::vector<std::string>& arguments);
    ~OtherRanks();
    OtherRanks(const OtherRanks&) = delete;
    OtherRanks& operator=(const OtherRanks&) = delete;

    // After rank 0's run ended: waits a minute at most for the others and adds what a failed
    // one printed to a failed result's message.
    void finish(TrainingFinished& result);

  private:
    QTemporaryDir m_logs;
    std::unique_ptr<LocalRanks> m_ranks;
};

}  // namespace tfw
