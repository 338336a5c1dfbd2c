#include "mcrouterpanel.h"

#include <QLabel>
#include <QPainter>

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>

#include "comparedalgorithm.h"
#include "document.h"
#include "keyselector.h"
#include "mcrouterplacement.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/registry.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 6;
constexpr qreal kStripHeight = 24;
constexpr qreal kScaleHeight = 16;
constexpr qreal kRowHeight = 22;
constexpr qreal kTextShare = 0.5;  // of the width, for the rows' texts (left)
constexpr qreal kMinimumAxis = 140;
constexpr size_t kScoresShown = 5;  // rendezvous: the highest scores listed

QString serverName(const QStringList& ids, uint64_t server) {
    return server < uint64_t(ids.size()) ? ids[qsizetype(server)] : QString();
}

void addFurcRows(McrouterPicture& p, std::string_view routingKey) {
    const auto n = uint32_t(p.ids.size());
    const std::vector<FurcTry> tries = furcTries(routingKey, n);
    for (size_t t = 0; t < tries.size(); ++t) {
        const FurcTry& f = tries[t];
        const QString bits = QString::number(f.number, 2).rightJustified(int(f.bits), u'0');
        const bool taken = f.number < n;
        p.rows.push_back({taken
                              ? McrouterPanel::tr("try %1: %2 bits %3 = %L4 < %L5: server %L4 (%6)")
                                    .arg(t + 1)
                                    .arg(f.bits)
                                    .arg(bits)
                                    .arg(f.number)
                                    .arg(n)
                                    .arg(serverName(p.ids, f.number))
                              : McrouterPanel::tr("try %1: %2 bits %3 = %L4 ≥ %L5: read on")
                                    .arg(t + 1)
                                    .arg(f.bits)
                                    .arg(bits)
                                    .arg(f.number)
                                    .arg(n),
                          f.number, taken ? McrouterRow::Mark::Taken : McrouterRow::Mark::Refused});
    }
    // Server 0: the level bits ran down to none (the usual way), or 32 numbers were ≥ N.
    if (n > 1 && (tries.empty() || tries.back().number >= n)) {
        p.rows.push_back(
            {tries.size() < 32
                 ? McrouterPanel::tr("no level bit left: server 0 (%1)").arg(serverName(p.ids, 0))
                 : McrouterPanel::tr("32 numbers ≥ %L1: server 0 (%2)")
                       .arg(n)
                       .arg(serverName(p.ids, 0)),
             0, McrouterRow::Mark::Taken});
    }
}

// A try's 32-bit draw (over 2^32) and the weight it was held against, with as many digits as it
// takes (3 at least) for the printed numbers to compare as the try did: a refused 0.012495
// against 0.01249 would read "0.012 ≥ 0.0125" at three places and two significant digits.
std::pair<QString, QString> drawAndWeight(const WeightedTry& w, double weight) {
    const QLocale locale;
    const double value = double(w.draw) / 4294967296.0;
    for (int digits = 3;; ++digits) {
        const QString v = locale.toString(value, 'g', digits);
        const QString x = locale.toString(weight, 'g', digits);
        const double pv = locale.toDouble(v), px = locale.toDouble(x);
        if (digits >= 17 || (w.taken() ? pv < px : pv >= px)) {
            return {v, x};
        }
    }
}

void addWeightedCh3Rows(McrouterPicture& p, std::string_view routingKey,
                        std::span<const double> weights) {
    const std::vector<WeightedTry> tries = weightedCh3Tries(routingKey, weights);
    for (size_t t = 0; t < tries.size(); ++t) {
        const WeightedTry& w = tries[t];
        const QString salted = w.salt.empty() ? McrouterPanel::tr("the key")
                                              : McrouterPanel::tr("key + \"%1\"").arg(qs(w.salt));
        const auto [value, weight] = drawAndWeight(w, weights[w.server]);
        p.rows.push_back(
            {w.taken()
                 ? McrouterPanel::tr("try %1, %2: server %3 (%4), Spooky %5 < weight %6: kept")
                       .arg(QString::number(t + 1), salted, QLocale().toString(w.server),
                            serverName(p.ids, w.server), value, weight)
                 : McrouterPanel::tr("try %1, %2: server %L3, Spooky %4 ≥ weight %5: again")
                       .arg(t + 1)
                       .arg(salted)
                       .arg(w.server)
                       .arg(value, weight),
             w.server, w.taken() ? McrouterRow::Mark::Taken : McrouterRow::Mark::Refused});
    }
    if (!tries.empty() && !tries.back().taken()) {
        p.rows.back().mark = McrouterRow::Mark::Taken;
        p.rows.push_back({McrouterPanel::tr("every try refused: the last try's server %L1 (%2)")
                              .arg(tries.back().server)
                              .arg(serverName(p.ids, tries.back().server)),
                          tries.back().server, McrouterRow::Mark::Taken});
    }
}

