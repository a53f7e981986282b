#include "ui/experiment/missing_data_bar.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "core/fetch/data_folder.h"
#include "core/fetch/dataset_catalog.h"

namespace tfw {
namespace {

std::vector<std::string> data_paths(const DataConfig& data) {
    return {data.train_src, data.train_tgt, data.valid_src, data.valid_tgt, data.test_src,
            data.test_tgt,  data.train,     data.valid,     data.test};
}

}  // namespace

MissingDataBar::MissingDataBar(QWidget* parent)
    : QFrame(parent),
      m_message(new QLabel(this)),
      m_getData(new QPushButton(tr("Get data…"), this)) {
    setFrameShape(QFrame::StyledPanel);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_getData, &QPushButton::clicked, this, &MissingDataBar::getDataRequested);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_message, 1);
    layout->addWidget(m_getData);
    hide();
}

void MissingDataBar::showFor(const ExperimentConfig& config) {
    m_dataset = nullptr;
    std::vector<std::string> missing;
    const QString folder = QString::fromStdString(config.data.dir);
    if (config.data.synthetic == Synthetic::None)
        missing =
            missing_files(data_paths(config.data),
                          folder.isEmpty() ? QDir::currentPath().toStdString() : config.data.dir);
    if (missing.empty()) {
        hide();
        return;
    }
    for (const std::string& path : missing)
        if ((m_dataset = dataset_with_file(path))) break;
    m_target = folder.isEmpty() ? QString::fromStdString(default_data_dir().string()) : folder;

    QStringList names;
    for (const std::string& path : missing) names << QString::fromStdString(path);
    m_message->setText(tr("%n data file(s) missing from %1: %2", nullptr, int(missing.size()))
                           .arg(folder.isEmpty() ? QDir::currentPath() : folder,
                                names.join(QStringLiteral(", "))));
    m_getData->setVisible(m_dataset != nullptr);
    if (m_dataset)
        m_getData->setToolTip(
            tr("Download %1 into %2").arg(QString::fromStdString(m_dataset->name), m_target));
    show();
}

}  // namespace tfw
