#include "core/io/event_file_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "core/io/crc32c.h"

namespace tfw {

namespace {
// The record format's "masked" CRC, so that a CRC of data holding CRCs stays well spread.
uint32_t masked_crc32c(const std::string& bytes) {
    const uint32_t crc = crc32c(bytes.data(), bytes.size());
    return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

std::string little_endian(uint64_t value, int bytes) {
    std::string out(size_t(bytes), '\0');
    for (int i = 0; i < bytes; ++i) out[size_t(i)] = char((value >> (8 * i)) & 0xFFu);
    return out;
}

std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
    return name;
}
}  // namespace

std::string event_record(const std::string& serialized_event) {
    const std::string length = little_endian(serialized_event.size(), 8);
    return length + little_endian(masked_crc32c(length), 4) + serialized_event +
           little_endian(masked_crc32c(serialized_event), 4);
}

EventFileWriter::EventFileWriter(const std::string& dir, const std::string& suffix) {
    std::filesystem::create_directories(dir);
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
    const std::string stem =
        "events.out.tfevents." + std::to_string(seconds) + "." + host_name() + suffix;
    // O_EXCL: two writers started in the same second on one host must not share a file.
    for (int n = 0; fd_ < 0; ++n) {
        path_ = (std::filesystem::path(dir) / (n == 0 ? stem : stem + "." + std::to_string(n)))
                    .string();
        fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd_ < 0 && errno != EEXIST)
            throw std::runtime_error("cannot create " + path_ + ": " + std::strerror(errno));
    }
}

EventFileWriter::~EventFileWriter() {
    if (fd_ >= 0) ::close(fd_);
}

bool EventFileWriter::write(const std::string& serialized_event) {
    const std::string record = event_record(serialized_event);
    size_t done = 0;
    while (done < record.size()) {
        const ssize_t n = ::write(fd_, record.data() + done, record.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = "cannot write " + path_ + ": " + std::strerror(n < 0 ? errno : ENOSPC);
            if (::ftruncate(fd_, size_) == 0) ::lseek(fd_, size_, SEEK_SET);
            return false;
        }
        done += size_t(n);
    }
    size_ += int64_t(record.size());
    return true;
}

std::string EventFileWriter::take_error() {
    std::string error;
    error.swap(error_);
    return error;
}

}  // namespace tfw
