#pragma once
// One way to show a date and time in the window: in local time, in the window's language's
// long format ("Thursday, November 26, 2026 7:30:02 PM UTC", "2026年11月26日星期四 UTC 19:30:02").

#include <QDateTime>
#include <QString>
#include <string>

namespace tfw {

QString dateTimeText(const QDateTime& time);
// From ISO 8601 as the run and result files keep it; the text as it is when unreadable.
QString dateTimeText(const std::string& iso);

}  // namespace tfw
