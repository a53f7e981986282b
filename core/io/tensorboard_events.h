#pragma once
// TensorBoard events, serialized: what EventFileWriter appends. Scalars are `simple_value`s
// (the Scalars tab), text is a string tensor for the Text plugin, and a run's
// hyper-parameters are the HParams plugin's session start and end.

#include <cstdint>
#include <map>
#include <string>
#include <variant>

namespace tfw {

// The first event of every file.
std::string file_version_event(double wall_time);
std::string scalar_event(const std::string& tag, double value, int64_t step, double wall_time);
std::string text_event(const std::string& tag, const std::string& markdown, int64_t step,
                       double wall_time);
// TensorBoard drops the events it has read of `step` and later: a resumed run trains them again.
std::string session_start_event(int64_t step, double wall_time);

using HParamValue = std::variant<double, std::string, bool>;
std::string hparams_start_event(const std::map<std::string, HParamValue>& hparams,
                                double wall_time);
enum class SessionOutcome { Success, Failure, Unknown };
std::string hparams_end_event(SessionOutcome outcome, double wall_time);

// Seconds since the epoch, as events stamp them.
double wall_time_now();

}  // namespace tfw
