#pragma once
// A model's task as people read it: "translation", "summarization" or "language model".

#include <QString>

#include "core/config/experiment_config.h"

namespace tfw {

QString taskTitle(Task task);

}  // namespace tfw
