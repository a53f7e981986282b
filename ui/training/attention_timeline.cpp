#include "ui/training/attention_timeline.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

#include "ui/common/attention_conversion.h"
#include "ui/inference/attention_inspector.h"
#include "widgets/attention_grid.h"
#include "widgets/live_chart.h"

namespace tfw {
namespace {

QStringList toQt(const std::vector<std::string>& texts) {
    QStringList out;
    for (const std::string& text : texts) out.append(QString::fromStdString(text));
    return out;
}

}  // namespace

AttentionTimeline::AttentionTimeline(QWidget* parent)
    : QWidget(parent),
      m_probe(new QComboBox(this)),
      m_layer(new QComboBox(this)),
      m_slider(new QSlider(Qt::Horizontal, this)),
      m_stepLabel(new QLabel(this)),
      m_note(new QLabel(this)),
      m_inspector(new AttentionInspector(this)),
      m_chartBox(new QVBoxLayout) {
    m_probe->setToolTip(tr("The input whose attention is shown (train.probes)"));
    m_probe->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_probe->setMinimumContentsLength(24);
    m_layer->setToolTip(tr("The layer whose heads the entropy chart shows"));
    m_slider->setToolTip(tr("Drag to see the attention at an earlier step of the training"));
    m_slider->setPageStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_stepLabel->setMinimumWidth(
        m_stepLabel->fontMetrics().horizontalAdvance(tr("step 10,000,000 (100 of 100)")));
    m_note->setWordWrap(true);
    m_inspector->setMaskingEnabled(false);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Probe"), this));
    bar->addWidget(m_probe, 1);
    bar->addWidget(new QLabel(tr("Layer"), this));
    bar->addWidget(m_layer);
    auto* scrub = new QHBoxLayout;
    scrub->addWidget(new QLabel(tr("Step"), this));
    scrub->addWidget(m_slider, 1);
    scrub->addWidget(m_stepLabel);

    auto* chartHolder = new QWidget(this);
    chartHolder->setLayout(m_chartBox);
    m_chartBox->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_inspector);
    split->addWidget(chartHolder);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({480, 320});
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(scrub);
    layout->addWidget(m_note);
    layout->addWidget(split, 1);

    connect(m_slider, &QSlider::valueChanged, this, [this] {
        updateStepLabel();
        requestSnapshot();
    });
    connect(m_probe, &QComboBox::currentIndexChanged, this, [this] {
        showLoaded();
        updateChart();
    });
    connect(m_inspector, &AttentionInspector::stackChanged, this, [this] {
        updateLayers();
        updateChart();
    });
    connect(m_layer, &QComboBox::currentIndexChanged, this, [this](int layer) {
        if (layer < 0) return;
        if (m_inspector->grid()->current().x() != layer)
            m_inspector->showCell(layer, m_inspector->grid()->current().y());
        updateChart();
    });
    connect(m_inspector, &AttentionInspector::cellShown, this, [this](int layer, int) {
        if (layer != m_layer->currentIndex() && layer < m_layer->count())
            m_layer->setCurrentIndex(layer);
    });
    setRun(QString());
}

void AttentionTimeline::setRun(const QString& runDir) {
    m_runDir = runDir;
    m_entries.clear();
    m_loaded = Loaded{};
    m_shownStep = -1;
    m_inspector->clear();
    showIndex({});
    if (runDir.isEmpty()) return;
    m_note->setText(tr("Reading the run's attention snapshots…"));
    m_indexReader.cancel();
    const std::string dir = runDir.toStdString();
    m_indexReader.start([this, runDir, dir](const std::atomic<bool>&) -> BackgroundThread::Done {
        auto entries = std::make_shared<std::vector<SnapshotEntry>>();
        auto error = std::make_shared<QString>();
        try {
            *entries = read_snapshot_index(dir);
        } catch (const std::exception& e) {
            *error = QString::fromStdString(e.what());
        }
        return [this, runDir, entries, error] {
            if (runDir != m_runDir) {  // another run was chosen meanwhile
                setRun(m_runDir);
                return;
            }
            // Snapshots reported while the index was read come after it.
            for (const SnapshotEntry& live : m_entries)
                if (entries->empty() || live.step > entries->back().step) entries->push_back(live);
            showIndex(*entries);
            if (!error->isEmpty()) m_note->setText(*error);
        };
    });
}

