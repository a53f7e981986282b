#include "core/fetch/data_folder.h"

#include <cstdlib>

#include "core/fetch/sha256.h"

namespace tfw {

std::filesystem::path default_data_dir() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    std::filesystem::path base;
    if (xdg && *xdg) {
        base = xdg;
    } else {
        const char* home = std::getenv("HOME");
        base = std::filesystem::path(home && *home ? home : ".") / ".local" / "share";
    }
    return base / "transformer-workbench" / "data";
}

std::vector<FileStatus> dataset_status(const Dataset& dataset,
                                       const std::filesystem::path& data_dir, bool verify) {
    std::vector<FileStatus> status;
    for (const DatasetFile& file : dataset.files) {
        const std::filesystem::path path = data_dir / file.target;
        std::error_code error;
        FileState state =
            std::filesystem::is_regular_file(path, error) ? FileState::Present : FileState::Missing;
        if (state == FileState::Present && verify) {
            try {
                state = text_sha256(path) == file.text_sha256 ? FileState::Verified
                                                              : FileState::Differs;
            } catch (const std::exception&) {
                state = FileState::Differs;
            }
        }
        status.push_back({&file, state});
    }
    return status;
}

std::vector<std::string> missing_files(const std::vector<std::string>& paths,
                                       const std::filesystem::path& data_dir) {
    std::vector<std::string> missing;
    for (const std::string& path : paths) {
        if (path.empty()) continue;
        std::error_code error;
        if (!std::filesystem::exists(data_dir / path, error)) missing.push_back(path);
    }
    return missing;
}

}  // namespace tfw
