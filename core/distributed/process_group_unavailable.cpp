// ProcessGroup where LibTorch's c10d headers or Gloo's were missing at build time: a run that
// asks for several processes fails with a message that says how to get them.
#include "core/config/config_error.h"
#include "core/distributed/process_group.h"

namespace tfw {

void PendingSum::wait() {
    if (wait_) wait_();
    wait_ = nullptr;
}

struct ProcessGroup::Impl {};

ProcessGroup::ProcessGroup(const DistributedSetup& setup, const at::Device&) : setup_(setup) {
    throw ConfigError(
        "this build has no data-parallel training (WORLD_SIZE=" + std::to_string(setup.world_size) +
        "): LibTorch's c10d headers or Gloo's (Debian: libgloo-dev) were not found when it was "
        "built. Install them (scripts/install-deps.sh) and rebuild.");
}

ProcessGroup::~ProcessGroup() = default;
std::string ProcessGroup::backend() const {
    return "none";
}
PendingSum ProcessGroup::sum_async(at::Tensor&) {
    return {};
}
std::vector<double> ProcessGroup::sum(const std::vector<double>& values) {
    return values;
}
void ProcessGroup::publish(const std::string&, const std::string&) {}
std::string ProcessGroup::read(const std::string&) {
    return {};
}

}  // namespace tfw
