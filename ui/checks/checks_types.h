#pragma once
// The sanity checks' report as a Qt meta-type, for signals (queued ones from the training
// thread included). Declared once here, before any signal that carries it is compiled.

#include <QMetaType>

#include "core/check/check_result.h"

Q_DECLARE_METATYPE(tfw::ChecksReport)
