#include "multiprobepanel.h"

#include <QLabel>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "comparedalgorithm.h"
#include "document.h"
#include "keyselector.h"
#include "membershipchange.h"
#include "multiprobeplacement.h"
#include "numberformat.h"
#include "placed.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 8;
constexpr qreal kProbeRadius = 0.84;  // of the ring's: where probes and their arcs are drawn
constexpr qreal kTickOut = 1.09;
constexpr qreal kTwoToThe64 = 18446744073709551616.0;

// Degrees clockwise from the top for a ring position.
qreal degreesOf(uint64_t position) {
    return qreal(double(position) / kTwoToThe64 * 360.0);
}

}  // namespace

MultiProbeRingView::MultiProbeRingView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void MultiProbeRingView::setPicture(MultiProbePicture picture) {
    m_picture = std::move(picture);
    update();
}

QPointF MultiProbeRingView::centre() const {
    return QRectF(rect()).center();
}

qreal MultiProbeRingView::radius() const {
    return std::max<qreal>(20, std::min(width(), height()) / 2.0 - kMargin - 24);
}

QPointF MultiProbeRingView::at(uint64_t position, qreal scale) const {
    const qreal theta = degreesOf(position) * std::numbers::pi / 180.0;
    const qreal r = radius() * scale;
    return centre() + QPointF(r * std::sin(theta), -r * std::cos(theta));
}

QPainterPath MultiProbeRingView::arc(uint64_t from, uint64_t to, qreal scale) const {
    const qreal r = radius() * scale;
    const QRectF box(centre() - QPointF(r, r), QSizeF(2 * r, 2 * r));
    QPainterPath path(at(from, scale));
    // Qt's angles run counter-clockwise from three o'clock; the ring's clockwise from the top.
    path.arcTo(box, 90.0 - degreesOf(from), -degreesOf(to - from));
    return path;
}