void AttentionTimeline::addSnapshot(const AttentionSnapshotReport& report) {
    if (m_runDir.isEmpty()) return;
    const bool following = m_entries.empty() || m_slider->value() == m_slider->maximum();
    SnapshotEntry entry;
    entry.step = report.step;
    entry.entropies = report.probes;
    // A resumed run replaces the snapshots after its checkpoint.
    std::vector<SnapshotEntry> entries = m_entries;
    entries.erase(std::remove_if(entries.begin(), entries.end(),
                                 [&](const SnapshotEntry& e) { return e.step >= report.step; }),
                  entries.end());
    if (!entries.empty()) entry.inputs = entries.back().inputs;
    entries.push_back(std::move(entry));
    if (m_indexReader.isRunning()) {
        m_entries = std::move(entries);
        return;
    }
    showIndex(entries, following ? -1 : std::min(m_slider->value(), int(entries.size()) - 1));
}

QVector<qint64> AttentionTimeline::steps() const {
    QVector<qint64> out;
    for (const SnapshotEntry& e : m_entries) out.append(e.step);
    return out;
}

void AttentionTimeline::showIndex(const std::vector<SnapshotEntry>& entries, int position) {
    const bool firstShown = m_entries.empty();
    m_entries = entries;
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, std::max(0, int(m_entries.size()) - 1));
    m_slider->setValue(position < 0 ? m_slider->maximum() : position);
    m_slider->setEnabled(m_entries.size() > 1);
    if (m_entries.empty()) {
        m_note->setText(m_runDir.isEmpty()
                            ? tr("No run chosen.")
                            : tr("This run has no attention snapshots yet. They are taken with "
                                 "every validation (train.snapshot_every) of the probe inputs "
                                 "(train.probes)."));
        updateProbes({});
        updateLayers();
        updateChart();
        updateStepLabel();
        return;
    }
    m_note->clear();
    if (firstShown) {
        const bool lm = m_entries.back().entropies.empty() ||
                        m_entries.back().entropies.front().encoder_self.empty();
        m_inspector->setModelKind(lm);
    }
    updateProbes(toQt(m_entries.back().inputs));
    updateLayers();
    updateChart();
    updateStepLabel();
    requestSnapshot();
}

void AttentionTimeline::requestSnapshot() {
    if (m_entries.empty() || m_runDir.isEmpty()) return;
    const qint64 step =
        m_entries[size_t(std::clamp(m_slider->value(), 0, int(m_entries.size()) - 1))].step;
    if (step == m_loaded.step) {
        showLoaded();
        return;
    }
    if (m_snapshotReader.isRunning()) return;  // its end asks again for the slider's step
    const std::string dir = m_runDir.toStdString();
    const QString runDir = m_runDir;
    m_snapshotReader.start(
        [this, dir, runDir, step](const std::atomic<bool>&) -> BackgroundThread::Done {
            auto loaded = std::make_shared<Loaded>();
            auto error = std::make_shared<QString>();
            try {
                const AttentionSnapshot snapshot = read_attention_snapshot(dir, step);
                loaded->step = step;
                for (const ProbeAttention& probe : snapshot.probes) {
                    loaded->inputs.append(QString::fromStdString(probe.input));
                    loaded->probes.append(toAttentionSet(probe.attention));
                }
            } catch (const std::exception& e) {
                *error = QString::fromStdString(e.what());
            }
            return [this, runDir, loaded, error] {
                if (runDir != m_runDir) {  // another run was chosen meanwhile
                    requestSnapshot();
                    return;
                }
                if (!error->isEmpty()) {
                    m_note->setText(*error);
                    return;
                }
                m_loaded = std::move(*loaded);
                updateProbes(m_loaded.inputs);
                requestSnapshot();  // shows it, or reads the step the slider moved to meanwhile
            };
        });
}

