#include "loadhistogrampanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

#include "analysispanel.h"
#include "comparisonmodel.h"
#include "document.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

// Beyond this many nodes a per-node legend is noise.
constexpr qsizetype kMaxLegendNodes = 12;

QString measureName(LoadMeasure measure) {
    switch (measure) {
        case LoadMeasure::Keys:
            return QObject::tr("Keys");
        case LoadMeasure::Bytes:
            return QObject::tr("Bytes");
        case LoadMeasure::Requests:
            return QObject::tr("Requests");
    }
    return {};
}

QString amount(double value, LoadMeasure measure) {
    if (measure == LoadMeasure::Bytes) {
        return format::bytes(static_cast<uint64_t>(std::max(0.0, value)), 1);
    }
    return format::number(value, 1);
}

}  // namespace

std::vector<uint32_t> livePrimaries(const Document& document) {
    std::vector<uint32_t> out(document.keys().size(), kNoOwner);
    if (document.isRing()) {
        const LiveRing& live = document.liveRing();
        if (!live.ring().empty()) {
            const auto keys = live.sortedKeys();
            const NodeIndices& owners = live.sortedOwners();
            for (size_t r = 0; r < keys.size(); ++r) {
                out[keys[r]] = owners[r];
            }
        }
    } else {
        const Assignment& a = document.assignment();
        for (size_t k = 0; k < out.size(); ++k) {
            out[k] = a.primary(k);
        }
    }
    return out;
}

Stats liveStats(const Document& document) {
    const KeySet& keys = document.keys();
    const size_t nodes = document.placement().nodes().size();
    if (!keys.hasSizes && !keys.hasPopularity) {  // every key alike: the counts say it all
        return statsFromCounts(nodes, document.keyCountsPerNode(), keys,
                               document.placement().weights(),
                               document.placement().servesNothing());
    }
    return computeStats(nodes, livePrimaries(document), keys, document.placement().weights(),
                        document.placement().servesNothing());
}

ReferenceLine idealLine(const Stats& stats, LoadMeasure measure, const QColor& color) {
    const Spread& spread = spreadOf(stats, measure);
    if (stats.evenIdeals()) {
        return {QObject::tr("mean"), color, spread.mean};
    }
    // Each node's fair share of the total, as a step over its own bar (0 over a down node's):
    // the steps sum to the total.
    ReferenceLine line{QObject::tr("fair share w/Σw"), color, 0, {}};
    for (const NodeLoad& load : stats.nodes) {
        line.perCategory << idealOf(spread, load);
    }
    return line;
}

double loadOf(const NodeLoad& load, LoadMeasure measure) {
    switch (measure) {
        case LoadMeasure::Keys:
            return double(load.keys);
        case LoadMeasure::Bytes:
            return double(load.bytes);
        case LoadMeasure::Requests:
            return load.requests;
    }
    return 0;
}

const Spread& spreadOf(const Stats& stats, LoadMeasure measure) {
    switch (measure) {
        case LoadMeasure::Bytes:
            return stats.bytes;
        case LoadMeasure::Requests:
            return stats.requests;
        case LoadMeasure::Keys:
            break;
    }
    return stats.keys;
}

