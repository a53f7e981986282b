// tfw data: the corpora the presets use, what of them a data folder holds, and downloading
// them from their public homes (checked against pinned sums).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/config/config_io.h"
#include "core/fetch/data_folder.h"
#include "core/fetch/dataset_fetch.h"
#include "core/fetch/http_download.h"

namespace tfw::cli {
namespace {

std::string megabytes(std::int64_t bytes) {
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / 1e6 << " MB";
    return text.str();
}

std::string state_text(FileState state) {
    switch (state) {
        case FileState::Missing:
            return "missing";
        case FileState::Present:
            return "present";
        case FileState::Verified:
            return "verified";
        case FileState::Differs:
            return "present, but its text differs from the pinned sum";
    }
    return "";
}

// The presets whose data files are this dataset's.
std::vector<std::string> presets_using(const Dataset& dataset) {
    std::vector<std::string> names;
    for (const std::string& name : preset_names()) {
        const DataConfig data = load_preset(name).data;
        for (const std::string* path : {&data.train_src, &data.train})
            if (!path->empty() && dataset_with_file(*path) == &dataset) names.push_back(name);
    }
    return names;
}

void list(const std::filesystem::path& dir) {
    std::cout << "data folder: " << dir.string() << "\n";
    for (const Dataset& dataset : dataset_catalog()) {
        const auto status = dataset_status(dataset, dir, true);
        int verified = 0, missing = 0;
        for (const FileStatus& file : status) {
            verified += file.state == FileState::Verified;
            missing += file.state == FileState::Missing;
        }
        const int count = static_cast<int>(status.size());
        const std::string summary =
            verified == count ? "complete, all " + std::to_string(count) + " files verified"
            : missing == count
                ? "missing"
                : std::to_string(verified) + " of " + std::to_string(count) + " files verified";
        std::cout << "\n"
                  << std::left << std::setw(12) << dataset.name << std::setw(15) << dataset.task
                  << std::setw(10) << megabytes(dataset.text_bytes()) << summary << "\n";
        for (const FileStatus& file : status)
            std::cout << "  " << std::setw(44) << file.file->target << state_text(file.state)
                      << "\n";
    }
    std::cout << "\nGet one with: tfw data get NAME"
              << (dir == default_data_dir() ? "" : " --to " + dir.string()) << "\n";
}

bool confirmed(const Dataset& dataset) {
    if (!isatty(STDIN_FILENO)) return true;  // a script: the terms were printed above
    std::cout << "Download " << dataset.files.size() << " files ("
              << megabytes(dataset.text_bytes()) << " of text)? [y/N] " << std::flush;
    std::string answer;
    std::getline(std::cin, answer);
    return answer == "y" || answer == "Y" || answer == "yes";
}

// One line per file, and on a terminal a counter that rewrites itself while bytes arrive.
class ProgressPrinter {
  public:
    void operator()(const FetchProgress& progress) {
        using Stage = FetchProgress::Stage;
        const std::string label = "[" + std::to_string(progress.file_index + 1) + "/" +
                                  std::to_string(progress.file_count) + "] " +
                                  progress.file->target;
        switch (progress.stage) {
            case Stage::Checking:
                return;
            case Stage::AlreadyPresent:
                std::cout << label << ": already present, verified\n";
                return;
            case Stage::Downloading: {
                if (!started_) {
                    std::cout << label << " <- " << progress.url << "\n";
                    started_ = true;
                }
                if (!terminal_) return;
                const int percent = progress.total > 0
                                        ? static_cast<int>(100 * progress.bytes / progress.total)
                                        : -1;
                if (percent == last_percent_ && progress.total > 0) return;
                last_percent_ = percent;
                std::cout << "\r      " << progress.bytes << " bytes";
                if (percent >= 0) std::cout << " of " << progress.total << " (" << percent << "%)";
                std::cout << std::flush;
                return;
            }
            case Stage::Converting:
                if (terminal_ && started_) std::cout << "\n";
                if (!started_)  // made from what was downloaded for the file before it
                    std::cout << label << " <- " << progress.url << " (downloaded above)\n";
                std::cout << "      " << progress.bytes << " bytes"
                          << (progress.resumed_from > 0
                                  ? " (resumed after " + std::to_string(progress.resumed_from) +
                                        " bytes)"
                                  : "")
                          << ", checking\n";
                return;
            case Stage::Done:
                std::cout << "      verified (sha256 " << progress.file->text_sha256.substr(0, 12)
                          << "…)\n";
                started_ = false;
                last_percent_ = -2;
                return;
        }
    }

