#pragma once
// "unknown configuration key 'model.hedas' (did you mean model.heads?)": the nearest key of
// the schema to a misspelt one, for config files, --set and a sweep's --vary.

#include <string>

#include "core/config/config_error.h"

namespace tfw {

// The schema's key closest to `key` by edits (a swap of two neighbouring letters counts as
// one), by its last part alone ("heads" → model.heads), or the section a dotless key
// misspells ("modle" → model); "" when none is close enough.
std::string nearest_config_key(const std::string& key);

// The error for a key the schema does not have, with the nearest key when there is one.
ConfigError unknown_config_key(const std::string& key);

}  // namespace tfw
