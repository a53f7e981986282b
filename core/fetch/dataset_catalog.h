#pragma once
// The corpora the presets use: where each file comes from, how it becomes the file the preset
// reads, and the SHA-256 of its text that a download must match.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tfw {

// How the downloaded file becomes the file in the data folder.
enum class FileConversion {
    Copy,           // stored as downloaded
    Gunzip,         // downloaded .gz, stored decompressed
    Gzip,           // downloaded plain, stored gzip-compressed (the preset reads *.gz)
    KeepGzip,       // downloaded .gz, stored as downloaded
    StripBpeMarks,  // BPE-segmented text whose "@@ " continuation marks are deleted
    Records         // one line per record of a file of records, see RecordField
};

// What a Records conversion takes from each record (a JSON object, or a Python dict literal)
// to make that record's line. Texts are whitespace-collapsed as Python's " ".join(s.split()).
struct RecordField {
    enum class Format {
        JsonLines,          // one JSON object per line
        PythonLiteralLines  // one Python dict literal per line
    };
    enum class Take {
        Text,   // a string, or a list of strings joined with one space
        First,  // the first string of a list
        All     // every string of a list, as a JSON list (Python's json.dumps, ensure_ascii off)
    };
    RecordField(std::string name = "", Take take = Take::Text, Format format = Format::JsonLines,
                std::string archive_member = "")
        : name(std::move(name)),
          take(take),
          format(format),
          archive_member(std::move(archive_member)) {}

    std::string name;
    Take take;
    Format format;
    // Non-empty: the records are this member of the downloaded zip archive.
    std::string archive_member;
};

struct DatasetFile {
    DatasetFile(std::string target, std::string url, FileConversion conversion,
                std::string text_sha256, std::int64_t text_bytes, RecordField field = {})
        : target(std::move(target)),
          url(std::move(url)),
          conversion(conversion),
          text_sha256(std::move(text_sha256)),
          text_bytes(text_bytes),
          field(std::move(field)) {}

    std::string target;  // path below the data folder, as the presets name it
    std::string url;     // public home, pinned to a commit
    FileConversion conversion;
    // SHA-256 (hex) and size of the file's text, i.e. after decompression: that is what the
    // sources publish reproducibly (a gzip file's bytes depend on the compressor).
    std::string text_sha256;
    std::int64_t text_bytes;
    RecordField field;  // for Records; the converted text is gzip-compressed when target is *.gz

    // The upstream file's name, the last part of its URL.
    std::string upstream_name() const;
};

struct Dataset {
    std::string name;  // "multi30k", also the folder below the data folder (or its start)
    std::string task;  // translation, lm, summarization
    std::string title;
    std::string licence;   // what may be done with it, as its sources state it
    std::string citation;  // whom to cite
    std::string homepage;  // where it comes from
    std::vector<DatasetFile> files;

    std::int64_t text_bytes() const;
};

const std::vector<Dataset>& dataset_catalog();
// nullptr when unknown.
const Dataset* find_dataset(const std::string& name);
// The dataset one of whose files is `target` (a path below the data folder), or nullptr.
const Dataset* dataset_with_file(const std::string& target);
// "multi30k, ptb, ..." for messages.
std::string dataset_names();

}  // namespace tfw
