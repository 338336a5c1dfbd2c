#include "ringwidget.h"

#include <QBackingStore>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>
#include <QVariantAnimation>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "document.h"
#include "numberformat.h"
#include "qstrings.h"

namespace ringscope {

namespace {
constexpr double kHandleTolerancePx = 11;
constexpr double kKeyTolerancePx = 14;
constexpr double kMinZoom = 0.5;
constexpr double kMaxZoom = 40;

}  // namespace

RingWidget::RingWidget(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_glide(new QVariantAnimation(this)) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Hash ring"));
    m_glide->setDuration(kGlideMs);
    m_glide->setStartValue(0.0);
    m_glide->setEndValue(1.0);
    m_glide->setEasingCurve(QEasingCurve::InOutCubic);
    connect(m_glide, &QVariantAnimation::valueChanged, this, [this](const QVariant& value) {
        if (m_scene.isMigrating()) {
            m_scene.setMigrationProgress(value.toDouble());
            update();
        }
    });
    connect(m_glide, &QVariantAnimation::finished, this, &RingWidget::stopMigration);
    connect(document, &Document::scenarioChanged, this, [this] {
        rebuild();  // the moved keys too: the baseline arrives with the scenario
        noticeChange();
    });
    connect(document, &Document::clientComparisonChanged, this, [this] {
        // The comparison of a state arrives after the state: the picture is drawn again with
        // client B's ring, and the glide of the edit that made the state plays on.
        m_scene.rebuild(m_document->ringSnapshot());
        update();
    });
    connect(document, &Document::baselineChanged, this, [this] {
        m_scene.refreshLive(m_document->ringSnapshot(), true);
        updateChanged();
        noticeChange();
    });
    connect(document, &Document::liveAssignmentChanged, this, &RingWidget::refreshLive);
    connect(document, &Document::selectedKeyChanged, this, &RingWidget::refreshLive);
    connect(document, &Document::selectedNodeChanged, this, &RingWidget::refreshLive);
    connect(document, &Document::questionOpenChanged, this, &RingWidget::refreshLive);
    rebuild();
}

void RingWidget::rebuild() {
    stopMigration();  // a glide belongs to the picture it started in
    m_hover.reset();
    m_scene.setHighlightedToken(std::nullopt);
    m_scene.setColors(isPresenting() ? RingColors::highContrast() : RingColors::from(palette()));
    m_scene.rebuild(m_document->ringSnapshot());
    update();
}

// ---------------------------------------------------------------------------------------------
// Migration

void RingWidget::setAnimatesChanges(bool on) {
    m_animates = on;
    if (!on) {
        stopMigration();
    }
}

bool RingWidget::canPlayChange() const {
    const size_t moved = m_document->moveSummary().primaryMoved;
    return m_document->isRing() && !m_document->isDragging() && moved > 0 &&
           moved <= RingScene::kMaxGlidingKeys;
}

bool RingWidget::playChange() {
    stopMigration();
    if (!canPlayChange() || !m_scene.prepareMigration(m_document->ringSnapshot())) {
        return false;
    }
    m_glide->start();
    update();
    return true;
}

void RingWidget::noticeChange() {
    const auto& current = m_document->computed();
    const auto& baseline = m_document->baselineComputed();
    if (m_seenCurrent.lock() == current && m_seenBaseline.lock() == baseline) {
        return;  // the same change again (a refresh, an unpin)
    }
    m_seenCurrent = current;
    m_seenBaseline = baseline;
    if (std::exchange(m_skipNextChange, false) || !m_animates || m_document->isBaselinePinned() ||
        current == baseline) {
        return;
    }
    playChange();
}

void RingWidget::stopMigration() {
    m_glide->stop();
    if (m_scene.isMigrating()) {
        m_scene.clearMigration();
        update();
    }
}

void RingWidget::setEmphasis(RingScene::Emphasis emphasis) {
    m_scene.setEmphasis(std::move(emphasis));
    m_scene.refreshLive(m_document->ringSnapshot(), false);
    updateChanged();
}

void RingWidget::setPresenting(bool on) {
    if (on == isPresenting()) {
        return;
    }
    m_scene.setPresenting(on);
    rebuild();
}

void RingWidget::refreshLive() {
    m_scene.refreshLive(m_document->ringSnapshot(), false);
    updateChanged();
}

RingScene::Frame RingWidget::frame() const {
    return {QRectF(rect()), transform(), palette().color(QPalette::Base), false};
}

void RingWidget::updateChanged() {
    update(m_canvas.damage(m_scene, frame()));
}

void RingWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        rebuild();
    }
    QWidget::changeEvent(event);
}

QTransform RingWidget::transform() const {
    const QRectF target(rect());
    return RingScene::transformFor(target, m_scene.ringScale(target) * m_zoom, m_pan);
}