void AttentionTimeline::showLoaded() {
    const int probe = m_probe->currentIndex();
    if (m_loaded.step < 0 || probe < 0 || probe >= m_loaded.probes.size()) return;
    m_inspector->setAttention(m_loaded.probes[probe]);  // keeps the chosen cell
    m_shownStep = m_loaded.step;
    if (m_chart) m_chart->setMarker(double(m_shownStep));
    updateStepLabel();
}

void AttentionTimeline::updateProbes(const QStringList& inputs) {
    QStringList current;
    for (int i = 0; i < m_probe->count(); ++i) current.append(m_probe->itemText(i));
    if (inputs.isEmpty() && !m_entries.empty()) return;  // live entries do not carry texts
    if (inputs == current) return;
    const QSignalBlocker block(m_probe);
    const int chosen = std::max(0, m_probe->currentIndex());
    m_probe->clear();
    m_probe->addItems(inputs);
    m_probe->setCurrentIndex(std::min(chosen, int(inputs.size()) - 1));
}

AttentionStack AttentionTimeline::stack() const {
    return m_inspector->stack();
}

const std::vector<std::vector<double>>* AttentionTimeline::entropies(
    const SnapshotEntry& entry) const {
    const size_t probe = size_t(std::max(0, m_probe->currentIndex()));
    if (probe >= entry.entropies.size()) return nullptr;
    return &entropies_of(entry.entropies[probe], stack());
}

int AttentionTimeline::heads() const {
    if (m_entries.empty()) return 0;
    const auto* layers = entropies(m_entries.back());
    return layers && !layers->empty() ? int(layers->front().size()) : 0;
}

void AttentionTimeline::updateLayers() {
    const auto* layers = m_entries.empty() ? nullptr : entropies(m_entries.back());
    const int count = layers ? int(layers->size()) : 0;
    if (count == m_layer->count()) return;
    const QSignalBlocker block(m_layer);
    const int chosen = m_layer->currentIndex();
    m_layer->clear();
    for (int i = 0; i < count; ++i) m_layer->addItem(tr("layer %1").arg(i + 1));
    m_layer->setCurrentIndex(chosen >= 0 && chosen < count ? chosen : count - 1);
}

void AttentionTimeline::updateChart() {
    const int headCount = heads();
    if (!m_chart || headCount != m_chartHeads) {
        delete m_chart;
        m_chart = new LiveChart(
            tr("Head entropy over training (1: spread evenly, 0: on one token)"), this);
        m_chart->setAxisTitles(tr("step"), tr("normalised entropy"));
        m_chart->setCountingX(true);
        for (int h = 0; h < headCount; ++h)
            m_chart->addSeries(tr("head %1").arg(h + 1), SeriesStyle::Points, h);
        m_chartBox->addWidget(m_chart);
        m_chartHeads = headCount;
    }
    m_chart->clear();
    const int layer = m_layer->currentIndex();
    if (layer >= 0)
        for (const SnapshotEntry& e : m_entries) {
            const auto* layers = entropies(e);
            if (!layers || size_t(layer) >= layers->size()) continue;
            const auto& perHead = (*layers)[size_t(layer)];
            for (int h = 0; h < headCount && size_t(h) < perHead.size(); ++h)
                m_chart->append(tr("head %1").arg(h + 1), double(e.step), perHead[size_t(h)]);
        }
    m_chart->setMarker(m_shownStep >= 0 ? double(m_shownStep)
                                        : std::numeric_limits<double>::quiet_NaN());
}

void AttentionTimeline::updateStepLabel() {
    if (m_entries.empty()) {
        m_stepLabel->setText(tr("no snapshots"));
        return;
    }
    const int index = m_slider->value();
    m_stepLabel->setText(tr("step %L1 (%2 of %3)")
                             .arg(m_entries[size_t(index)].step)
                             .arg(index + 1)
                             .arg(m_entries.size()));
}

}  // namespace tfw
