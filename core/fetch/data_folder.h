#pragma once
// Where downloaded corpora go unless told otherwise, and what a data folder holds of a dataset.

#include <filesystem>
#include <string>
#include <vector>

#include "core/fetch/dataset_catalog.h"

namespace tfw {

// $XDG_DATA_HOME/transformer-workbench/data, or ~/.local/share/transformer-workbench/data.
std::filesystem::path default_data_dir();

enum class FileState { Missing, Present, Verified, Differs };

struct FileStatus {
    const DatasetFile* file = nullptr;
    FileState state = FileState::Missing;
};

// verify: compare each present file's text with its pinned sum (reads every file); without
// it present files are Present.
std::vector<FileStatus> dataset_status(const Dataset& dataset,
                                       const std::filesystem::path& data_dir, bool verify);

// The files of a config's data paths (relative to data_dir) that do not exist there.
std::vector<std::string> missing_files(const std::vector<std::string>& paths,
                                       const std::filesystem::path& data_dir);

}  // namespace tfw
