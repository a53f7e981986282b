// Built without libcurl: the catalog and checks work, downloads do not.
#include "core/fetch/http_download.h"

namespace tfw {

bool downloads_available() {
    return false;
}

DownloadResult download_file(const DownloadRequest& request) {
    throw DownloadError(
        "this tfw was built without downloads (libcurl was not found when it "
        "was configured); cannot fetch " +
            request.url,
        false);
}

}  // namespace tfw