LoadHistogramPanel::LoadHistogramPanel(Document* document, ComparisonModel* comparison,
                                       QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_comparison(comparison),
      m_source(new QComboBox(this)),
      m_measure(new QComboBox(this)),
      m_copiesLabel(new QLabel(tr("Count:"), this)),
      m_copies(new QComboBox(this)),
      m_annotation(new QLabel(this)),
      m_chart(new BarChart(this)) {
    m_source->addItem(tr("Live"));
    for (const ComparedAlgorithm& a : comparedAlgorithms()) {
        m_source->addItem(algorithmLabel(a));
    }
    m_source->addItem(tr("All, grouped"));
    m_source->setToolTip(tr("Live follows the document, also while a token is dragged"));
    m_annotation->setWordWrap(true);
    m_annotation->setTextFormat(Qt::RichText);  // node ids escaped, figures in bold
    m_annotation->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Placement:"), this));
    controls->addWidget(m_source, 1);
    controls->addWidget(new QLabel(tr("Load:"), this));
    controls->addWidget(m_measure, 1);
    controls->addWidget(m_copiesLabel);
    controls->addWidget(m_copies, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_annotation);
    layout->addWidget(m_chart, 1);
    setMinimumSize(kChartPanelMinimumSize);

    m_liveTimer.setSingleShot(true);
    m_liveTimer.setInterval(kLiveFrameMs);
    connect(&m_liveTimer, &QTimer::timeout, this, &LoadHistogramPanel::refresh);
    connect(m_source, &QComboBox::currentIndexChanged, this, &LoadHistogramPanel::refresh);
    connect(m_measure, &QComboBox::currentIndexChanged, this, &LoadHistogramPanel::refresh);
    connect(m_copies, &QComboBox::currentIndexChanged, this, &LoadHistogramPanel::refresh);
    connect(document, &Document::scenarioChanged, this, [this] {
        refreshMeasures();
        refresh();
    });
    connect(document, &Document::liveAssignmentChanged, this, &LoadHistogramPanel::scheduleRefresh);
    connect(comparison, &ComparisonModel::resultChanged, this, [this] {
        if (m_source->currentIndex() != 0) {
            refresh();
        }
    });
    refreshMeasures();
    refresh();
}

int LoadHistogramPanel::groupedSource() const {
    return m_source->count() - 1;
}

void LoadHistogramPanel::setSource(int source) {
    m_source->setCurrentIndex(source);
}

void LoadHistogramPanel::setMeasure(LoadMeasure measure) {
    const int i = m_measure->findData(static_cast<int>(measure));
    if (i >= 0) {
        m_measure->setCurrentIndex(i);
    }
}

QString LoadHistogramPanel::annotation() const {
    return m_annotation->text();
}

void LoadHistogramPanel::scheduleRefresh() {
    if (m_source->currentIndex() == 0 && !m_liveTimer.isActive()) {
        m_liveTimer.start();
    }
}

void LoadHistogramPanel::setCopies(LoadCopies copies) {
    m_copies->setCurrentIndex(std::max(0, m_copies->findData(static_cast<int>(copies))));
}

bool LoadHistogramPanel::copiesOffered() const {
    return !m_copies->isHidden();
}

LoadCopies LoadHistogramPanel::copies() const {
    return !m_copies->isHidden() && m_copies->isEnabled()
               ? static_cast<LoadCopies>(m_copies->currentData().toInt())
               : LoadCopies::Primaries;
}

// The choice is there while keys have replicas; it applies to the live placement (the compared
// algorithms' results count primaries).
void LoadHistogramPanel::refreshCopies() {
    const size_t replicas = m_document->assignment().replicas;
    const QVariant current = m_copies->currentData();
    const QSignalBlocker block(m_copies);
    m_copies->clear();
    m_copies->addItem(tr("Primaries"), int(LoadCopies::Primaries));
    m_copies->addItem(tr("All %1 copies").arg(replicas), int(LoadCopies::AllCopies));
    m_copies->setItemData(0, tr("Each key on the node it goes to first"), Qt::ToolTipRole);
    m_copies->setItemData(1,
                          tr("Each key on every node that stores a copy: the primary and its "
                             "%1 replicas (what each node stores)")
                              .arg(replicas - 1),
                          Qt::ToolTipRole);
    m_copies->setCurrentIndex(std::max(0, m_copies->findData(current)));
    m_copiesLabel->setHidden(replicas <= 1);
    m_copies->setHidden(replicas <= 1);
    const bool live = m_source->currentIndex() == 0;
    m_copies->setEnabled(live);
    m_copies->setToolTip(live ? QString()
                              : tr("The compared algorithms count primaries; choose Live for "
                                   "every copy"));
}

void LoadHistogramPanel::refreshMeasures() {
    const KeySet& keys = m_document->keys();
    const QVariant current = m_measure->currentData();
    const QSignalBlocker block(m_measure);
    m_measure->clear();
    m_measure->addItem(measureName(LoadMeasure::Keys), int(LoadMeasure::Keys));
    if (keys.hasSizes) {
        m_measure->addItem(measureName(LoadMeasure::Bytes), int(LoadMeasure::Bytes));
    }
    if (keys.hasPopularity) {
        m_measure->addItem(measureName(LoadMeasure::Requests), int(LoadMeasure::Requests));
    }
    m_measure->setCurrentIndex(std::max(0, m_measure->findData(current)));
    m_measure->setEnabled(m_measure->count() > 1);
}

void LoadHistogramPanel::refresh() {
    m_liveTimer.stop();
    refreshCopies();
    const int source = m_source->currentIndex();
    if (source == groupedSource()) {
        showGrouped();
        return;
    }
    if (source <= 0 && copies() == LoadCopies::AllCopies) {
        // Every copy, from the committed owners: a drag shows its end when it is let go.
        const QString name = algorithmLabel(m_document->scenario().algorithm);
        showStats(
            computeCopyStats(m_document->placement(), m_document->assignment(), m_document->keys()),
            m_document->isDragging() ? tr("%1, every copy as before the drag").arg(name)
                                     : tr("%1, every copy").arg(name));
        return;
    }
    // With replicas, say that these counts are of primaries.
    const QString primaries = copiesOffered() ? tr(", primaries") : QString();
    if (source <= 0) {
        const QString name = algorithmLabel(m_document->scenario().algorithm) + primaries;
        const Stats stats = liveStats(*m_document);
        showStats(stats, m_document->isDragging() ? tr("%1, live drag").arg(name) : name);
        if (!m_document->isDragging()) {  // the committed placement's: a drag moves its arcs
            const Placement& placement = m_document->placement();
            m_annotation->setText(m_annotation->text() +
                                  chiSquareText(chiSquareOf(placement, stats),
                                                structureBalance(placement), placement.nodeIds()));
        }
        return;
    }
    const ComparedAlgorithm algorithm = comparedAlgorithms()[size_t(source - 1)];
    const AlgorithmResult* r = m_comparison->result().find(algorithm);
    if (!r || !r->error.isEmpty()) {
        m_annotation->setText(r ? r->error : tr("Computing…"));
        m_chart->setData({});
        return;
    }
    QString name = algorithmLabel(algorithm) + primaries;
    if (m_comparison->result().sampled()) {
        name += tr(", first %1 of %2 keys")
                    .arg(format::count(m_comparison->result().keysUsed),
                         format::count(m_comparison->result().keysTotal));
    }
    showStats(r->stats, name);
}

QString LoadHistogramPanel::chiSquareText(const ChiSquare& c,
                                          const std::optional<StructureBalance>& balance,
                                          std::span<const std::string> ids) {
    QString text;
    if (c.untested) {
        text =
            tr("<br>No χ² test: this structure's own points decide how a perfect hash would "
               "share the keys, and no exact share is known, so an uneven spread says nothing "
               "about the key hash.");
    } else if (c.degreesOfFreedom > 0) {
        // "= 0.0437" or "< 0.0001", escaped: the annotation is rich text.
        const QString p =
            (c.pValue < 1e-4 ? tr("< 0.0001") : tr("= %1").arg(format::significant(c.pValue, 3)))
                .toHtmlEscaped();
        const QString against = c.against.empty()
                                    ? tr("the target shares")
                                    : QCoreApplication::translate("Structure", c.against.data());
        text = tr("<br>χ² %1 on %2 df, p %3 against %4")
                   .arg(format::number(c.statistic, 2))
                   .arg(c.degreesOfFreedom)
                   .arg(p, against);
        if (c.clustered()) {
            text += tr(": <b>the key hash clusters these keys</b>.");
        } else if (c.leastExpected < 5) {
            text += tr(": fewer than 5 keys expected on a node, the test says little.");
        } else {
            text += tr(": consistent with a random key hash.");
        }
    }
    // The structure's own verdict, in a sentence of its own: how its points share the space.
    if (balance) {
        text += tr(" Before any key, %1 give %2 %3× its fair share, %4 %5×.")
                    .arg(QCoreApplication::translate("Structure", balance->what.data()),
                         QString::fromStdString(ids[balance->maxNode]).toHtmlEscaped(),
                         format::fixed(balance->maxOverTarget, 2),
                         QString::fromStdString(ids[balance->minNode]).toHtmlEscaped(),
                         format::fixed(balance->minOverTarget, 2));
    }
    return text;
}

void LoadHistogramPanel::showStats(const Stats& stats, const QString& name) {
    const auto measure = static_cast<LoadMeasure>(m_measure->currentData().toInt());
    const auto ids = m_document->placement().nodeIds();
    const std::vector<QColor> colors = nodeColors(m_document->scenario().nodes);
    const Spread& spread = spreadOf(stats, measure);
    // The hottest node against its ideal (the mean, or its fair share w/Σw).
    const auto ratio = [&](size_t n) {
        const double ideal = idealOf(spread, stats.nodes[n]);
        return ideal > 0 ? loadOf(stats.nodes[n], measure) / ideal : 0.0;
    };
    BarChartData data;
    data.stacked = true;
    data.title = tr("%1 per node — %2").arg(measureName(measure), name);
    data.valueTitle = measureName(measure);
    const qsizetype n = qsizetype(std::min(ids.size(), stats.nodes.size()));
    size_t top = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const double value = loadOf(stats.nodes[size_t(i)], measure);
        top = ratio(size_t(i)) > ratio(top) ? size_t(i) : top;
        data.categories << QString::fromStdString(ids[size_t(i)]);
        data.sets.push_back(
            {QString::fromStdString(ids[size_t(i)]), colors[size_t(i)], QList<qreal>{value}});
    }
    data.lines.push_back(idealLine(stats, measure, QColor()));
    m_chart->setData(data);
    if (n == 0) {
        m_annotation->setText(tr("No nodes"));
    } else if (stats.weighted) {
        m_annotation->setText(
            tr("unequal weights: each node against its fair share w/Σw · <b>max/ideal %1</b> (%2) "
               "· min/ideal %3 · <b>std-dev/ideal %4</b>")
                .arg(format::fixed(spread.maxOverIdeal, 3))
                .arg(QString::fromStdString(ids[top]).toHtmlEscaped())
                .arg(format::fixed(spread.minOverIdeal, 3))
                .arg(format::fixed(spread.stddevOverIdeal, 3)));
    } else {
        m_annotation->setText(
            tr("mean %1 · <b>max/mean %2</b> (%3) · min/mean %4 · <b>std-dev/mean %5</b>")
                .arg(amount(spread.mean, measure))
                .arg(format::fixed(spread.maxOverMean, 3))
                .arg(QString::fromStdString(ids[top]).toHtmlEscaped())
                .arg(format::fixed(spread.minOverMean, 3))
                .arg(format::fixed(spread.stddevOverMean, 3)));
    }
}

