#pragma once
// A TensorBoard event file: `events.out.tfevents.<seconds>.<host><suffix>` in a folder, a
// sequence of records (length, masked CRC-32C of the length, the serialized Event, masked
// CRC-32C of it), the first one naming the file version. TensorBoard reads every file whose
// name contains "tfevents", so a run can hold several (one per training session, one per
// evaluation).

#include <cstdint>
#include <string>

namespace tfw {

class EventFileWriter {
  public:
    // Creates the file (and its folder); throws std::runtime_error when it cannot.
    explicit EventFileWriter(const std::string& dir, const std::string& suffix = "");
    ~EventFileWriter();
    EventFileWriter(const EventFileWriter&) = delete;
    EventFileWriter& operator=(const EventFileWriter&) = delete;

    const std::string& path() const { return path_; }
    // Appends one serialized Event. A write that fails (a full disk) never leaves part of a
    // record: the file is cut back to its last whole record and false returned; take_error()
    // says why.
    bool write(const std::string& serialized_event);
    std::string take_error();

  private:
    std::string path_;
    int fd_ = -1;
    int64_t size_ = 0;  // bytes of whole records
    std::string error_;
};

// The record framing on its own: what write() appends for one serialized Event.
std::string event_record(const std::string& serialized_event);

}  // namespace tfw
