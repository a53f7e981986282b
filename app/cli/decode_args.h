#pragma once
// The decoding options shared by translate, generate, eval and bench decode: one per entry
// of decode_fields() (--top-p for top_p), plus --batch-size and --device.

#include <string>

#include "app/cli/args.h"
#include "core/decode/decode_options.h"
#include "core/io/checkpoint.h"

namespace tfw::cli {

void add_decode_options(Args& args);
// Starts from the checkpoint's decode section; command-line options override it.
DecodeOptions decode_options_from_args(const Args& args, const DecodeSettings& defaults);
// One field's option alone (a benchmark that takes only --precision), with the same names,
// help and messages; read_decode_option sets the field when the option was given.
void add_decode_option(Args& args, const std::string& key);
void read_decode_option(const Args& args, const std::string& key, DecodeSettings& settings);
// A note on standard error when the checkpoint's header has no checksum (format 1).
void warn_if_unverified(const Checkpoint& checkpoint, const std::string& path);

}  // namespace tfw::cli
