#pragma once
// The experiment form's human label of each configuration key ("model.d_model" -> "Model
// width"); the key itself stays in the tooltip and in files.

#include <string>

namespace tfw {

// The label of a key outside the decode section (those carry their own, see decode_fields.h);
// empty for an unknown key.
std::string field_label(const std::string& key);

}  // namespace tfw
