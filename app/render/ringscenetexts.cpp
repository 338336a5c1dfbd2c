// The ring picture's texts: labels, the centre's lines, the legend's marks (ringscene.h).
#include "ringscene.h"

#include "ringsceneparts.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QtMath>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>

#include "numberformat.h"
#include "qstrings.h"
#include "ringscope/registry.h"
#include "ringscope/scenario.h"
#include "ringsnapshot.h"

namespace ringscope {

using namespace ringscene;  // ringsceneparts.h

// ---------------------------------------------------------------------------------------------
// Texts

void RingScene::buildTexts(const RingSnapshot& snapshot) {
    // buildWalk may have added rank numbers already; keep them and add the rest.
    if (!m_isRing) {
        m_texts.add(Live, {kCenter, kCenter}, m_message, m_colors.text, 22, Qt::AlignCenter);
    }
    buildArcLabels();
    buildTokenLabels();
    m_legend.rebuild(snapshot, m_ids, m_nodeColors, m_down, m_texts.font(), marks(snapshot));
    buildCentreTexts(snapshot);
    m_title = shownText(snapshot.scenario->title);
}

void RingScene::buildArcLabels() {
    // Node ids inside their arcs, where the id fits its arc: the upright text measured along
    // the ring (its width near the top and bottom, its height at the sides) within the arc, and
    // across it within the band, so long ids (host:port, addresses) never run into their
    // neighbours or the labels around the ring.
    QFont bandFont = m_texts.font();
    bandFont.setPixelSize(kBandLabelPx);
    bandFont.setBold(true);
    const QFontMetricsF band(bandFont);
    const double bandMiddle = (m_geometry.radius + m_geometry.bandInner()) / 2;
    m_arcLabels.clear();
    // Each node's label and its width, measured once for all of its arcs (a ring of 100 nodes
    // x 256 vnodes has 25,600 arcs, nearly all too narrow for any label).
    std::vector<std::optional<std::pair<QString, double>>> labels(m_ids.size());
    for (const Arc& arc : m_arcs) {
        const double span = arc.to - arc.from;
        if (span * 360.0 < kBandLabelMinDegrees) {
            continue;
        }
        const double mid = (arc.from + arc.to) * 180.0;
        const bool down = m_down[arc.node];
        auto& known = labels[arc.node];
        if (!known) {
            QString text =
                down ? QCoreApplication::translate("RingScene", "%1 down").arg(m_ids[arc.node])
                     : m_ids[arc.node];
            const double advance = band.horizontalAdvance(text);
            known.emplace(std::move(text), advance);
        }
        const auto& [label, width] = *known;
        const double cos = std::abs(std::cos(qDegreesToRadians(mid)));
        const double sin = std::abs(std::sin(qDegreesToRadians(mid)));
        const double along = width * cos + band.height() * sin;
        const double across = width * sin + band.height() * cos;
        if (along + kBandLabelPx <= span * 2 * M_PI * bandMiddle &&
            across <= m_geometry.radius - m_geometry.bandInner() + kBandLabelPx / 2) {
            const QPointF at = m_geometry.pointAtAngle(mid, bandMiddle);
            m_texts.add(Live, at, label,
                        down ? m_colors.text : contrastingText(m_nodeColors[arc.node]),
                        kBandLabelPx, Qt::AlignCenter, true);
            QRectF box(QPointF(), QSizeF(width, band.height()));
            box.moveCenter(at);
            m_arcLabels.emplace_back(label, box);
        }
    }
}

void RingScene::buildTokenLabels() {
    // Token positions beside their handles in small rings, clear of the tick marks, the tick
    // labels and the token labels before them: farther out where one is in the way (a wide
    // host:port label at the sides, neighbouring tokens). One crowded out even so is left to
    // its handle's tool tip. Presenting, the larger labels start past the larger tick labels.
    // A label stays inside the picture: one too wide for the room at the sides (a long
    // host:port id) has its id shortened in the middle to the room there, or else is its
    // position alone, in its node's colour; one that finds no clear place inside even so (a
    // signed64 position at the side) is placed as it would be without the picture's edge.
    if (m_tokenHandles && m_tokenPos.size() <= kMaxTokenLabels) {
        const double from = m_geometry.radius + 72 + 48 * (m_texts.scale() - 1.0);
        for (size_t t = 0; t < m_tokenPos.size(); ++t) {
            const double angle = m_geometry.angleOf(m_tokenPos[t]);
            const QString position = positionText(m_tokenPos[t], m_geometry.space);
            const QString whole = shownId(m_ids[m_tokenNode[t]]) + u'@' + position;
            const auto place = [&](const QString& label, bool withinPicture, qsizetype keepTail) {
                return m_texts.addClear(
                    m_geometry, angle, from, 2, 300, label,
                    readableOn(m_nodeColors[m_tokenNode[t]], m_colors.background), 20,
                    TextRole::TokenLabel, {TextRole::Tick, TextRole::TokenLabel},
                    m_geometry.radius + kTickReach, true, withinPicture, keepTail);
            };
            if (!place(whole, true, -1) && !place(whole, true, position.size() + 1) &&
                !place(position, true, -1)) {
                place(whole, false, -1);
            }
        }
    }
}

void RingScene::buildCentreTexts(const RingSnapshot& snapshot) {
    const double ts = m_texts.scale();
    // The summary in the middle: moved keys next to the ideal, and what they are measured
    // against. While a question waits for its guess it holds no number of the change to come
    // and none left from the step before.
    const auto inside = [this](double y, double size) { return centreLineWidth(y, size); };
    if (m_isRing && snapshot.withholdCounts) {
        m_texts.add(Live, {kCenter, kCenter - 34 * ts},
                    QCoreApplication::translate("RingScene", "How many keys will move?"),
                    m_colors.text, 24, Qt::AlignCenter, true, inside(kCenter - 34 * ts, 24),
                    TextRole::Centre);
        m_texts.add(Live, {kCenter, kCenter - 4 * ts},
                    QCoreApplication::translate("RingScene", "Predict, then reveal"),
                    m_colors.faintText, 19, Qt::AlignCenter, false, inside(kCenter - 4 * ts, 19),
                    TextRole::Centre);
    } else if (m_isRing) {
        buildCentreCounts(snapshot);
    }
}

// Each line keeps inside the circle within the keys: as wide as the circle is at the line's
// edge farther from the centre (a line below the middle is shorter than one through it:
// "18.71 MiB" ran under the key dots as "8.71"), shrunk to that width when it is wider.
double RingScene::centreLineWidth(double y, double size) const {
    const double ts = m_texts.scale();
    const double r = centreClearRadius() * kCentreTextShare;
    const double edge = std::abs(y - kCenter) + size * ts * 0.6;
    return 2 * std::sqrt(std::max(r * r - edge * edge, r * r * 0.01));
}

// The ring's counts in the middle: keys moved against the ideal, bytes, replica sets, what
// down nodes cost, and the scenario's size.
void RingScene::buildCentreCounts(const RingSnapshot& snapshot) {
    const double ts = m_texts.scale();
    const auto inside = [this](double y, double size) { return centreLineWidth(y, size); };
    const MoveSummary s = snapshot.moved;
    m_texts.add(Live, {kCenter, kCenter - 34 * ts},
                QCoreApplication::translate("RingScene", "%1 of %2 keys moved")
                    .arg(format::count(s.primaryMoved), format::count(s.keys)),
                s.primaryMoved ? m_colors.moved : m_colors.text, 24, Qt::AlignCenter, true,
                inside(kCenter - 34 * ts, 24), TextRole::Centre);
    // Presenting, the reason for an ideal of 0 is left to the speaker: at the larger size it
    // would only fit the key circle in small print.
    const QString since = movedSinceText(s.since);
    const QString idealText =
        s.ideal > 0 ? QCoreApplication::translate("RingScene", "%1 %2 · ideal %3")
                          .arg(percent(s.movedFraction()), since, percent(s.ideal))
        : m_presenting
            ? QCoreApplication::translate("RingScene", "%1 %2 · ideal 0")
                  .arg(percent(s.movedFraction()), since)
            : QCoreApplication::translate("RingScene", "%1 %2 · ideal 0 (same nodes and weights)")
                  .arg(percent(s.movedFraction()), since);
    m_texts.add(Live, {kCenter, kCenter - 4 * ts}, idealText, m_colors.text, 19, Qt::AlignCenter,
                false, inside(kCenter - 4 * ts, 19), TextRole::Centre);
    // Under it the bytes moved (with key sizes) and the replica sets changed, one line each.
    double below = kCenter + 24 * ts;
    if (s.hasSizes) {
        m_texts.add(
            Live, {kCenter, below},
            QCoreApplication::translate("RingScene", "%1 of %2 moved (%3)")
                .arg(format::bytes(s.bytesMoved), format::bytes(s.totalBytes),
                     percent(s.totalBytes ? double(s.bytesMoved) / double(s.totalBytes) : 0.0)),
            s.bytesMoved ? m_colors.moved : m_colors.text, 18, Qt::AlignCenter, false,
            inside(below, 18), TextRole::Centre);
        below += 22 * ts;
    }
    if (s.replicaOnly > 0) {
        m_texts.add(Live, {kCenter, below},
                    QCoreApplication::translate("RingScene", "+%1 replica sets changed")
                        .arg(format::count(s.replicaOnly)),
                    m_colors.replicaOnly, 18, Qt::AlignCenter, false, inside(below, 18),
                    TextRole::Centre);
        below += 22 * ts;
    }
    const FailoverCounts& f = s.failover;
    if (s.hasDown && f.primaryLost > 0) {
        // A key with no live copy is a miss at its new primary in a cache or behind a proxy,
        // and unavailable in a store.
        const QString lost =
            snapshot.placement->role() == NodeRole::Cache
                ? QCoreApplication::translate("RingScene", "%1 primaries lost · %2 cache misses")
                : QCoreApplication::translate("RingScene", "%1 primaries lost · %2 unavailable");
        m_texts.add(Live, {kCenter, std::max(kCenter + 86 * ts, below + 40 * ts)},
                    lost.arg(format::count(f.primaryLost), format::count(f.noReplica)),
                    f.noReplica ? m_colors.moved : m_colors.text, 17, Qt::AlignCenter, true,
                    inside(std::max(kCenter + 86 * ts, below + 40 * ts), 17), TextRole::Centre);
    }
    if (s.hasDown && f.handedBack > 0) {
        m_texts.add(Live, {kCenter, std::max(kCenter + 86 * ts, below + 40 * ts)},
                    QCoreApplication::translate("RingScene", "%1 keys handed back")
                        .arg(format::count(f.handedBack)),
                    m_colors.text, 17, Qt::AlignCenter, true,
                    inside(std::max(kCenter + 86 * ts, below + 40 * ts), 17), TextRole::Centre);
    }
    const Scenario& sc = *snapshot.scenario;
    m_texts.add(Live, {kCenter, std::max(kCenter + 56 * ts, below + 10 * ts)},
                QCoreApplication::translate("RingScene", "%1 · %2 · space %3")
                    .arg(format::nodes(sc.nodes.size()),
                         format::tokens(snapshot.live->ring().size()), qs(spaceName(sc.space))),
                m_colors.faintText, 16, Qt::AlignCenter, false,
                inside(std::max(kCenter + 56 * ts, below + 10 * ts), 16), TextRole::Centre);
}

double RingScene::centreClearRadius() const {
    return m_client.on ? m_geometry.clientKeyRadius() - clientMarkRadius() - 1
                       : m_geometry.densityInner();
}

double RingScene::clientMarkRadius() const {
    return 2.4 * m_markScale;
}

std::vector<std::pair<QString, QRectF>> RingScene::textBoxes(TextRole role) const {
    return m_texts.boxes(role);
}

QStringList RingScene::texts() const {
    QStringList out = m_texts.all();
    out << m_legend.rowTexts();
    if (!m_title.isEmpty()) {
        out << m_title;
    }
    return out;
}

}  // namespace ringscope