QPointF RingWidget::toLogical(QPointF widgetPoint) const {
    return transform().inverted().map(widgetPoint);
}

RingGeometry RingWidget::widgetGeometry() const {
    RingGeometry g = m_scene.geometry();
    const QTransform t = transform();
    g.center = t.map(g.center);
    g.radius *= t.m11();
    return g;
}

void RingWidget::paintEvent(QPaintEvent* event) {
    // What the event asks for: the backing store keeps the rest, as the canvas last painted it
    // (every change calls updateChanged, or update for all of it). A grab paints into an image
    // of its own: the backing store is left as it was.
    QPainter painter(this);
    QBackingStore* store = backingStore();
    const bool onScreen = store && painter.paintEngine() &&
                          painter.paintEngine()->paintDevice() == store->paintDevice();
    m_canvas.paint(painter, m_scene, frame(), event->region(), onScreen);
}

// ---------------------------------------------------------------------------------------------
// Hit tests

std::optional<size_t> RingWidget::tokenAt(QPointF widgetPoint) const {
    if (!m_document->drawsRing()) {
        return std::nullopt;
    }
    return widgetGeometry().tokenAt(widgetPoint, m_document->liveRing().ring(), kHandleTolerancePx);
}

std::optional<size_t> RingWidget::keyNear(QPointF widgetPoint) const {
    const LiveRing& live = m_document->liveRing();
    if (!m_document->drawsRing() || live.keyCount() == 0) {
        return std::nullopt;
    }
    const RingGeometry g = widgetGeometry();
    const double keyRadius = g.keyRadius();
    const double d = g.distanceFromCenter(widgetPoint);
    const double slack =
        m_scene.showsKeyDots() ? kKeyTolerancePx : g.keyRadius() - g.densityInner();
    if (d < g.densityInner() - kKeyTolerancePx || d > keyRadius + slack) {
        return std::nullopt;
    }
    const SortedPositions& positions = live.sortedPositions();
    const uint64_t at = g.positionAt(widgetPoint);
    const size_t after = positions.lowerBound(0, positions.size(), at);
    std::optional<size_t> best;
    double bestDistance = m_scene.showsKeyDots() ? kKeyTolerancePx * 1.5 : 1e9;
    for (const size_t r :
         {after % positions.size(), (after + positions.size() - 1) % positions.size()}) {
        const double dist = QLineF(g.pointAt(positions[r], keyRadius), widgetPoint).length();
        if (dist < bestDistance) {
            best = live.sortedKeys()[r];
            bestDistance = dist;
        }
    }
    return best;
}

