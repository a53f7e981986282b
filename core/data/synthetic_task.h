#pragma once
// Built-in tasks that need no corpus files (data.synthetic).

#include <cstdint>
#include <string>
#include <vector>

#include "core/data/raw_corpus.h"

namespace tfw {

// The words the reverse task draws from: colours, animals and numbers.
const std::vector<std::string>& reverse_task_words();

// "reverse": sources of 3-12 words drawn uniformly from reverse_task_words(), targets the
// same words in reverse order. 20000 train / 500 valid / 500 test pairs, deterministic from
// seed, with an independent random stream per split.
RawCorpus generate_reverse_task(uint64_t seed);

}  // namespace tfw
