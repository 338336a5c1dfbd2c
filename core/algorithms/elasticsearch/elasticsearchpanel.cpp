#include "elasticsearchpanel.h"

#include <QLabel>
#include <QPainter>

#include <cmath>
#include <limits>

#include "comparedalgorithm.h"
#include "document.h"
#include "elasticsearchplacement.h"
#include "keyselector.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 6;
constexpr qreal kStripHeight = 24;
constexpr qreal kStripGap = 22;  // between the strips: the shard numbers of the one above
constexpr qreal kRowHeight = 22;
constexpr qreal kLabelShare = 0.4;  // of the width at most, for the strips' labels (left)
constexpr qreal kMinimumAxis = 160;
constexpr int kRows = 4;  // the route's three steps and the split's

QString signedCount(int64_t value) {
    return QLocale().toString(qlonglong(value));
}

}  // namespace

// ---------------------------------------------------------------------------------------------

EsRouteView::EsRouteView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void EsRouteView::setPicture(EsPicture picture) {
    m_picture = std::move(picture);
    updateGeometry();
    update();
}

QSize EsRouteView::minimumSizeHint() const {
    return {320, int(2 * kMargin + 2 * kStripHeight + 2 * kStripGap + 2 * kRowHeight)};
}

QSize EsRouteView::sizeHint() const {
    return {560, int(2 * kMargin + 2 * kStripHeight + 2 * kStripGap + kRows * kRowHeight)};
}

QString EsRouteView::stripLabel(bool split) const {
    return split ? tr("split: %L1 shards").arg(m_picture.splitShards)
                 : tr("%L1 shards, %L2 routing shards")
                       .arg(m_picture.ids.size())
                       .arg(m_picture.routingShards);
}

QRectF EsRouteView::strip(bool split) const {
    // The labels' column: as wide as the longer label, at most kLabelShare of the width.
    const QFontMetricsF fm(font());
    const qreal label =
        std::max(fm.horizontalAdvance(stripLabel(false)),
                 m_picture.splitShards ? fm.horizontalAdvance(stripLabel(true)) : 0);
    const qreal left = 2 * kMargin + std::min<qreal>(label, width() * kLabelShare);
    const qreal top = kMargin + (split ? kStripHeight + kStripGap : 0);
    return {left, top, std::max(kMinimumAxis, width() - kMargin - left), kStripHeight};
}

QRectF EsRouteView::shardRect(uint32_t shard, uint32_t shards, bool split) const {
    const QRectF a = strip(split);
    const qreal w = a.width() / qreal(std::max<uint32_t>(1, shards));
    return {a.left() + qreal(shard) * w, a.top(), w, a.height()};
}

qreal EsRouteView::slotX() const {
    if (m_picture.key.isEmpty() || m_picture.routingShards == 0) {
        return std::numeric_limits<qreal>::quiet_NaN();
    }
    const QRectF a = strip(false);
    return a.left() +
           (qreal(m_picture.route.slot) + 0.5) / qreal(m_picture.routingShards) * a.width();
}

QStringList EsRouteView::rowTexts() const {
    const EsPicture& p = m_picture;
    if (p.key.isEmpty() || p.ids.isEmpty()) {
        return {};
    }
    const EsRoute& r = p.route;
    QStringList rows;
    rows << tr("1. Murmur3 of %L1 UTF-16 code units: %2").arg(p.units).arg(signedCount(r.hash));
    rows << tr("2. floorMod(%1, %L2) = routing slot %L3")
                .arg(signedCount(r.hash))
                .arg(p.routingShards)
                .arg(r.slot);
    rows << tr("3. %L1 / %L2 (routing factor) = shard %L3 (%4)")
                .arg(r.slot)
                .arg(r.factor)
                .arg(r.shard)
                .arg(p.ids.value(qsizetype(r.shard)));
    if (p.splitShards != 0) {
        const uint32_t factor = p.routingShards / p.splitShards;
        rows << tr("Split into %L1: %L2 / %L3 = shard %L4, a child of shard %L5")
                    .arg(p.splitShards)
                    .arg(r.slot)
                    .arg(factor)
                    .arg(r.slot / factor)
                    .arg(r.shard);
    }
    return rows;
}