// WeightedCh4's attempts: furc's number read on in its own bit stream, kept when the stream's
// next 32 bits fall under its weight (at once for weight 1); after 32 refusals the last draw
// modulo N.
void addWeightedCh4Rows(McrouterPicture& p, std::string_view routingKey,
                        std::span<const double> weights) {
    uint32_t server = 0;
    const std::vector<WeightedTry> tries = weightedFurcTries(routingKey, weights, server);
    for (size_t t = 0; t < tries.size(); ++t) {
        const WeightedTry& w = tries[t];
        const auto [value, weight] = drawAndWeight(w, weights[w.server]);
        p.rows.push_back(
            {w.threshold > 0xffffffffu
                 ? McrouterPanel::tr("try %1: server %L2 (%3), weight 1: kept")
                       .arg(t + 1)
                       .arg(w.server)
                       .arg(serverName(p.ids, w.server))
             : w.taken()
                 ? McrouterPanel::tr("try %1: server %L2 (%3), next bits %4 < weight %5: kept")
                       .arg(t + 1)
                       .arg(w.server)
                       .arg(serverName(p.ids, w.server), value, weight)
                 : McrouterPanel::tr("try %1: server %L2, next bits %3 ≥ weight %4: read on")
                       .arg(t + 1)
                       .arg(w.server)
                       .arg(value, weight),
             w.server, w.taken() ? McrouterRow::Mark::Taken : McrouterRow::Mark::Refused});
    }
    if (!tries.empty() && !tries.back().taken()) {
        p.rows.push_back(
            {McrouterPanel::tr("every try refused: the last bits modulo %L1, server %L2 (%3)")
                 .arg(weights.size())
                 .arg(server)
                 .arg(serverName(p.ids, server)),
             server, McrouterRow::Mark::Taken});
    }
}

