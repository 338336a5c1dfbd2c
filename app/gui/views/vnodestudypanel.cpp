#include "vnodestudypanel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

#include "comparedalgorithm.h"
#include "document.h"
#include "numberformat.h"
#include "placed.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "tablefill.h"
#include "tokenschemes/named/named.h"
#include "viewregistry.h"

namespace ringscope {

int64_t currentVnodes(const Document& document) {
    const size_t nodes = document.scenario().nodes.size();
    if (!document.isRing() || nodes == 0) {
        return 0;
    }
    return std::max<int64_t>(
        1, std::llround(double(document.placement().ring().size()) / double(nodes)));
}

VnodeStudyPanel::VnodeStudyPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_note(new QLabel(this)),
      m_chart(new LineChart(this)),
      m_table(new QTableWidget(this)) {
    setWork<VnodeStudy>(
        kStudyDebounceMs,
        [this] {
            auto keys = sampleKeys(this->document()->computed()->keys, kStudyKeys);
            return [scenario = this->document()->scenario(), keys,
                    v = currentVnodes(*this->document())] {
                return runVnodeStudy(scenario, *keys, v);
            };
        },
        [this](VnodeStudy study) {
            m_study = std::move(study);
            show();
            emit studyChanged();
        });
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    setUpSideTable(m_table);
    auto* body = new QHBoxLayout;
    body->addWidget(m_chart, 1);
    body->addWidget(m_table);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addLayout(body, 1);
    setMinimumSize(kChartPanelMinimumSize);
    follow({DocumentChange::Scenario});
    m_note->setText(tr("Computing the vnode study…"));
    scheduleWork();
}

void VnodeStudyPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_study.points.empty()) {
        show();  // the curves' colours come from the palette
    }
}

void VnodeStudyPanel::show() {
    const RingColors colors = RingColors::from(palette());
    LineChartData data;
    data.xTitle = tr("vnodes per node V");
    data.yTitle = tr("std-dev/mean");
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
    LineSeriesData published{tr("published (jump paper)"), colors.moved, {}, true};
    for (const PublishedSpread& p : kPublishedSpread) {
        published.points << QPointF(double(p.vnodes), p.standardError);
    }
    data.series.push_back(std::move(published));
    if (!m_study.xxhPoints.empty()) {
        data.series.push_back(
            curve(m_study.xxhPoints, tr("xxh64 token names"), colors.replicaOnly, false, false));
    }
    if (m_study.current) {
        const VnodePoint& now = *m_study.current;
        data.mark = ChartMark{QPointF(double(now.vnodes), std::max(now.stddevOverMean, 1e-4)),
                              tr("this ring: V = %1").arg(format::count(uint64_t(now.vnodes))),
                              colors.text};
    }
    m_chart->setData(data);
    fillTable();
    QString note =
        m_study.error.isEmpty()
            ? tr("Load spread (std-dev/mean of keys per node) for %1 nodes with V hash-named "
                 "vnodes each, over %2 keys; hover a point or read the table.")
                  .arg(document()->scenario().nodes.size())
                  .arg(format::count(m_study.keys))
            : m_study.error;
    if (document()->keys().size() > m_study.keys) {
        note += tr(" (first %1 of %2 keys)")
                    .arg(format::count(m_study.keys), format::count(document()->keys().size()));
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

void VnodeStudyPanel::fillTable() {
    const bool xxh = m_study.xxhPoints.size() == m_study.points.size();
    // The study's rows, and the ring as it is in a row of its own, after the study's at its V.
    std::vector<VnodePoint> rows = m_study.points;
    std::optional<size_t> own;
    if (m_study.current) {
        const auto at =
            std::upper_bound(rows.begin(), rows.end(), m_study.current->vnodes,
                             [](int64_t v, const VnodePoint& p) { return v < p.vnodes; });
        own = size_t(at - rows.begin());
        rows.insert(at, *m_study.current);
    }
    QStringList headers = {tr("V"), tr("sd/mean"), tr("max/mean"), tr("1/√V"), tr("published")};
    if (xxh) {
        headers << tr("xxh64");
    }
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeaderItem(1)->setToolTip(
        tr("Standard deviation of keys per node over the mean, with the scenario's token names"));
    m_table->horizontalHeaderItem(2)->setToolTip(tr("The most loaded node's keys over the mean"));
    m_table->horizontalHeaderItem(4)->setToolTip(
        tr("The standard error of a ring with V points per node, as Lamping and Veach's jump "
           "consistent hash paper (2014) tabulates it"));
    if (xxh) {
        m_table->horizontalHeaderItem(5)->setToolTip(
            tr("Standard deviation over the mean with xxh64 token names"));
    }
    m_table->setRowCount(int(rows.size()));
    for (size_t r = 0; r < rows.size(); ++r) {
        const VnodePoint& p = rows[r];
        const bool now = own == r;
        QStringList cells = {
            now ? tr("%1 (this ring)").arg(format::count(uint64_t(p.vnodes)))
                : format::count(uint64_t(p.vnodes)),
            format::significant(p.stddevOverMean, 3), format::significant(p.maxOverMean, 3),
            format::significant(1.0 / std::sqrt(double(p.vnodes)), 3),
            publishedSpread(p.vnodes) ? format::fixed(*publishedSpread(p.vnodes), 4)
                                      : QStringLiteral("–")};
        if (xxh) {
            const auto it = std::find_if(m_study.xxhPoints.begin(), m_study.xxhPoints.end(),
                                         [&](const VnodePoint& x) { return x.vnodes == p.vnodes; });
            cells << (!now && it != m_study.xxhPoints.end()
                          ? format::significant(it->stddevOverMean, 3)
                          : QStringLiteral("–"));
        }
        for (qsizetype c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (now) {
                item->setToolTip(
                    tr("The scenario as it is: its own tokens, space and key hash "
                       "(the other rows are hash-named vnodes)"));
            }
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            QFont font = item->font();
            font.setBold(now);
            item->setFont(font);
            m_table->setItem(int(r), int(c), item);
        }
    }
    fitToColumns(m_table);
}

namespace {
// The Vnode study view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"vnodes", "vnodeStudyDock", QT_TRANSLATE_NOOP("QObject", "Vnode study"), 60,
     [](const ViewContext& c) -> QWidget* { return new VnodeStudyPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