void EsRouteView::paintStrip(QPainter& p, bool split) const {
    const RingColors colors = RingColors::from(palette());
    const auto n = uint32_t(m_picture.ids.size());
    const uint32_t shards = split ? m_picture.splitShards : n;
    const uint32_t children = shards / n;
    const QRectF a = strip(split);
    // A segment a shard where segments are wide enough, else a pixel column each.
    const qreal w = a.width() / qreal(shards);
    const auto colorOf = [&](uint32_t shard) {
        const QColor parent = m_picture.colors[size_t(shard / children)];
        return children > 1 && shard % 2 == 1 ? parent.darker(125) : parent;
    };
    if (w >= 1) {
        for (uint32_t s = 0; s < shards; ++s) {
            p.fillRect(shardRect(s, shards, split), colorOf(s));
        }
    } else {
        for (int x = 0; x < int(a.width()); ++x) {
            const auto s = uint32_t(qreal(x) / w);
            p.fillRect(QRectF(a.left() + x, a.top(), 1, a.height()),
                       colorOf(std::min(s, shards - 1)));
        }
    }
    p.setPen(QPen(colors.outline, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(a);
    // Shard numbers under the strip while they keep apart.
    const QFontMetricsF fm(p.font());
    p.setPen(colors.faintText);
    // Each label skips to the first shard whose centre is past the last label: a label a few
    // pixels, however many shards.
    qreal lastEnd = -1e9;
    for (uint64_t s = 0; s < shards;) {
        const QRectF r = shardRect(uint32_t(s), shards, split);
        const QString label = QLocale().toString(qulonglong(s));
        const qreal lw = fm.horizontalAdvance(label);
        const qreal left = r.center().x() - lw / 2;
        if (left + lw > a.right() + 2) {
            break;  // past the strip's end, as every later one
        }
        if (left > lastEnd + 6) {
            p.drawText(QPointF(left, a.bottom() + 2 + fm.ascent()), label);
            lastEnd = left + lw;
        }
        const qreal next = (lastEnd + 6 + lw / 2 - a.left()) / w - 0.5;  // centre past the gap
        s = std::max<uint64_t>(s + 1, next > 0 ? uint64_t(std::ceil(next)) : 0);
    }
    p.setPen(colors.text);
    const QString label = stripLabel(split);
    p.drawText(QRectF(kMargin, a.top(), a.left() - 2 * kMargin, a.height()),
               Qt::AlignVCenter | Qt::AlignLeft,
               fm.elidedText(label, Qt::ElideRight, a.left() - 2 * kMargin));
}

void EsRouteView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    if (m_picture.ids.isEmpty() || m_picture.routingShards == 0) {
        return;
    }
    paintStrip(p, false);
    if (m_picture.splitShards != 0) {
        paintStrip(p, true);
    }
    const qreal x = slotX();
    const QRectF top = strip(false);
    const QRectF bottom = strip(m_picture.splitShards != 0);
    if (!std::isnan(x)) {
        // The document's routing slot through the strips, its shard outlined in each.
        p.setPen(QPen(colors.walk, 2));
        p.drawLine(QPointF(x, top.top() - 4), QPointF(x, bottom.bottom() + 4));
        QPolygonF tip;
        tip << QPointF(x - 5, top.top() - 6) << QPointF(x + 5, top.top() - 6)
            << QPointF(x, top.top());
        p.setBrush(colors.walk);
        p.drawPolygon(tip);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(colors.walk, 2.5));
        p.drawRect(shardRect(m_picture.route.shard, uint32_t(m_picture.ids.size()), false)
                       .adjusted(-1, -1, 1, 1));
        if (m_picture.splitShards != 0) {
            const uint32_t factor = m_picture.routingShards / m_picture.splitShards;
            p.drawRect(shardRect(m_picture.route.slot / factor, m_picture.splitShards, true)
                           .adjusted(-1, -1, 1, 1));
        }
    }
    const QFontMetricsF fm(p.font());
    const QStringList rows = rowTexts();
    p.setPen(colors.text);
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QRectF textRect(kMargin, bottom.bottom() + kStripGap + qreal(r) * kRowHeight,
                              width() - 2 * kMargin, kRowHeight);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(rows[r], Qt::ElideRight, textRect.width()));
    }
}

// ---------------------------------------------------------------------------------------------

ElasticsearchPanel::ElasticsearchPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_key(new KeySelector(document, this)),
      m_route(new EsRouteView(this)) {
    setUpKeyPanel<ElasticsearchWhatIf>(
        m_key, m_route, kElasticsearchSampleKeys,
        [](const Scenario& scenario, const KeySet& keys, const Limits& limits) {
            return elasticsearchWhatIf(scenario, keys, limits[Limit::Nodes]);
        },
        m_result, m_done, [this] { refresh(); });
}

