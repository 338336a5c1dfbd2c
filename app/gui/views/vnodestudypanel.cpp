#include "vnodestudypanel.h"

#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

#include "comparisonmodel.h"
#include "document.h"
#include "ringcolors.h"
#include "ringscope/error.h"

namespace ringscope {

namespace {}  // namespace

Scenario studyScenario(const Scenario& scenario, int64_t vnodes, bool* widened) {
    Scenario s = asAlgorithm(scenario, Algorithm::Ring);
    s.tokenScheme = TokenScheme::Named;
    for (NodeSpec& node : s.nodes) {
        node.tokens.clear();
        node.vnodes = vnodes;
    }
    // Ten thousand tokens do not fit a teaching space of 0-99: study in 2^32 with a real hash.
    const uint64_t tokens = uint64_t(kStudyVnodes[std::size(kStudyVnodes) - 1]) *
                            std::max<size_t>(1, s.nodes.size()) * 4;
    const bool widen = s.space != kSpace64 && s.space < tokens * 16;
    if (widen) {
        s.space = kSpace32;
        if (s.keyHash == HashKind::Identity) {
            s.keyHash = HashKind::Xxh64;
        }
    }
    if (widened) {
        *widened = widen;
    }
    return s;
}

std::vector<VnodePoint> studyCurve(const Scenario& scenario, const KeySet& keys,
                                   const HashedKeys& hashed) {
    std::vector<VnodePoint> points;
    for (const int64_t v : kStudyVnodes) {
        const Placed placed = placeKeys(studyScenario(scenario, v), keys, hashed);
        const Stats stats = computeStats(placed.placement, placed.assignment, keys);
        points.push_back({v, stats.keys.stddevOverMean, stats.keys.maxOverMean});
    }
    return points;
}

VnodeStudy runVnodeStudy(const Scenario& scenario, const KeySet& keys) {
    VnodeStudy study;
    study.keys = keys.size();
    study.tokenHash = scenario.tokenHash;
    try {
        const Scenario s = studyScenario(scenario, 1, &study.widenedSpace);
        const HashedKeys hashed = hashKeys(keys, s.keyHash, s.space);
        study.points = studyCurve(scenario, keys, hashed);
        if (scenario.tokenHash != HashKind::Xxh64) {
            Scenario xxh = scenario;
            xxh.tokenHash = HashKind::Xxh64;
            study.xxhPoints = studyCurve(xxh, keys, hashed);
        }
    } catch (const std::exception& e) {
        study.error = QString::fromStdString(describeFailure(e));
    }
    return study;
}

VnodeStudyPanel::VnodeStudyPanel(Document* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_note(new QLabel(this)),
      m_chart(new LineChart(this)),
      m_job(
          this, kStudyDebounceMs,
          [this] {
              auto keys = sampleKeys(m_document->computed()->keys, kStudyKeys);
              return [scenario = m_document->scenario(), keys] {
                  return runVnodeStudy(scenario, *keys);
              };
          },
          [this](VnodeStudy study) {
              m_study = std::move(study);
              show();
              emit studyChanged();
          }) {
    m_note->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addWidget(m_chart, 1);
    setMinimumSize(320, 260);
    connect(document, &Document::scenarioChanged, this, [this] { m_job.schedule(); });
    m_note->setText(tr("Computing the vnode study…"));
    m_job.schedule();
}

VnodeStudyPanel::~VnodeStudyPanel() = default;

void VnodeStudyPanel::waitForIdle() {
    m_job.waitForIdle();
}

void VnodeStudyPanel::show() {
    const RingColors colors = RingColors::from(palette());
    LineChartData data;
    data.title = tr("Load spread against vnodes per node");
    data.xTitle = tr("vnodes per node V");
    data.yTitle = tr("std-dev / mean of keys per node");
    data.logX = true;
    data.logY = true;
    const auto curve = [](const std::vector<VnodePoint>& points, QString name, QColor color,
                          bool dashed, bool reference) {
        LineSeriesData series{std::move(name), color, {}, dashed};
        for (const VnodePoint& p : points) {
            // A perfectly even split has zero spread, which a log axis cannot show: clamp it.
            const double y =
                reference ? 1.0 / std::sqrt(double(p.vnodes)) : std::max(p.stddevOverMean, 1e-4);
            series.points << QPointF(double(p.vnodes), y);
        }
        return series;
    };
    const QString hash = QString::fromUtf8(hashName(m_study.tokenHash));
    data.series = {curve(m_study.points, tr("%1 token names").arg(hash),
                         palette().color(QPalette::Highlight), false, false),
                   curve(m_study.points, tr("1/√V"), colors.text, true, true)};
    if (!m_study.xxhPoints.empty()) {
        data.series.push_back(
            curve(m_study.xxhPoints, tr("xxh64 token names"), colors.replicaOnly, false, false));
    }
    m_chart->setData(data);
    QString note = m_study.error.isEmpty()
                       ? tr("%1 nodes, V hash-named vnodes each, over %L2 keys.")
                             .arg(m_document->scenario().nodes.size())
                             .arg(m_study.keys)
                       : m_study.error;
    if (m_document->keys().size() > m_study.keys) {
        note += tr(" (first %L1 of %L2 keys)").arg(m_study.keys).arg(m_document->keys().size());
    }
    if (m_study.widenedSpace) {
        note +=
            tr(" The scenario's space is too small for 1000 vnodes per node, so the study "
               "places them in 2^32.");
    }
    if (m_study.keys < 10'000) {
        note += tr(" With few keys, key-count noise (≈√(N/K)) hides the vnode effect at large V.");
    }
    m_note->setText(note);
}

}  // namespace ringscope
