#include "core/fetch/dataset_fetch.h"

#include <cstdlib>
#include <set>
#include <system_error>

#include "core/fetch/file_conversion.h"
#include "core/fetch/http_download.h"
#include "core/fetch/sha256.h"

namespace tfw {
namespace {

namespace fs = std::filesystem;

void remove_quietly(const fs::path& path) {
    std::error_code ignored;
    fs::remove(path, ignored);
}

// The advice that ends every failed download: what else gets the file there.
std::string by_other_means(const Dataset& dataset, const DatasetFile& file, const fs::path& dir) {
    return "Check the network connection and run the command again, use a copy with --mirror "
           "URL (or TFW_DATA_MIRROR; it is asked for MIRROR/" +
           dataset.name + "/" + file.upstream_name() +
           ", file:// URLs work offline), or put the prepared file at " +
           (dir / file.target).string() + " by hand.";
}

bool matches(const fs::path& path, const DatasetFile& file) {
    std::error_code error;
    if (!fs::is_regular_file(path, error)) return false;
    try {
        return text_sha256(path) == file.text_sha256;
    } catch (const std::exception&) {
        return false;
    }
}

class Fetcher {
  public:
    Fetcher(const Dataset& dataset, const fs::path& dir, const FetchOptions& options)
        : dataset_(dataset), dir_(dir), options_(options) {
        for (const DatasetFile& file : dataset.files) total_bytes_ += file.text_bytes;
    }

    FetchSummary run() {
        for (std::size_t i = 0; i < dataset_.files.size(); ++i) fetch(i);
        for (const fs::path& part : complete_parts_) remove_quietly(part);  // of files present
        return summary_;
    }

  private:
    void report(FetchProgress progress) {
        if (!options_.progress) return;
        progress.file_count = dataset_.files.size();
        const double this_file =
            progress.total > 0 ? static_cast<double>(progress.bytes) / progress.total : 0.0;
        const bool finished = progress.stage == FetchProgress::Stage::Done ||
                              progress.stage == FetchProgress::Stage::AlreadyPresent;
        progress.overall_fraction =
            total_bytes_ > 0 ? (static_cast<double>(done_bytes_) +
                                (finished ? 0.0 : this_file * progress.file->text_bytes)) /
                                   static_cast<double>(total_bytes_)
                             : 0.0;
        options_.progress(progress);
    }

    DownloadResult download(const DatasetFile& file, const std::string& url, const fs::path& part,
                            FetchProgress& progress) {
        DownloadRequest request;
        request.url = url;
        request.part_file = part;
        request.cancel = options_.cancel;
        request.connect_timeout_s = options_.connect_timeout_s;
        request.stall_timeout_s = options_.stall_timeout_s;
        progress.stage = FetchProgress::Stage::Downloading;
        request.progress = [&](std::int64_t bytes, std::int64_t total) {
            progress.bytes = bytes;
            progress.total = total;
            report(progress);
        };
        DownloadResult result;
        try {
            result = download_file(request);
        } catch (const DownloadError& failure) {
            throw FetchError(
                failure.unreachable ? FetchError::Kind::Unreachable : FetchError::Kind::Download,
                std::string(failure.what()) + ". " + by_other_means(dataset_, file, dir_));
        }
        progress.resumed_from = result.resumed_from;
        if (result.resumed_from > 0) ++summary_.resumed;
        return result;
    }

    static std::int64_t file_size(const fs::path& path) {
        std::error_code error;
        const auto size = fs::file_size(path, error);
        return error ? 0 : static_cast<std::int64_t>(size);
    }

    bool needed_later(std::size_t index) const {
        for (std::size_t later = index + 1; later < dataset_.files.size(); ++later)
            if (dataset_.files[later].url == dataset_.files[index].url) return true;
        return false;
    }

    void fetch(std::size_t index) {
        const DatasetFile& file = dataset_.files[index];
        const fs::path target = dir_ / file.target;
        const std::string url = fetch_url(dataset_, file, options_.mirror);
        FetchProgress progress;
        progress.file_index = index;
        progress.file = &file;
        progress.url = url;

        progress.stage = FetchProgress::Stage::Checking;
        report(progress);
        if (matches(target, file)) {
            ++summary_.already_present;
            done_bytes_ += file.text_bytes;
            progress.stage = FetchProgress::Stage::AlreadyPresent;
            report(progress);
            return;
        }

        std::error_code error;
        fs::create_directories(target.parent_path(), error);
        if (error)
            throw FetchError(
                FetchError::Kind::Other,
                "cannot create " + target.parent_path().string() + ": " + error.message());
        // Named after the upstream file, so that a file put there by hand is recognisable.
        const fs::path part = target.parent_path() / (file.upstream_name() + ".part");
        const fs::path converted = target.parent_path() / (target.filename().string() + ".tmp");

        // Several files can be made from one download (a file of records gives both source
        // and target); it is fetched once and its part kept for the files after this one.
        const bool have_part = complete_parts_.count(part) && fs::exists(part, error);
        const DownloadResult result =
            have_part ? DownloadResult{0, file_size(part)} : download(file, url, part, progress);
        complete_parts_.insert(part);

        progress.stage = FetchProgress::Stage::Converting;
        progress.bytes = progress.total = result.bytes;
        report(progress);
        std::string sha;
        try {
            sha = convert_download(file, part, converted);
        } catch (const std::exception& failure) {
            complete_parts_.erase(part);
            remove_quietly(part);
            remove_quietly(converted);
            throw FetchError(FetchError::Kind::Checksum,
                             "the download of " + url + " is not what " + file.target + " needs (" +
                                 failure.what() +
                                 "); it was deleted. Try again, or another mirror.");
        }
        if (sha != file.text_sha256) {
            complete_parts_.erase(part);
            remove_quietly(part);
            remove_quietly(converted);
            throw FetchError(FetchError::Kind::Checksum,
                             "checksum mismatch for " + file.target + " downloaded from " + url +
                                 ": its text has SHA-256 " + sha + ", expected " +
                                 file.text_sha256 +
                                 ". The download was deleted. The server's file differs from "
                                 "the pinned one; try again later or use another mirror.");
        }
        fs::rename(converted, target, error);
        if (error)
            throw FetchError(FetchError::Kind::Other,
                             "cannot rename " + converted.string() + ": " + error.message());
        if (!needed_later(index)) {
            complete_parts_.erase(part);
            remove_quietly(part);
        }
        ++summary_.downloaded;
        done_bytes_ += file.text_bytes;
        progress.stage = FetchProgress::Stage::Done;
        report(progress);
    }

    const Dataset& dataset_;
    fs::path dir_;
    const FetchOptions& options_;
    FetchSummary summary_;
    std::int64_t total_bytes_ = 0, done_bytes_ = 0;
    std::set<fs::path> complete_parts_;  // downloaded in full by this run
};

}  // namespace

std::string fetch_url(const Dataset& dataset, const DatasetFile& file, const std::string& mirror) {
    if (mirror.empty()) return file.url;
    std::string base = mirror;
    while (!base.empty() && base.back() == '/') base.pop_back();
    return base + "/" + dataset.name + "/" + file.upstream_name();
}

std::string mirror_from_environment() {
    const char* mirror = std::getenv("TFW_DATA_MIRROR");
    return mirror ? mirror : "";
}

FetchSummary fetch_dataset(const Dataset& dataset, const std::filesystem::path& data_dir,
                           const FetchOptions& options) {
    return Fetcher(dataset, data_dir, options).run();
}

}  // namespace tfw
