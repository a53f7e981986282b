// Downloads with libcurl: resume by Range, 206 vs 200 handled, timeouts, cancellation.
#include <curl/curl.h>

#include <cctype>
#include <cstdio>
#include <mutex>
#include <string>

#include "core/fetch/http_download.h"

namespace tfw {
namespace {

void initialise_curl_once() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Transfer {
    CURL* curl = nullptr;
    const DownloadRequest* request = nullptr;
    std::int64_t offset = 0;  // bytes asked to be skipped
    std::FILE* out = nullptr;
    std::int64_t written = 0;  // bytes in the file
    std::int64_t resumed_from = 0;
    std::string content_range;  // of the last response
    bool write_failed = false;

    ~Transfer() {
        if (out) std::fclose(out);
    }

    // Opens the file on the first bytes, once the status says whether they continue it.
    bool open_output() {
        long status = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        // 206 continues the file; file:// and ftp:// (status 0) resume by seeking themselves.
        const bool continues =
            offset > 0 && (status == 206 || status == 0) &&
            (status != 206 || content_range.rfind("bytes " + std::to_string(offset) + "-", 0) == 0);
        out = std::fopen(request->part_file.c_str(), continues ? "ab" : "wb");
        if (!out) return false;
        resumed_from = written = continues ? offset : 0;
        return true;
    }
};

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
    auto* transfer = static_cast<Transfer*>(user);
    std::string line(data, size * count);
    const std::string name = "content-range:";
    if (line.size() > name.size()) {
        std::string head = line.substr(0, name.size());
        for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (head == name) {
            line = line.substr(name.size());
            const auto start = line.find_first_not_of(" \t");
            const auto end = line.find_last_not_of(" \t\r\n");
            transfer->content_range =
                start == std::string::npos ? "" : line.substr(start, end - start + 1);
        }
    }
    return size * count;
}

std::size_t on_data(char* data, std::size_t size, std::size_t count, void* user) {
    auto* transfer = static_cast<Transfer*>(user);
    if (!transfer->out && !transfer->open_output()) {
        transfer->write_failed = true;
        return 0;
    }
    const std::size_t wrote = std::fwrite(data, size, count, transfer->out);
    transfer->written += static_cast<std::int64_t>(wrote * size);
    if (wrote != count) transfer->write_failed = true;
    return wrote * size;
}

int on_progress(void* user, curl_off_t total, curl_off_t now, curl_off_t, curl_off_t) {
    auto* transfer = static_cast<Transfer*>(user);
    const DownloadRequest& request = *transfer->request;
    if (request.cancel && request.cancel->load()) return 1;
    if (request.progress && transfer->out) {
        // curl counts this transfer only; a resumed one adds what was already there.
        const std::int64_t base = transfer->resumed_from;
        request.progress(base + now, total > 0 ? base + total : -1);
    }
    return 0;
}

bool is_unreachable(CURLcode code) {
    return code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_RESOLVE_PROXY ||
           code == CURLE_COULDNT_CONNECT || code == CURLE_OPERATION_TIMEDOUT ||
           code == CURLE_SSL_CONNECT_ERROR;
}

// One attempt; returns the HTTP status (0 for other protocols).
long attempt(Transfer& transfer, const DownloadRequest& request, std::int64_t offset) {
    CURL* curl = transfer.curl;
    char error[CURL_ERROR_SIZE] = "";
    transfer.offset = offset;
    curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "tfw/" TFW_VERSION);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, request.connect_timeout_s);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, request.stall_timeout_s);
    // A plain Range header rather than CURLOPT_RESUME_FROM, which fails on a server that
    // answers with the whole file; that answer is taken and the part rewritten.
    const std::string range = std::to_string(offset) + "-";
    curl_easy_setopt(curl, CURLOPT_RANGE, offset > 0 ? range.c_str() : nullptr);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);

    const CURLcode code = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (code == CURLE_OK) {
        // An empty body never reached on_data.
        if (!transfer.out && !transfer.open_output())
            throw DownloadError("cannot write " + request.part_file.string(), false);
        return status;
    }
    if (code == CURLE_ABORTED_BY_CALLBACK) throw DownloadCancelled();
    if (transfer.write_failed)
        throw DownloadError("cannot write " + request.part_file.string() + " while downloading " +
                                request.url + " (disk full?)",
                            false);
    if (code == CURLE_HTTP_RETURNED_ERROR) {
        if (status == 416) return status;  // the caller starts again from zero
        throw DownloadError(request.url + " answered HTTP " + std::to_string(status), false);
    }
    std::string cause = *error ? error : curl_easy_strerror(code);
    while (!cause.empty() && (cause.back() == '.' || cause.back() == '\n')) cause.pop_back();
    if (code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR)
        throw DownloadError("the download of " + request.url + " broke off after " +
                                std::to_string(transfer.written) + " bytes (" + cause +
                                "); what arrived is kept, run it again to resume",
                            false);
    double connect_s = 0;
    curl_easy_getinfo(curl, CURLINFO_CONNECT_TIME, &connect_s);
    if (code == CURLE_OPERATION_TIMEDOUT && connect_s > 0)  // it answered, then fell silent
        throw DownloadError(
            "the server of " + request.url + " stopped answering: nothing arrived for " +
                std::to_string(request.stall_timeout_s) + " s" +
                (transfer.written > 0 ? " after " + std::to_string(transfer.written) +
                                            " bytes; what arrived is kept, run it again to resume"
                                      : " after it accepted the connection"),
            false);
    if (is_unreachable(code))
        throw DownloadError("could not reach the server of " + request.url + " (" + cause +
                                "); this computer may be offline",
                            true);
    throw DownloadError("could not download " + request.url + ": " + cause, false);
}

}  // namespace

bool downloads_available() {
    return true;
}

DownloadResult download_file(const DownloadRequest& request) {
    initialise_curl_once();
    std::error_code ignored;
    const auto existing = std::filesystem::file_size(request.part_file, ignored);
    const std::int64_t offset = ignored ? 0 : static_cast<std::int64_t>(existing);

    for (std::int64_t from = offset;; from = 0) {
        Transfer transfer;
        transfer.request = &request;
        transfer.curl = curl_easy_init();
        if (!transfer.curl) throw DownloadError("libcurl could not start a transfer", false);
        long status = 0;
        try {
            status = attempt(transfer, request, from);
        } catch (...) {
            curl_easy_cleanup(transfer.curl);
            throw;
        }
        curl_easy_cleanup(transfer.curl);
        // 416: the range asked for lies beyond the file; the kept part is not of this file.
        if (status == 416 && from > 0) continue;
        if (status == 416)
            throw DownloadError(request.url + " answered HTTP 416 to a full request", false);
        std::fflush(transfer.out);
        return {transfer.resumed_from, transfer.written};
    }
}

}  // namespace tfw