void MultiProbeRingView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    const qreal r = radius();
    p.setPen(QPen(colors.outline, 1));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(centre(), r, r);
    const auto& points = m_picture.points;
    const qreal tickWidth = points.size() <= 200 ? 2.5 : 1;
    // One tick a point, or past what the circumference can show apart, one a pixel of it (the
    // first point's there): the cost of a frame is bounded by the drawing, not the nodes.
    const auto bins = size_t(std::max<qreal>(64, 2 * std::numbers::pi * r));
    size_t lastBin = ~size_t{0};
    for (const MultiProbeRing::Point& point : points) {
        if (points.size() > bins) {
            const auto bin = size_t(double(point.value) / kTwoToThe64 * double(bins));
            if (bin == lastBin) {
                continue;
            }
            lastBin = bin;
        }
        p.setPen(QPen(m_picture.colors[point.node], tickWidth));
        p.drawLine(at(point.value, 1), at(point.value, kTickOut));
    }
    if (m_picture.looks.empty()) {
        return;
    }
    // Each probe and the arc to its nearest point after it.
    for (size_t i = 0; i < m_picture.looks.size(); ++i) {
        const MultiProbeRing::Look& look = m_picture.looks[i];
        const uint64_t point = points[look.point].value;
        const bool winner = i == m_picture.winner;
        p.setBrush(Qt::NoBrush);
        p.setPen(winner ? QPen(colors.walk, 3.5) : QPen(colors.faintText, 1));
        p.drawPath(arc(look.probe, point, kProbeRadius));
        p.setPen(QPen(colors.outline, 1));
        p.setBrush(winner ? colors.walk : colors.key);
        const qreal dot = winner ? 4.5 : 3;
        p.drawEllipse(at(look.probe, kProbeRadius), dot, dot);
    }
    // The point that decides, and its node.
    const MultiProbeRing::Point& won = points[m_picture.looks[m_picture.winner].point];
    p.setPen(QPen(m_picture.colors[won.node], 5, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(at(won.value, 0.96), at(won.value, kTickOut + 0.03));
    const QString name = m_picture.ids.value(qsizetype(won.node));
    const QFontMetricsF fm(p.font());
    // Beside the tick's outer end, on the side away from the ring.
    const QPointF label = at(won.value, kTickOut + 0.04);
    const qreal w = fm.horizontalAdvance(name);
    const bool right = label.x() >= centre().x();
    QRectF box(right ? label.x() + 4 : label.x() - w - 4, label.y() - fm.height() / 2, w,
               fm.height());
    box.moveLeft(std::clamp(box.left(), kMargin / 2, width() - w - kMargin / 2));
    box.moveTop(std::clamp(box.top(), qreal(0), height() - fm.height()));
    p.setPen(colors.text);
    p.drawText(box, Qt::AlignCenter, name);
    // The key in the middle.
    const QRectF middle(centre() - QPointF(r * 0.6, fm.height()), QSizeF(r * 1.2, 2 * fm.height()));
    p.drawText(middle, Qt::AlignCenter,
               fm.elidedText(m_picture.key, Qt::ElideMiddle, middle.width()) +
                   QStringLiteral("\n→ ") + fm.elidedText(name, Qt::ElideMiddle, middle.width()));
}

// ---------------------------------------------------------------------------------------------

MultiProbePanel::MultiProbePanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_key(new KeySelector(document, this)),
      m_ring(new MultiProbeRingView(this)) {
    setWhatIfWork<MultiProbeWhatIf>(
        kMultiProbeSampleKeys,
        [this] {
            return [removed = keyNode()](const Scenario& scenario, const KeySet& keys,
                                         const Limits& limits) {
                return multiProbeWhatIf(scenario, keys, removed, limits[Limit::Nodes]);
            };
        },
        [this](MultiProbeJob job) {
            m_result = std::move(job);
            m_done = true;
            refresh();
        });
    layOutKeyPicture(m_key, m_ring);
    const auto redo = [this] {
        m_done = false;
        refresh();
        scheduleWork();
    };
    follow({DocumentChange::Scenario}, [this, redo] {
        rebuildRing();
        redo();
    });
    follow({DocumentChange::Baseline, DocumentChange::QuestionOpen}, redo);
    // The key's node is the one the removal what-if takes away.
    follow({DocumentChange::SelectedKey}, redo);
    rebuildRing();
    redo();
}

void MultiProbePanel::rebuildRing() {
    const Scenario& s = document()->scenario();
    m_params = s.params.get<MultiProbeParams>();
    m_ids.clear();
    std::vector<std::string> ids;
    std::vector<uint8_t> down;
    for (const NodeSpec& n : s.nodes) {
        m_ids << qs(n.id);
        ids.push_back(n.id);
        down.push_back(n.down ? 1 : 0);
    }
    m_colors = nodeColors(s.nodes);
    m_live = std::make_shared<MultiProbeRing>(ids, down);
}

std::optional<size_t> MultiProbePanel::keyNode() const {
    const Document& doc = *document();
    const auto key = shownKey(doc);
    if (!key || !m_live || m_live->empty()) {
        return std::nullopt;
    }
    const size_t point =
        m_live->winnerPoint(multiProbeKey(doc.keys().names[*key], m_params.seeds), m_params.probes);
    return m_live->points()[point].node;
}

QString MultiProbePanel::keyText(const MultiProbePicture& p) const {
    if (p.looks.empty()) {
        return {};
    }
    const MultiProbeRing::Look& won = p.looks[p.winner];
    // Every value formatted first and put in at once: a key's own "%1" stays as it is.
    return tr(" Key %1: of its %2 probes h1 + i·h2, probe %3 lies nearest before a point, "
              "%4 of the ring ahead: %5's, which takes the key.")
        .arg(p.key, QLocale().toString(qsizetype(p.looks.size())),
             QLocale().toString(qsizetype(p.winner)),
             format::percent(double(won.distance) / kTwoToThe64, 4),
             p.ids.value(qsizetype(p.points[won.point].node)));
}

QString MultiProbePanel::countsText() const {
    if (const auto pending =
            whatIfPending(m_result, m_done, tr(" Counting the balance and what a change moves…"))) {
        return *pending;
    }
    if (m_result.whatIf->nodes == 0) {
        return {};
    }
    const MultiProbeWhatIf& w = *m_result.whatIf;
    const QLocale locale;
    QString text =
        tr(" One point a node: the busiest node holds %1× the mean (with one probe: "
           "%2×).")
            .arg(locale.toString(w.peakToMean, 'f', 2), locale.toString(w.onePeakToMean, 'f', 2));
    if (w.removed) {
        const QString node = qs(w.removedId);  // the counted scenario's, not today's
        text +=
            w.removeMovedOthers == 0
                ? tr(" Removing %1 would move %2 keys (%3), all of them %1's; ideal %4.")
                      .arg(node, format::count(w.removeMoved),
                           format::percentOf(w.removeMoved, w.keys), format::percent(w.removeIdeal))
                : tr(" Removing %1 would move %2 keys (%3), %4 of them not %1's; ideal %5.")
                      .arg(node, format::count(w.removeMoved),
                           format::percentOf(w.removeMoved, w.keys),
                           format::count(w.removeMovedOthers), format::percent(w.removeIdeal));
    }
    if (const auto& add = w.add) {
        text += add->movedElsewhere == 0
                    ? tr(" Adding a node would move %1 keys (%2), every one to it; ideal %3.")
                          .arg(format::count(add->moved), format::percentOf(add->moved, w.keys),
                               format::percent(add->ideal))
                    : tr(" Adding a node would move %1 keys (%2), %3 of them between old nodes; "
                         "ideal %4.")
                          .arg(format::count(add->moved), format::percentOf(add->moved, w.keys),
                               format::count(add->movedElsewhere), format::percent(add->ideal));
    }
    if (m_result.keysTotal > w.keys) {
        text += tr(" Counted over the first %L1 of %L2 keys.").arg(w.keys).arg(m_result.keysTotal);
    }
    return text;
}

void MultiProbePanel::refresh() {
    const Document& doc = *document();
    const Scenario& s = doc.scenario();
    MultiProbePicture picture;
    picture.ids = m_ids;
    picture.colors = m_colors;
    picture.points = m_live->points();
    const auto key = shownKey(doc);
    if (key && !m_live->empty()) {
        picture.key = qs(doc.keys().names[*key]);
        MultiProbeRing::Result r =
            m_live->lookAll(multiProbeKey(doc.keys().names[*key], m_params.seeds), m_params.probes);
        picture.looks = std::move(r.looks);
        picture.winner = r.winner;
    }
    QString text;
    if (s.algorithm != Algorithm::MultiProbe) {
        text = tr("This scenario uses %1; shown is what multi-probe hashing would do with its "
                  "nodes.")
                   .arg(algorithmLabel(s.algorithm));
    } else {
        text =
            tr("Multi-probe hashing gives each node one point on the ring and each key "
               "several probes; the probe nearest before a point decides the key's node.");
    }
    summaryLabel()->setText(text + keyText(picture) + countsText());
    m_ring->setPicture(std::move(picture));
}

namespace {
// The multi-probe view, a tab of the window's analysis docks (viewregistry.h); closed at the
// first start, in the middle for its scenarios.
const ViewRegistration kView{
    {"multi-probe", "multiProbeDock", QT_TRANSLATE_NOOP("QObject", "Multi-probe"), 85,
     [](const ViewContext& c) -> QWidget* { return new MultiProbePanel(c.document, c.parent); },
     true}};
}  // namespace

}  // namespace ringscope