  private:
    bool terminal_ = isatty(STDOUT_FILENO) != 0;
    bool started_ = false;
    int last_percent_ = -2;
};

int get(const Dataset& dataset, const std::filesystem::path& dir, std::string mirror, bool yes) {
    std::cout << dataset.name << ": " << dataset.title << "\n"
              << "licence:  " << dataset.licence << "\n"
              << "cite:     " << dataset.citation << "\n"
              << "source:   " << dataset.homepage << "\n"
              << "into:     " << dir.string() << "\n";
    if (!downloads_available()) {
        std::cerr << "tfw data: this tfw was built without downloads (libcurl was not found "
                     "when it was configured). Put the files by hand under "
                  << dir.string() << " (see tfw data list).\n";
        return 1;
    }
    if (!yes && !confirmed(dataset)) {
        std::cout << "nothing downloaded\n";
        return 1;
    }
    if (mirror.empty()) mirror = mirror_from_environment();
    if (!mirror.empty()) std::cout << "mirror:   " << mirror << "\n";
    std::cout << "\n";

    FetchOptions options;
    options.mirror = mirror;
    ProgressPrinter printer;
    options.progress = [&printer](const FetchProgress& progress) { printer(progress); };
    const FetchSummary summary = fetch_dataset(dataset, dir, options);
    std::cout << "\n"
              << dataset.name << ": " << dataset.files.size() << " files verified in "
              << (dir / dataset.files.front().target).parent_path().string() << " ("
              << summary.downloaded << " downloaded, " << summary.already_present
              << " already there)\n";
    for (const std::string& preset : presets_using(dataset))
        std::cout << "train with: tfw train --preset " << preset << " --data-dir " << dir.string()
                  << "\n";
    return 0;
}

int data(const std::vector<std::string>& argv) {
    Args args("data",
              "The corpora the presets use: what a data folder holds of them, and getting them "
              "from\ntheir public homes, checked against pinned SHA-256 sums of their text.\n\n"
              "  tfw data list [--to DIR]          each dataset's task, size and files: "
              "verified,\n                                    present or missing\n"
              "  tfw data get NAME [--to DIR] [--mirror URL] [--yes]\n"
              "                                    shows the licence and citation, then "
              "downloads,\n                                    resuming a partial download\n\n"
              "DIR defaults to " +
                  default_data_dir().string() +
                  " ($XDG_DATA_HOME/transformer-workbench/data);\ntrain with --data-dir DIR. "
                  "Datasets: " +
                  dataset_names() + ".");
    args.positionals_rest("ACTION", "list | get NAME", false)
        .option("to", "DIR", "the data folder")
        .option("mirror", "URL",
                "fetch MIRROR/<dataset>/<upstream file name> instead of each file's home "
                "(also TFW_DATA_MIRROR; file:// works)")
        .flag("yes", "do not ask before downloading");
    if (!args.parse(argv)) return 0;
    const auto& words = args.positionals();
    const std::string action = words.empty() ? "list" : words[0];
    const std::filesystem::path dir =
        args.has("to") ? std::filesystem::absolute(args.get("to")) : default_data_dir();
    if (action == "list") {
        if (words.size() > 1) throw UsageError("usage: tfw data list [--to DIR]");
        list(dir);
        return 0;
    }
    if (action == "get") {
        if (words.size() != 2)
            throw UsageError("usage: tfw data get NAME [--to DIR] [--mirror URL] [--yes] (NAME: " +
                             dataset_names() + ")");
        const Dataset* dataset = find_dataset(words[1]);
        if (!dataset)
            throw UsageError("unknown dataset '" + words[1] + "' (known: " + dataset_names() + ")");
        return get(*dataset, dir, args.has("mirror") ? args.get("mirror") : "", args.has("yes"));
    }
    throw UsageError("unknown action '" + action + "' (list or get)");
}

const bool registered =
    register_command({"data", "list the presets' corpora, download and verify them", data});

}  // namespace
}  // namespace tfw::cli
