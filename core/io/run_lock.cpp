#include "core/io/run_lock.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

namespace tfw {
namespace {

struct Holder {
    long pid = 0;
    std::string host;
};

std::string this_host() {
    char name[HOST_NAME_MAX + 1] = {};
    return gethostname(name, sizeof name) == 0 ? std::string(name) : std::string();
}

// A process that has ended but not been reaped by its parent (a zombie) still answers kill(0).
bool ended_unreaped(long pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return false;  // no /proc: trust kill()
    const size_t name_end = text.rfind(')');      // the name in parentheses may hold anything
    return name_end != std::string::npos && name_end + 2 < text.size() &&
           (text[name_end + 2] == 'Z' || text[name_end + 2] == 'X');
}

// The holder named in the file, if it is still there and alive (or on another host).
bool live_holder(const std::string& path, Holder& holder) {
    std::ifstream in(path);
    if (!(in >> holder.pid) || holder.pid <= 0) return false;  // torn or foreign: stale
    in >> holder.host;
    if (!holder.host.empty() && holder.host != this_host()) return true;
    if (kill(static_cast<pid_t>(holder.pid), 0) != 0 && errno != EPERM) return false;
    return !ended_unreaped(holder.pid);
}

std::string describe(const Holder& holder) {
    std::string text = "process " + std::to_string(holder.pid);
    if (!holder.host.empty() && holder.host != this_host()) text += " on host " + holder.host;
    return text;
}

}  // namespace

std::string run_lock_path(const std::string& run_dir) {
    return (std::filesystem::path(run_dir) / "train.lock").string();
}

RunLock::RunLock(const std::string& run_dir) : path_(run_lock_path(run_dir)) {
    // Two attempts: the second after removing a stale lock.
    for (int attempt = 0; attempt < 2; ++attempt) {
        const int fd = open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0) {
            const std::string text = std::to_string(getpid()) + " " + this_host() + "\n";
            const bool written =
                write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
            const int error = errno;
            close(fd);
            if (written) return;
            std::filesystem::remove(path_);
            throw ConfigError("cannot write " + path_ + ": " + std::strerror(error));
        }
        if (errno != EEXIST)
            throw ConfigError("cannot create " + path_ + ": " + std::strerror(errno));
        Holder holder;
        if (live_holder(path_, holder))
            throw RunLockedError(run_dir + " is being trained by " + describe(holder) +
                                 "; wait for it to finish or stop it (if that run has ended, "
                                 "delete " +
                                 path_ + ")");
        std::error_code ec;
        std::filesystem::remove(path_, ec);
    }
    throw RunLockedError("another process took " + run_dir + " at the same moment");
}

RunLock::~RunLock() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
}

std::string run_locked_by(const std::string& run_dir) {
    Holder holder;
    return live_holder(run_lock_path(run_dir), holder) ? describe(holder) : std::string();
}

}  // namespace tfw
