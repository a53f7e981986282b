#include "core/io/tensorboard_events.h"

#include <chrono>

#include "core/io/tensorboard.pb.h"

namespace tfw {

namespace tb = tfw::tensorboard;

namespace {
tb::Event event_at(int64_t step, double wall_time) {
    tb::Event event;
    event.set_wall_time(wall_time);
    event.set_step(step);
    return event;
}

std::string hparams_event(const tb::HParamsPluginData& data, const std::string& tag,
                          double wall_time) {
    tb::Event event = event_at(0, wall_time);
    tb::Summary::Value* value = event.mutable_summary()->add_value();
    value->set_tag(tag);
    tb::SummaryMetadata::PluginData* plugin = value->mutable_metadata()->mutable_plugin_data();
    plugin->set_plugin_name("hparams");
    plugin->set_content(data.SerializeAsString());
    return event.SerializeAsString();
}
}  // namespace

double wall_time_now() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string file_version_event(double wall_time) {
    tb::Event event = event_at(0, wall_time);
    event.set_file_version("brain.Event:2");
    return event.SerializeAsString();
}

std::string scalar_event(const std::string& tag, double value, int64_t step, double wall_time) {
    tb::Event event = event_at(step, wall_time);
    tb::Summary::Value* scalar = event.mutable_summary()->add_value();
    scalar->set_tag(tag);
    scalar->set_simple_value(float(value));
    return event.SerializeAsString();
}

std::string text_event(const std::string& tag, const std::string& markdown, int64_t step,
                       double wall_time) {
    tb::Event event = event_at(step, wall_time);
    tb::Summary::Value* text = event.mutable_summary()->add_value();
    text->set_tag(tag);
    tb::SummaryMetadata* metadata = text->mutable_metadata();
    metadata->mutable_plugin_data()->set_plugin_name("text");
    metadata->mutable_plugin_data()->set_content(tb::TextPluginData().SerializeAsString());
    metadata->set_data_class(tb::DATA_CLASS_TENSOR);
    tb::TensorProto* tensor = text->mutable_tensor();
    tensor->set_dtype(tb::DT_STRING);
    tensor->mutable_tensor_shape()->add_dim()->set_size(1);
    tensor->add_string_val(markdown);
    return event.SerializeAsString();
}

std::string session_start_event(int64_t step, double wall_time) {
    tb::Event event = event_at(step, wall_time);
    event.mutable_session_log()->set_status(tb::SessionLog::START);
    return event.SerializeAsString();
}

std::string hparams_start_event(const std::map<std::string, HParamValue>& hparams,
                                double wall_time) {
    tb::HParamsPluginData data;
    tb::SessionStartInfo* start = data.mutable_session_start_info();
    start->set_start_time_secs(wall_time);
    for (const auto& [name, value] : hparams) {
        google::protobuf::Value& entry = (*start->mutable_hparams())[name];
        if (const double* number = std::get_if<double>(&value))
            entry.set_number_value(*number);
        else if (const bool* flag = std::get_if<bool>(&value))
            entry.set_bool_value(*flag);
        else
            entry.set_string_value(std::get<std::string>(value));
    }
    return hparams_event(data, "_hparams_/session_start_info", wall_time);
}

std::string hparams_end_event(SessionOutcome outcome, double wall_time) {
    tb::HParamsPluginData data;
    tb::SessionEndInfo* end = data.mutable_session_end_info();
    end->set_status(outcome == SessionOutcome::Success   ? tb::STATUS_SUCCESS
                    : outcome == SessionOutcome::Failure ? tb::STATUS_FAILURE
                                                         : tb::STATUS_UNKNOWN);
    end->set_end_time_secs(wall_time);
    return hparams_event(data, "_hparams_/session_end_info", wall_time);
}

}  // namespace tfw
