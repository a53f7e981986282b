#pragma once
// Downloads one URL into a file, resuming what an earlier attempt left there (libcurl; a
// build without libcurl has the declarations but refuses to download).

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

namespace tfw {

// A download that failed; the message names the URL and the cause.
class DownloadError : public std::runtime_error {
  public:
    // unreachable: no answer at all (offline, unknown host, refused, timed out), as opposed
    // to an answer that was an error or a transfer cut short.
    DownloadError(const std::string& message, bool unreachable)
        : std::runtime_error(message), unreachable(unreachable) {}
    bool unreachable;
};

class DownloadCancelled : public std::runtime_error {
  public:
    DownloadCancelled() : std::runtime_error("download cancelled") {}
};

struct DownloadRequest {
    std::string url;
    // Receives the bytes. When it exists, only the rest is asked for (an HTTP Range request);
    // a server that sends the whole file instead (200) has it rewritten from the start.
    // Kept after a failure or cancellation, so that the next attempt resumes.
    std::filesystem::path part_file;
    // Bytes in part_file so far and the whole size (-1 while unknown).
    std::function<void(std::int64_t bytes, std::int64_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
    long connect_timeout_s = 20;
    long stall_timeout_s = 60;  // gives up when nothing arrives for this long
};

struct DownloadResult {
    std::int64_t resumed_from = 0;  // bytes kept from an earlier attempt
    std::int64_t bytes = 0;         // size of the finished file
};

// false in a build without libcurl.
bool downloads_available();

// Throws DownloadError, DownloadCancelled.
DownloadResult download_file(const DownloadRequest& request);

}  // namespace tfw