// The highest scores, in RendezvousIterator's order; the first server up takes the key, a down
// one before it is passed over.
void addScoreRows(McrouterPicture& p, const McrouterPlacement& placement,
                  std::string_view routingKey, std::span<const uint8_t> down) {
    const bool weighted = p.hashFunc == McrouterHashFunc::WeightedRendezvous;
    bool taken = false;
    const auto scores = placement.byScore(routingKey, kScoresShown);
    for (size_t r = 0; r < scores.size(); ++r) {
        const auto [score, server] = scores[r];
        const QString value = weighted ? QLocale().toString(score, 'g', 4)
                                       : QLocale().toString(score / 18446744073709551616.0, 'f', 6);
        const bool isDown = !down.empty() && down[server];
        p.rows.push_back({(isDown ? McrouterPanel::tr("%1. %2: score %3, down")
                                  : McrouterPanel::tr("%1. %2: score %3"))
                              .arg(QString::number(r + 1), serverName(p.ids, server), value),
                          server,
                          isDown  ? McrouterRow::Mark::Refused
                          : taken ? McrouterRow::Mark::Score
                                  : McrouterRow::Mark::Taken});
        taken = taken || !isDown;
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------

McrouterRouteView::McrouterRouteView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void McrouterRouteView::setPicture(McrouterPicture picture) {
    m_picture = std::move(picture);
    updateGeometry();
    update();
}

uint64_t McrouterRouteView::positions() const {
    const auto n = std::max<uint64_t>(1, uint64_t(m_picture.ids.size()));
    return isRendezvous(m_picture.hashFunc) ? n : std::bit_ceil(n);
}

QSize McrouterRouteView::minimumSizeHint() const {
    return {300, int(2 * kMargin + kStripHeight + kScaleHeight + 3 * kRowHeight)};
}

QSize McrouterRouteView::sizeHint() const {
    const size_t rows = std::min(m_picture.rows.size(), kMaxRows + 1);
    return {560, int(2 * kMargin + kStripHeight + kScaleHeight +
                     qreal(std::max<size_t>(rows, 3)) * kRowHeight)};
}

QRectF McrouterRouteView::axis() const {
    const qreal left = kMargin + std::max<qreal>(0, width() * kTextShare);
    return {left, kMargin, std::max(kMinimumAxis, width() - kMargin - left), kStripHeight};
}

qreal McrouterRouteView::rowY(size_t row) const {
    return kMargin + kStripHeight + kScaleHeight + qreal(row) * kRowHeight;
}

QRectF McrouterRouteView::serverRect(uint64_t server) const {
    const QRectF a = axis();
    const qreal cell = a.width() / qreal(positions());
    return {a.left() + qreal(server) * cell, a.top(), cell, a.height()};
}

QPointF McrouterRouteView::markCentre(size_t row) const {
    if (row >= m_picture.rows.size() || row >= kMaxRows) {
        return {};
    }
    return {serverRect(m_picture.rows[row].server).center().x(), rowY(row) + kRowHeight / 2};
}

QStringList McrouterRouteView::rowTexts() const {
    QStringList texts;
    const auto& rows = m_picture.rows;
    for (size_t r = 0; r < rows.size() && r < kMaxRows; ++r) {
        texts << rows[r].text;
    }
    if (rows.size() > kMaxRows) {
        texts << tr("… rows %L1–%L2 not drawn; the last: %3")
                     .arg(kMaxRows + 1)
                     .arg(rows.size())
                     .arg(rows.back().text);
    }
    return texts;
}

void McrouterRouteView::paintStrip(QPainter& p) const {
    const RingColors colors = RingColors::from(palette());
    const auto n = uint64_t(m_picture.ids.size());
    const QRectF a = axis();
    const uint64_t total = positions();
    const qreal cell = a.width() / qreal(total);
    // A cell a server where cells are wide enough, else a pixel column each; past N hatched.
    const uint64_t columns = cell >= 2 ? total : uint64_t(a.width());
    for (uint64_t c = 0; c < columns; ++c) {
        const uint64_t server = cell >= 2 ? c : uint64_t(qreal(c) / cell);
        const QRectF r =
            cell >= 2 ? serverRect(c) : QRectF(a.left() + qreal(c), a.top(), 1, a.height());
        if (server < n) {
            p.fillRect(r, m_picture.colors[size_t(server)]);
        } else {
            p.fillRect(r, QBrush(colors.faintText, Qt::BDiagPattern));
        }
    }
    p.setPen(QPen(colors.outline, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(a);
    const QFontMetricsF fm(p.font());
    p.setPen(colors.faintText);
    const QString last = QLocale().toString(qulonglong(total));
    p.drawText(QPointF(a.left(), a.bottom() + 4 + fm.ascent()), QStringLiteral("0"));
    p.drawText(QPointF(a.right() - fm.horizontalAdvance(last), a.bottom() + 4 + fm.ascent()), last);
    p.drawText(
        QRectF(kMargin, a.top(), a.left() - 2 * kMargin, a.height()),
        Qt::AlignVCenter | Qt::AlignLeft,
        fm.elidedText(tr("%1 over %L2 servers")
                          .arg(QLatin1String(nameIn(kMcrouterHashFuncNames, m_picture.hashFunc)))
                          .arg(n),
                      Qt::ElideRight, a.left() - 2 * kMargin));
}

void McrouterRouteView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    const auto n = uint64_t(m_picture.ids.size());
    if (n == 0) {
        return;
    }
    paintStrip(p);
    const QRectF a = axis();
    const QFontMetricsF fm(p.font());
    const QStringList texts = rowTexts();
    for (size_t r = 0; r < size_t(texts.size()); ++r) {
        const qreal y = rowY(r);
        const QRectF textRect(kMargin, y, a.left() - 2 * kMargin, kRowHeight);
        p.setPen(colors.text);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(texts[qsizetype(r)], Qt::ElideRight, textRect.width()));
        if (r >= kMaxRows) {
            break;
        }
        const McrouterRow& row = m_picture.rows[r];
        const QPointF c = markCentre(r);
        constexpr qreal radius = 5;
        if (row.mark == McrouterRow::Mark::Refused) {
            p.setPen(QPen(colors.moved, 2));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, radius, radius);
            p.drawLine(c + QPointF(-radius, -radius), c + QPointF(radius, radius));
            continue;
        }
        const QColor fill = m_picture.colors[size_t(std::min<uint64_t>(row.server, n - 1))];
        p.setPen(QPen(colors.outline, 1.5));
        p.setBrush(row.mark == McrouterRow::Mark::Taken ? fill : QColor(Qt::transparent));
        p.drawEllipse(c, radius + 1, radius + 1);
        if (row.mark == McrouterRow::Mark::Taken) {
            p.setPen(QPen(colors.walk, 1.5, Qt::DashLine));
            p.drawLine(QPointF(c.x(), c.y() - radius - 1), QPointF(c.x(), a.bottom()));
            p.setPen(QPen(colors.walk, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(serverRect(row.server).adjusted(-1, -1, 1, 1));
        }
    }
}

// ---------------------------------------------------------------------------------------------

McrouterPanel::McrouterPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_key(new KeySelector(document, this)),
      m_route(new McrouterRouteView(this)) {
    setUpKeyPanel<McrouterWhatIf>(
        m_key, m_route, kMcrouterSampleKeys,
        [](const Scenario& scenario, const KeySet& keys, const Limits& limits) {
            return mcrouterWhatIf(scenario, keys, limits);
        },
        m_result, m_done, [this] { refresh(); });
}

McrouterPicture McrouterPanel::pictureOf(const Scenario& scenario, const std::string& key) {
    McrouterPicture p;
    for (const NodeSpec& n : scenario.nodes) {
        p.ids << qs(n.id);
    }
    p.colors = nodeColors(scenario.nodes);
    p.hashFunc = scenario.params.get<McrouterParams>().hashFunc;
    if (scenario.nodes.empty()) {
        return p;
    }
    p.key = qs(key);
    const std::string_view routingKey = mcrouterRoutingKey(key);
    if (routingKey.size() != key.size()) {
        p.routingKey = qs(std::string(routingKey));
    }
    const McrouterPlacement placement = mcrouterPlacementOf(scenario);
    p.server = placement.server(routingKey);
    std::vector<uint8_t> down(scenario.nodes.size(), 0);
    for (size_t n = 0; n < scenario.nodes.size(); ++n) {
        down[n] = scenario.nodes[n].down ? 1 : 0;
    }
    // A down server's keys go on as the placement sends them (mcrouterplacement.h).
    std::optional<size_t> serving;
    switch (p.hashFunc) {
        case McrouterHashFunc::Ch3:
            addFurcRows(p, routingKey);
            serving = servingBucket(scenario, p.server);
            break;
        case McrouterHashFunc::WeightedCh3:
            addWeightedCh3Rows(p, routingKey, placement.weights());
            serving = servingBucket(scenario, p.server);
            break;
        case McrouterHashFunc::WeightedCh4:
            addWeightedCh4Rows(p, routingKey, placement.weights());
            serving = servingBucket(scenario, p.server);
            break;
        case McrouterHashFunc::Rendezvous:
        case McrouterHashFunc::WeightedRendezvous:
            addScoreRows(p, placement, routingKey, down);
            if (down[p.server]) {
                const auto live = placement.byScore(routingKey, 1, down);
                serving = live.empty() ? std::nullopt : std::optional<size_t>(live[0].second);
            }
            break;
    }
    p.serverDown = down[p.server] != 0;
    if (serving) {
        p.servedBy = qs(scenario.nodes[*serving].id);
    }
    return p;
}

QString McrouterPanel::routeText(const McrouterPicture& p) const {
    if (p.key.isEmpty()) {
        return {};
    }
    const QString server = QLocale().toString(p.server);
    const QString node = p.ids.value(qsizetype(p.server));
    const QString hashed =
        p.routingKey.isEmpty()
            ? QString()
            : tr(" (mcrouter hashes its routing key %1: the key without a routing prefix, up to "
                 "its hash stop |#|)")
                  .arg(p.routingKey);
    // Every value formatted first and put in at once: a key's own "%1" stays as it is.
    if (!p.servedBy.isEmpty()) {
        return tr(" Key %1%2 goes to server %3 (%4, down: %5 serves it).")
            .arg(p.key, hashed, server, node, p.servedBy);
    }
    if (p.serverDown) {
        return tr(" Key %1%2 goes to server %3 (%4, down, and no server is up).")
            .arg(p.key, hashed, server, node);
    }
    return tr(" Key %1%2 goes to server %3 (%4).").arg(p.key, hashed, server, node);
}

QString McrouterPanel::countsText() const {
    if (const auto pending = whatIfPending(
            m_result, m_done, tr(" Counting what adding or removing a server moves…"))) {
        return *pending;
    }
    if (m_result.whatIf->nodes == 0) {
        return {};
    }
    const McrouterWhatIf& w = *m_result.whatIf;
    const auto moves = [&](const NodeMoves& m) {
        return tr("%1 keys (%2), %3 of them between servers that stay; ideal %4")
            .arg(format::count(m.moved), format::percentOf(m.moved, w.keys),
                 format::count(m.movedElsewhere), format::percent(m.ideal));
    };
    QString text;
    if (w.add) {
        text += tr(" Adding a server at the end of the pool would move %1.").arg(moves(*w.add));
    }
    if (w.removeLast) {
        text += tr(" Removing the last server would move %1.").arg(moves(*w.removeLast));
    }
    if (w.removeMiddle) {
        text += tr(" Removing server %L1 (%2) from the middle would move %3.")
                    .arg(w.removeMiddle->node)
                    .arg(qs(w.removeMiddle->id), moves(*w.removeMiddle));
    }
    if (m_result.keysTotal > w.keys) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(w.keys).arg(m_result.keysTotal);
    }
    return text;
}

void McrouterPanel::refresh() {
    const Document& doc = *document();
    const Scenario& s = doc.scenario();
    const auto key = shownKey(doc);
    McrouterPicture picture = pictureOf(s, key ? doc.keys().names[*key] : std::string());
    if (!key) {
        picture.key.clear();
        picture.rows.clear();
    }
    QString text;
    if (s.algorithm != Algorithm::Mcrouter) {
        text = tr("This scenario uses %1; shown is what mcrouter's %2 would do with its nodes.")
                   .arg(algorithmLabel(s.algorithm),
                        QLatin1String(nameIn(kMcrouterHashFuncNames, picture.hashFunc)));
    } else {
        switch (picture.hashFunc) {
            case McrouterHashFunc::Ch3:
                text =
                    tr("Ch3 (furc hash) reads bits of the key's MurmurHash64A: a level bit, "
                       "then as many bits as the pool size needs; a number past the pool is "
                       "read again further on. Servers are numbered by their place in the "
                       "pool; weights are not read.");
                break;
            case McrouterHashFunc::WeightedCh3:
                text =
                    tr("WeightedCh3 takes Ch3's server when the key's SpookyHash falls under "
                       "the server's weight (0 to 1), else tries again with a digit appended "
                       "to the key, at most 32 times.");
                break;
            case McrouterHashFunc::WeightedCh4:
                text =
                    tr("WeightedCh4 reads Ch3's bits on: a server is kept when the next 32 bits "
                       "of the same stream fall under its weight (0 to 1), else the tree is "
                       "read again from there, at most 32 times. mcrouter removed it in 2025.");
                break;
            case McrouterHashFunc::Rendezvous:
                text =
                    tr("Rendezvous scores every server by its tag (the node id) and the key; "
                       "the highest score wins, and the next ones take over when it fails.");
                break;
            case McrouterHashFunc::WeightedRendezvous:
                text =
                    tr("WeightedRendezvous scores every server weight / −ln U, U from its tag "
                       "and the key: a server's share of the keys is its share of the "
                       "weights.");
                break;
        }
    }
    summaryLabel()->setText(text + routeText(picture) + countsText());
    m_route->setPicture(std::move(picture));
}

namespace {
// The mcrouter view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"mcrouter", "mcrouterDock", QT_TRANSLATE_NOOP("QObject", "mcrouter routing"), 47,
     [](const ViewContext& c) -> QWidget* { return new McrouterPanel(c.document, c.parent); },
     true}};  // closed at the first start: in the middle for its scenarios
}  // namespace

}  // namespace ringscope
