// The c10d process group behind ProcessGroup (built where LibTorch's c10d headers and Gloo's
// are found; process_group_unavailable.cpp stands in elsewhere).
#include "core/distributed/process_group.h"

#include <ATen/ATen.h>
#include <torch/version.h>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#ifdef TFW_WITH_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <chrono>
#include <csignal>
#include <regex>

namespace tfw {

namespace {

using Milliseconds = std::chrono::milliseconds;

// Gloo's and the store's messages start with "[source/file.cc:123] ": what the user needs is
// the rest.
std::string strip_source_location(const std::string& what) {
    static const std::regex location(R"(\[[^\]]*\.(cc|cpp|h|hpp):\d+\]\s*)");
    std::string text = std::regex_replace(what, location, "");
    const size_t newline = text.find('\n');  // LibTorch appends a backtrace
    return newline == std::string::npos ? text : text.substr(0, newline);
}

DistributedError explain(const DistributedSetup& setup, const std::string& when,
                         const std::exception& e) {
    const std::string what = strip_source_location(e.what());
    const bool timed_out =
        what.find("imed out") != std::string::npos || what.find("imeout") != std::string::npos;
    std::string message = describe_rank(setup) + ": " + when + " failed: ";
    if (timed_out)
        message += "the other processes did not answer within " +
                   std::to_string(static_cast<int64_t>(setup.timeout_s)) +
                   " s (TFW_DISTRIBUTED_TIMEOUT sets the limit)";
    else
        message += "another process of this run stopped or lost its connection";
    return DistributedError(message + " (" + what + ")");
}

std::shared_ptr<::gloo::transport::Device> gloo_device(const DistributedSetup& setup) {
    // As PyTorch does: GLOO_SOCKET_IFNAME names the network interface; without it, jobs on
    // one machine talk over loopback and others over the address the host name resolves to.
    if (const char* interface = std::getenv("GLOO_SOCKET_IFNAME"); interface && *interface)
        return c10d::ProcessGroupGloo::createDeviceForInterface(interface);
    const std::string& addr = setup.master_addr;
    if (addr == "localhost" || addr.rfind("127.", 0) == 0)
        return c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1");
    return c10d::ProcessGroupGloo::createDefaultDevice();
}

}  // namespace

void PendingSum::wait() {
    if (wait_) wait_();
    wait_ = nullptr;
}

struct ProcessGroup::Impl {
    at::Device device{at::kCPU};
    c10::intrusive_ptr<c10d::Store> store;
#ifdef TFW_WITH_NCCL
    c10::intrusive_ptr<c10d::ProcessGroupNCCL> nccl;
#endif
    c10::intrusive_ptr<c10d::ProcessGroupGloo> gloo;
};

ProcessGroup::ProcessGroup(const DistributedSetup& setup, const at::Device& device)
    : setup_(setup), impl_(std::make_unique<Impl>()) {
    impl_->device = device;
#ifdef SIGPIPE
    // Gloo writes to its sockets without MSG_NOSIGNAL: once a peer has died, the next write
    // raises SIGPIPE, which would end this process before the failed collective could say
    // why (PyTorch's Python ignores SIGPIPE for the same reason).
    std::signal(SIGPIPE, SIG_IGN);
#endif
    const Milliseconds timeout(static_cast<int64_t>(setup.timeout_s * 1000));
    try {
        c10d::TCPStoreOptions options;
        options.port = static_cast<std::uint16_t>(setup.master_port);
        options.isServer = setup.rank == 0;
        if (setup.agent_store) {
#if TORCH_VERSION_MAJOR >= 2
            options.isServer = false;  // torchrun's agent serves it
#else
            // LibTorch 1.x's store speaks an older protocol than torchrun 2.x's agent (whose
            // message codes moved): rank 0 serves a store of its own on the next port.
            options.port = static_cast<std::uint16_t>(setup.master_port + 1);
#endif
        }
        // Gloo's own rendezvous below waits for every rank; the store need not count them.
        options.waitWorkers = false;
        options.timeout = timeout;
        auto tcp = c10::make_intrusive<c10d::TCPStore>(setup.master_addr, options);
        impl_->store = c10::make_intrusive<c10d::PrefixStore>(setup.store_prefix, tcp);
    } catch (const std::exception& e) {
        throw explain(
            setup_,
            "joining the run at " + setup.master_addr + ":" + std::to_string(setup.master_port), e);
    }
    try {
#ifdef TFW_WITH_NCCL
        if (device.is_cuda()) {
            auto options = c10d::ProcessGroupNCCL::Options::create();
            options->timeout = timeout;
            impl_->nccl = c10::make_intrusive<c10d::ProcessGroupNCCL>(impl_->store, setup.rank,
                                                                      setup.world_size, options);
            return;
        }
#endif
        auto options = c10d::ProcessGroupGloo::Options::create(timeout);
        options->devices.push_back(gloo_device(setup));
        impl_->gloo = c10::make_intrusive<c10d::ProcessGroupGloo>(impl_->store, setup.rank,
                                                                  setup.world_size, options);
    } catch (const std::exception& e) {
        throw explain(setup_, "connecting to the other processes", e);
    }
}

ProcessGroup::~ProcessGroup() = default;

std::string ProcessGroup::backend() const {
#ifdef TFW_WITH_NCCL
    if (impl_->nccl) return "nccl";
#endif
    return "gloo";
}

PendingSum ProcessGroup::sum_async(at::Tensor& tensor) {
    std::vector<at::Tensor> tensors{tensor};
    c10d::AllreduceOptions options;
    options.reduceOp = c10d::ReduceOp::SUM;
    // A failure shows when the sum is waited for (or, for some, when it is started).
    auto pending = [this](auto work) {
        return PendingSum([this, work] {
            try {
                work->wait();
            } catch (const std::exception& e) {
                throw explain(setup_, "summing gradients", e);
            }
        });
    };
    try {
#ifdef TFW_WITH_NCCL
        if (impl_->nccl) return pending(impl_->nccl->allreduce(tensors, options));
#endif
        return pending(impl_->gloo->allreduce(tensors, options));
    } catch (const std::exception& e) {
        throw explain(setup_, "summing gradients", e);
    }
}

std::vector<double> ProcessGroup::sum(const std::vector<double>& values) {
    at::Tensor t = at::tensor(values, at::kDouble);
    if (!impl_->device.is_cpu()) t = t.to(impl_->device);
    sum(t);
    t = t.cpu();
    return {t.data_ptr<double>(), t.data_ptr<double>() + t.numel()};
}

void ProcessGroup::publish(const std::string& key, const std::string& value) {
    try {
        impl_->store->set(key, std::vector<uint8_t>(value.begin(), value.end()));
    } catch (const std::exception& e) {
        throw explain(setup_, "publishing " + key, e);
    }
}

std::string ProcessGroup::read(const std::string& key) {
    try {
        const std::vector<uint8_t> value = impl_->store->get(key);
        return {value.begin(), value.end()};
    } catch (const std::exception& e) {
        throw explain(setup_, "waiting for " + key + " from rank 0", e);
    }
}

}  // namespace tfw
