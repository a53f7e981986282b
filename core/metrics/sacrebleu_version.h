#pragma once
// The sacreBLEU release whose BLEU and chrF this library reproduces; it ends every
// signature so that scores can be compared with sacreBLEU's own.

namespace tfw {

inline constexpr const char* kSacrebleuVersion = "2.6.0";

}  // namespace tfw
