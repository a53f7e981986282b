#pragma once
// The decoding options shared by translate, generate and eval.

#include "app/cli/args.h"
#include "core/decode/decode_options.h"

namespace tfw::cli {

void add_decode_options(Args& args);
// Starts from the checkpoint's decode section; command-line options override it.
DecodeOptions decode_options_from_args(const Args& args, const DecodeConfig& defaults);

}  // namespace tfw::cli
