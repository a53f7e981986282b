#pragma once
// The decoding options shared by translate, generate, eval and bench decode: one per entry
// of decode_fields() (--top-p for top_p), plus --batch-size and --device.

#include "app/cli/args.h"
#include "core/decode/decode_options.h"

namespace tfw::cli {

void add_decode_options(Args& args);
// Starts from the checkpoint's decode section; command-line options override it.
DecodeOptions decode_options_from_args(const Args& args, const DecodeSettings& defaults);

}  // namespace tfw::cli