QString RingWidget::toolTipAt(QPointF widgetPoint) const {
    const Document& doc = *m_document;
    // A legend row: the node's whole id (the row may shorten it) and what it holds.
    if (const auto node = m_scene.legendNodeAt(widgetPoint, QRectF(rect()));
        node && *node < doc.scenario().nodes.size()) {
        const std::vector<uint64_t> counts = doc.keyCountsPerNode();
        QString text =
            QStringLiteral("<b>%1</b>").arg(qs(doc.scenario().nodes[*node].id).toHtmlEscaped());
        if (!doc.isQuestionOpen() && *node < counts.size()) {
            text += tr("<br>%1 · %2 of the keys")
                        .arg(format::keys(counts[*node]),
                             format::percentOf(counts[*node], doc.keys().size()));
        }
        return text;
    }
    if (const auto token = tokenAt(widgetPoint)) {
        const Ring& ring = doc.liveRing().ring();
        const TokenOrigin origin = doc.liveRing().ring().origin(*token);
        const NodeInfo& node = doc.placement().nodes()[origin.node];
        const uint64_t p = ring.position(ring.predecessor(*token));
        const uint64_t q = ring.position(*token);
        const SortedPositions& positions = doc.liveRing().sortedPositions();
        const auto upTo = [&](uint64_t x) { return positions.upperBound(0, positions.size(), x); };
        const size_t inArc = ring.size() == 1 ? positions.size()
                             : p < q          ? upTo(q) - upTo(p)
                                              : positions.size() - upTo(p) + upTo(q);
        const uint64_t space = ring.space();
        // Rich text: everything from the file escaped.
        QString text = tr("<b>%1</b> token %2 at %3")
                           .arg(qs(node.id).toHtmlEscaped())
                           .arg(origin.index)
                           .arg(positionText(q, space));
        if (!node.zone.empty()) {
            text += tr(" · zone %1").arg(qs(node.zone).toHtmlEscaped());
        }
        text += tr("<br>arc (%1, %2] · %3 keys · %4 of the ring")
                    .arg(positionText(p, space), positionText(q, space))
                    .arg(format::count(inArc), format::percent(ring.arcFraction(*token), 2));
        if (node.down) {
            return text + tr("<br><b>down</b>: its keys are served by the next live nodes "
                             "clockwise<br><i>bring it up (Ctrl+Shift+D) to drag tokens</i>");
        }
        if (!doc.isRing()) {
            return text + tr("<br><i>bring every node up to drag tokens</i>");
        }
        return text + tr("<br><i>drag to move, right-click for more</i>");
    }
    if (const auto key = keyNear(widgetPoint)) {
        const size_t k = *key;
        QString text =
            tr("key <b>%1</b> at %2<br>owners %3")
                .arg(qs(doc.keys().names[k]).toHtmlEscaped())
                .arg(positionText(doc.hashedKeys().positionOf(k), doc.placement().space()))
                .arg(doc.ownersText(k).toHtmlEscaped());
        switch (doc.keyChange(k)) {
            case KeyChange::Primary:
                text +=
                    tr("<br><b>moved</b> (was %1)").arg(doc.baselineOwnersText(k).toHtmlEscaped());
                break;
            case KeyChange::ReplicaOnly:
                text += tr("<br>replica set changed (was %1)")
                            .arg(doc.baselineOwnersText(k).toHtmlEscaped());
                break;
            case KeyChange::None:
                break;
        }
        return text;
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// Input

void RingWidget::mousePressEvent(QMouseEvent* event) {
    const QPointF at = event->position();
    if (event->button() == Qt::LeftButton) {
        if (const auto token = tokenAt(at)) {
            // A token click selects its node (the node actions act on it), and may start a drag.
            m_document->setSelectedNode(m_document->liveRing().ring().origin(*token).node);
            stopMigration();  // no glides during a drag: it shows the change live
            if (m_document->beginTokenDrag(*token)) {
                setCursor(Qt::ClosedHandCursor);
                refreshLive();
            }
            return;
        }
        if (const auto key = keyNear(at)) {
            m_document->setSelectedKey(key);
            return;
        }
        m_document->setSelectedKey(std::nullopt);
        m_document->setSelectedNode(std::nullopt);
    }
    if (event->button() == Qt::MiddleButton ||
        (event->button() == Qt::LeftButton && m_zoom > 1.0)) {
        m_panFrom = at;  // dragging the background pans a zoomed ring
    }
}

void RingWidget::mouseMoveEvent(QMouseEvent* event) {
    const QPointF at = event->position();
    if (m_document->isDragging()) {
        m_document->dragTokenTo(widgetGeometry().positionAt(at));
        return;
    }
    if (m_panFrom) {
        m_pan += at - *m_panFrom;
        m_panFrom = at;
        update();
        return;
    }
    setHover(tokenAt(at));
}

void RingWidget::setHover(std::optional<size_t> token) {
    if (token != m_hover) {
        m_hover = token;
        setCursor(token ? Qt::OpenHandCursor : Qt::ArrowCursor);
        m_scene.setHighlightedToken(token);
        refreshLive();
    }
}

void RingWidget::leaveEvent(QEvent* event) {
    // The pointer left the ring: no token is under it any more (a drag keeps its token).
    if (!m_document->isDragging()) {
        setHover(std::nullopt);
    }
    QWidget::leaveEvent(event);
}

void RingWidget::mouseReleaseEvent(QMouseEvent* event) {
    m_panFrom.reset();
    if (event->button() == Qt::LeftButton && m_document->isDragging()) {
        setCursor(Qt::OpenHandCursor);
        m_skipNextChange = true;  // the drag showed its change live: no glide for its commit
        m_document->endTokenDrag();
        if (!m_document->isBusy()) {
            m_skipNextChange = false;  // committed (or not) already; a background commit clears it
        }
    }
}

void RingWidget::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && m_document->isDragging()) {
        m_document->cancelTokenDrag();
        return;
    }
    QWidget::keyPressEvent(event);
}

void RingWidget::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    setZoom(m_zoom * std::pow(1.2, steps), event->position());
}

void RingWidget::setZoom(double zoom, QPointF anchor) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    // Keep the logical point under `anchor` where it is.
    const QPointF logical = toLogical(anchor);
    m_zoom = zoom;
    m_pan += anchor - transform().map(logical);
    update();
}

void RingWidget::zoomIn() {
    setZoom(m_zoom * 1.25, QRectF(rect()).center());
}
void RingWidget::zoomOut() {
    setZoom(m_zoom / 1.25, QRectF(rect()).center());
}
void RingWidget::resetZoom() {
    m_zoom = 1.0;
    m_pan = {};
    update();
}

void RingWidget::contextMenuEvent(QContextMenuEvent* event) {
    const QPointF at = event->pos();
    emit contextMenuRequested(tokenAt(at), widgetGeometry().positionAt(at), event->globalPos());
}

bool RingWidget::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

}  // namespace ringscope
