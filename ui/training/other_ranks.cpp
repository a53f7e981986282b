#include "ui/training/other_ranks.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <stdexcept>

namespace tfw {

namespace {

// tfw beside the workbench (installed), in the build tree (running from it), or on PATH.
std::string tfwProgram() {
    const QStringList candidates = {QCoreApplication::applicationDirPath() + "/tfw",
#ifdef TFW_CLI_BUILD_PATH
                                    QStringLiteral(TFW_CLI_BUILD_PATH),
#endif
                                    QStandardPaths::findExecutable(QStringLiteral("tfw"))};
    for (const QString& candidate : candidates)
        if (!candidate.isEmpty() && QFileInfo(candidate).isExecutable())
            return candidate.toStdString();
    throw std::runtime_error(
        "training on several processes needs the tfw program (it runs the other ranks), and it "
        "is neither beside the workbench nor on PATH");
}

// The last lines of a rank's output: its error is there.
QString lastLines(const std::string& path, int lines) {
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly)) return {};
    QStringList all = QString::fromUtf8(file.readAll()).trimmed().split('\n');
    return all.mid(std::max<qsizetype>(0, all.size() - lines)).join('\n');
}

}  // namespace

DistributedSetup localDistributedSetup(int processes) {
    DistributedSetup setup;
    setup.world_size = processes;
    setup.local_world_size = processes;
    setup.master_addr = "127.0.0.1";
    setup.master_port = free_loopback_port();
    // Local processes answer quickly; a rank that failed before joining must not hold the
    // window's run for the default half hour.
    setup.timeout_s = 300;
    return setup;
}

OtherRanks::OtherRanks(const DistributedSetup& setup, const std::vector<std::string>& arguments) {
    if (!m_logs.isValid())
        throw std::runtime_error("cannot make a temporary folder for the ranks' output");
    m_ranks = std::make_unique<LocalRanks>(tfwProgram(), arguments, setup, 1,
                                           m_logs.path().toStdString());
}

OtherRanks::~OtherRanks() = default;

void OtherRanks::finish(TrainingFinished& result) {
    for (const RankExit& exit : m_ranks->wait_all(60)) {
        if (!exit.failed() || result.reason != FinishReason::Failed) continue;
        const QString said = lastLines(m_ranks->log_file(exit.rank), 3);
        result.message +=
            "\n" + exit.describe() + (said.isEmpty() ? "" : ": " + said.toStdString());
    }
}

}  // namespace tfw
