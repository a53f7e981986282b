#pragma once
// Brings a dataset of the catalog into a data folder: each file downloaded (resuming a
// partial one; files made from the same upstream file share one download), converted into the
// file the presets read, checked against its pinned sum and only then given its final name.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

#include "core/fetch/dataset_catalog.h"

namespace tfw {

// A fetch that failed; the message says what to do about it.
class FetchError : public std::runtime_error {
  public:
    enum class Kind { Unreachable, Download, Checksum, Other };
    FetchError(Kind kind, const std::string& message) : std::runtime_error(message), kind(kind) {}
    Kind kind;
};

struct FetchProgress {
    enum class Stage { Checking, Downloading, Converting, Done, AlreadyPresent };
    Stage stage = Stage::Checking;
    std::size_t file_index = 0;  // 0-based, of file_count
    std::size_t file_count = 0;
    const DatasetFile* file = nullptr;
    std::string url;          // where it comes from (the mirror's when one is used)
    std::int64_t bytes = 0;   // downloaded of this file
    std::int64_t total = -1;  // this file's download size, -1 while unknown
    std::int64_t resumed_from = 0;
    // Of all files together, estimated from the catalog's text sizes.
    double overall_fraction = 0;
};

struct FetchOptions {
    // Base URL used instead of each file's home: MIRROR/<dataset>/<upstream file name>.
    std::string mirror;
    std::function<void(const FetchProgress&)> progress;
    const std::atomic<bool>* cancel = nullptr;
    long connect_timeout_s = 20;
    long stall_timeout_s = 60;
};

struct FetchSummary {
    int downloaded = 0, already_present = 0, resumed = 0;
};

// The URL a file is fetched from, with or without a mirror.
std::string fetch_url(const Dataset& dataset, const DatasetFile& file, const std::string& mirror);
// The mirror named by TFW_DATA_MIRROR, or "".
std::string mirror_from_environment();

// Throws FetchError (DownloadCancelled when cancelled). Files already there and matching
// their sums are left alone; one that does not match is replaced.
FetchSummary fetch_dataset(const Dataset& dataset, const std::filesystem::path& data_dir,
                           const FetchOptions& options = {});

}  // namespace tfw
