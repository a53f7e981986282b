#include "core/distributed/local_ranks.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace tfw {

int free_loopback_port() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) throw std::runtime_error(std::string("cannot open a socket: ") + strerror(errno));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;  // the system picks a free one
    socklen_t length = sizeof address;
    const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    close(fd);
    if (!ok) throw std::runtime_error(std::string("cannot find a free port: ") + strerror(errno));
    return ntohs(address.sin_port);
}

std::string RankExit::describe() const {
    const std::string who = "rank " + std::to_string(rank);
    if (signal != 0) return who + " was killed (signal " + std::to_string(signal) + ")";
    return who + " exited with code " + std::to_string(code);
}

namespace {

RankExit exit_of(int rank, int status) {
    RankExit e;
    e.rank = rank;
    if (WIFSIGNALED(status)) {
        e.signal = WTERMSIG(status);
        e.code = 128 + e.signal;
    } else {
        e.code = WEXITSTATUS(status);
    }
    return e;
}

// This process's environment with the rank's variables set over it.
std::vector<std::string> rank_environment(const DistributedSetup& setup, int rank) {
    const std::vector<std::pair<std::string, std::string>> variables = {
        {"RANK", std::to_string(rank)},
        {"WORLD_SIZE", std::to_string(setup.world_size)},
        {"LOCAL_RANK", std::to_string(rank)},
        {"LOCAL_WORLD_SIZE", std::to_string(setup.world_size)},
        {"MASTER_ADDR", setup.master_addr},
        {"MASTER_PORT", std::to_string(setup.master_port)},
        {"TFW_DISTRIBUTED_TIMEOUT", std::to_string(static_cast<int64_t>(setup.timeout_s))}};
    std::vector<std::string> out;
    for (char** e = environ; *e; ++e) {
        const std::string entry = *e;
        const std::string name = entry.substr(0, entry.find('='));
        bool replaced = name == "TORCHELASTIC_USE_AGENT_STORE";  // our store is rank 0's
        for (const auto& v : variables) replaced = replaced || v.first == name;
        if (!replaced) out.push_back(entry);
    }
    for (const auto& v : variables) out.push_back(v.first + "=" + v.second);
    return out;
}

}  // namespace

LocalRanks::LocalRanks(const std::string& program, const std::vector<std::string>& arguments,
                       const DistributedSetup& setup, int first_rank, const std::string& log_dir)
    : log_dir_(log_dir) {
    if (!log_dir_.empty()) std::filesystem::create_directories(log_dir_);
    for (int rank = first_rank; rank < setup.world_size; ++rank) {
        // Everything the child needs is built before fork: after it, only exec-safe calls.
        std::vector<std::string> argv_text{program};
        argv_text.insert(argv_text.end(), arguments.begin(), arguments.end());
        std::vector<char*> argv;
        for (std::string& a : argv_text) argv.push_back(a.data());
        argv.push_back(nullptr);
        std::vector<std::string> env_text = rank_environment(setup, rank);
        std::vector<char*> env;
        for (std::string& e : env_text) env.push_back(e.data());
        env.push_back(nullptr);
        const std::string log = log_file(rank);
        const int log_fd = log.empty() ? -1 : open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (!log.empty() && log_fd < 0)
            throw std::runtime_error("cannot write " + log + ": " + strerror(errno));
        const pid_t pid = fork();
        if (pid == 0) {
            if (log_fd >= 0) {
                dup2(log_fd, STDOUT_FILENO);
                dup2(log_fd, STDERR_FILENO);
            }
            execve(program.c_str(), argv.data(), env.data());
            _exit(127);
        }
        if (log_fd >= 0) close(log_fd);
        if (pid < 0)
            throw std::runtime_error(std::string("cannot start a rank: ") + strerror(errno));
        children_.push_back({rank, pid});
    }
}

LocalRanks::~LocalRanks() {
    if (!running()) return;
    signal_all(SIGKILL);
    wait_all(5);
}

std::string LocalRanks::log_file(int rank) const {
    if (log_dir_.empty()) return "";
    return (std::filesystem::path(log_dir_) / ("rank-" + std::to_string(rank) + ".log")).string();
}

bool LocalRanks::running() const {
    for (const Child& c : children_)
        if (c.running) return true;
    return false;
}

std::vector<RankExit> LocalRanks::poll() {
    std::vector<RankExit> ended;
    for (Child& c : children_) {
        if (!c.running) continue;
        int status = 0;
        if (waitpid(c.pid, &status, WNOHANG) == c.pid) {
            c.running = false;
            ended.push_back(exit_of(c.rank, status));
        }
    }
    return ended;
}

std::vector<RankExit> LocalRanks::wait_all(double timeout_s) {
    std::vector<RankExit> ended;
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int64_t>(timeout_s * 1000));
    while (running()) {
        for (const RankExit& e : poll()) ended.push_back(e);
        if (!running()) break;
        if (std::chrono::steady_clock::now() >= deadline) {
            signal_all(SIGKILL);
            for (Child& c : children_) {
                if (!c.running) continue;
                int status = 0;
                waitpid(c.pid, &status, 0);
                c.running = false;
                ended.push_back(exit_of(c.rank, status));
            }
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return ended;
}

void LocalRanks::signal_all(int signal) {
    for (const Child& c : children_)
        if (c.running) kill(c.pid, signal);
}

}  // namespace tfw