QString ElasticsearchPanel::routeText(const EsPicture& p) const {
    if (p.key.isEmpty()) {
        return {};
    }
    // Every value formatted first and put in at once: a key's own "%1" stays as it is.
    const QString shard = QLocale().toString(p.route.shard);
    const QString node = p.ids.value(qsizetype(p.route.shard));
    if (!p.servedBy.isEmpty()) {
        return tr(" Document %1 goes to shard %2 (%3, down: %4 serves it).")
            .arg(p.key, shard, node, p.servedBy);
    }
    return tr(" Document %1 goes to shard %2 (%3).").arg(p.key, shard, node);
}

QString ElasticsearchPanel::countsText() const {
    if (const auto pending = whatIfPending(m_result, m_done,
                                           tr(" Counting what a split or a reindex would move…"))) {
        return *pending;
    }
    if (m_result.whatIf->shards == 0) {
        return {};
    }
    const ElasticsearchWhatIf& w = *m_result.whatIf;
    QString text;
    if (const auto& split = w.split) {
        text += split->outsideChildren == 0
                    ? tr(" Splitting into %L1 shards would put %2 documents (%3) on a new shard "
                         "number, every one on a child of its shard.")
                          .arg(split->shards)
                          .arg(format::count(split->moved), format::percentOf(split->moved, w.keys))
                    : tr(" Splitting into %L1 shards would put %2 documents (%3) on a new shard "
                         "number, %4 of them outside their shard's children.")
                          .arg(split->shards)
                          .arg(format::count(split->moved), format::percentOf(split->moved, w.keys),
                               format::count(split->outsideChildren));
    } else {
        text +=
            w.nextSplit
                ? tr(" The next split, into %L1 shards, passes the node limit.").arg(*w.nextSplit)
                : tr(" The %L1 routing shards allow no further split.").arg(w.routingShards);
    }
    if (const auto& re = w.reindex) {
        text += tr(" Reindexing into a new index of %L1 shards (%L2 routing shards) would move %3 "
                   "documents (%4); ideal %5.")
                    .arg(w.shards + 1)
                    .arg(re->routingShards)
                    .arg(format::count(re->moved), format::percentOf(re->moved, w.keys),
                         format::percent(re->ideal));
    }
    if (m_result.keysTotal > w.keys) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(w.keys).arg(m_result.keysTotal);
    }
    return text;
}

void ElasticsearchPanel::refresh() {
    const Document& doc = *document();
    const Scenario& s = doc.scenario();
    EsPicture picture;
    for (const NodeSpec& n : s.nodes) {
        picture.ids << qs(n.id);
    }
    picture.colors = nodeColors(s.nodes);
    const auto shards = uint32_t(s.nodes.size());
    try {
        if (shards > 0) {
            Scenario es = asElasticsearch(s);
            moduleOf(Algorithm::Elasticsearch).validate(es);
            picture.routingShards = routingShardsOf(es);
            // The next split, drawn while within the node limit (as the what-if counts it).
            const uint32_t split = esNextSplit(shards, picture.routingShards).value_or(0);
            picture.splitShards = split <= doc.limits()[Limit::Nodes] ? split : 0;
        }
    } catch (const InputError&) {
        // Another algorithm's scenario whose routing shards its nodes do not divide: no strip.
        picture.routingShards = 0;
    }
    const auto key = shownKey(doc);
    if (key && picture.routingShards != 0) {
        const std::string& name = doc.keys().names[*key];
        if (const auto hash = esMurmur3(name)) {
            picture.key = qs(name);
            picture.units = size_t(QString::fromStdString(name).size());
            picture.route = esRoute(*hash, picture.routingShards, shards);
            // A down shard's documents go to the next live shard's node.
            if (const auto serving = servingBucket(s, picture.route.shard)) {
                picture.servedBy = qs(s.nodes[*serving].id);
            }
        }
    }
    QString text;
    if (s.algorithm != Algorithm::Elasticsearch) {
        text = tr("This scenario uses %1; shown is what Elasticsearch would do with its nodes as "
                  "an index's shards.")
                   .arg(algorithmLabel(s.algorithm));
    } else {
        text =
            tr("Elasticsearch hashes a document's routing (its _routing, else its _id) with "
               "Murmur3 over its UTF-16 code units, takes it modulo the index's routing "
               "shards, and divides by the routing factor: each shard owns a run of routing "
               "slots.");
    }
    summaryLabel()->setText(text + routeText(picture) + countsText());
    m_route->setPicture(std::move(picture));
}

namespace {
// The Elasticsearch view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"elasticsearch", "elasticsearchDock", QT_TRANSLATE_NOOP("QObject", "Elasticsearch routing"),
     46,
     [](const ViewContext& c) -> QWidget* { return new ElasticsearchPanel(c.document, c.parent); },
     true}};  // closed at the first start: in the middle for its scenarios
}  // namespace

}  // namespace ringscope