void LoadHistogramPanel::showGrouped() {
    const auto measure = static_cast<LoadMeasure>(m_measure->currentData().toInt());
    const ComparisonResult& result = m_comparison->result();
    const auto ids = m_document->placement().nodeIds();
    BarChartData data;
    data.title = tr("%1 per node, by algorithm").arg(measureName(measure));
    data.valueTitle = measureName(measure);
    for (const std::string& id : ids) {
        data.categories << QString::fromStdString(id);
    }
    QStringList balance;
    const Stats* first = nullptr;
    for (const AlgorithmResult& r : result.algorithms) {
        if (!r.error.isEmpty() || r.stats.nodes.size() != ids.size()) {
            continue;
        }
        first = first ? first : &r.stats;
        BarSetData set{algorithmLabel(r.compared()),
                       algorithmColor(r.algorithm, r.boundedLoadPercent.has_value()),
                       {}};
        for (const NodeLoad& load : r.stats.nodes) {
            set.values << loadOf(load, measure);
        }
        data.sets.push_back(std::move(set));
        balance << tr("%1 %2")
                       .arg(algorithmLabel(r.compared()))
                       .arg(format::fixed(spreadOf(r.stats, measure).maxOverIdeal, 2));
    }
    if (first) {
        data.lines.push_back(idealLine(*first, measure, QColor()));
    }
    m_chart->setData(data);
    m_annotation->setText(tr("%1: %2%3")
                              .arg(first && first->weighted ? tr("max/ideal") : tr("max/mean"),
                                   balance.join(QStringLiteral(" · ")),
                                   result.sampled() ? tr(" (first %1 of %2 keys)")
                                                          .arg(format::count(result.keysUsed),
                                                               format::count(result.keysTotal))
                                                    : QString()));
}

namespace {
// The Load view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{{"histogram", "loadHistogramDock",
                              QT_TRANSLATE_NOOP("QObject", "Load"), 10,
                              [](const ViewContext& c) -> QWidget* {
                                  return new LoadHistogramPanel(c.document, c.comparison, c.parent);
                              }}};
}  // namespace

}  // namespace ringscope
