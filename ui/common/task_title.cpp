#include "ui/common/task_title.h"

#include <QObject>

namespace tfw {

QString taskTitle(Task task) {
    return task == Task::Translation     ? QObject::tr("translation")
           : task == Task::Summarization ? QObject::tr("summarization")
                                         : QObject::tr("language model");
}

}  // namespace tfw
