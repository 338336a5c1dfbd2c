#pragma once
// The ring picture: worked out from the document into cached QPainterPaths in a fixed logical
// square (Analog Clock style), then painted by whoever holds a QPainter: the ring widget, the
// PNG/SVG export and `ringscope-cli render` all draw the same thing.
//
// Cost: rebuilding is O(T) for up to kExactTokens tokens (else O(bins)) plus O(K) for key dots
// or O(K) once for the density bins; a live drag step re-counts only the bins its key ranges
// touch. Painting draws a bounded number of paths, independent of the key count.

#include <QColor>
#include <QFont>
#include <QPainterPath>
#include <QString>
#include <QStringList>
#include <QTransform>

#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

#include "ringcolors.h"
#include "ringgeometry.h"
#include "ringlegend.h"
#include "ringmigration.h"
#include "ringtexts.h"

class QPainter;

namespace ringscope {

struct RingSnapshot;

class RingScene {
public:
    static constexpr double kLogicalSize = 1000.0;
    static constexpr size_t kExactTokens = 2048;  // above: ownership sampled per bin
    static constexpr size_t kMaxKeyDots = 1500;   // above: a density band
    static constexpr size_t kArcBins = 2880;
    static constexpr size_t kKeyBins = 720;
    // Migration: above this many moved keys a glide frame no longer fits in 16 ms, so the change
    // is shown at once. Measured (BM_GlideFrame, CPU time, 900 x 900): a gliding key costs
    // about 2.2 us (placed, then filled as an octagon), 4.8 ms for a 100,000-key ring without
    // glides, 7.7 ms with 1,116 and 10.1 ms with 2,204; on the million-key ring's 6.6 ms frame
    // (BM_DragFrame) 4,000 glides come to about 15 ms.
    static constexpr size_t kMaxGlidingKeys = 4000;
    // Presenting to a room: texts and marks drawn this much larger.
    static constexpr double kPresentTextScale = 1.5;
    static constexpr double kPresentMarkScale = 1.8;

    // What a lesson step points at: these nodes' arcs outlined, their token handles enlarged
    // and ringed, these keys ringed. Node ids are looked up again on every refresh, so the
    // emphasis follows its nodes through edits.
    struct Emphasis {
        struct Key {
            size_t index;  // in the key set
            QString name;  // written beside it
            bool operator==(const Key&) const = default;
        };
        std::vector<QString> arcs;    // node ids
        std::vector<QString> tokens;  // node ids
        std::vector<Key> keys;
        bool operator==(const Emphasis&) const = default;
    };
    // Above this many emphasised keys their names are left out (the rings stay).
    static constexpr size_t kMaxKeyLabels = 12;

    RingScene();

    // Everything from one state of the document (or of `ringscope-cli render`).
    void rebuild(const RingSnapshot& snapshot);
    // After a live drag step: ownership, handles, moved keys, walk and counts.
    // `allKeys` re-counts every key's change; otherwise only the last live key ranges.
    void refreshLive(const RingSnapshot& snapshot, bool allKeys = true);
    void setColors(const RingColors& colors);
    void setHighlightedToken(std::optional<size_t> token);
    // Both take effect at the next rebuild or refreshLive.
    void setEmphasis(Emphasis emphasis);
    void setPresenting(bool on);
    bool isPresenting() const { return m_presenting; }

    // Migration you can watch (ringmigration.h): prepareMigration works the glides of the keys
    // whose primary moved against the snapshot's baseline out once per change: false, and
    // nothing to show, without a ring before and now, with no moved key or more than
    // kMaxGlidingKeys. O(moved) with key dots, O(K) in the density band.
    bool prepareMigration(const RingSnapshot& snapshot);
    // Places the gliding keys at `progress` (0: at their old tokens, 1: home); the caller eases
    // it. O(moved) path building, so paint() stays painting only.
    void setMigrationProgress(double progress);
    // Back to the picture of no migration at all.
    void clearMigration();
    bool isMigrating() const { return m_migration.isActive(); }

    // The geometry in logical coordinates, and the transform that fits the logical square into
    // a device rectangle (zoom around its centre, then pan in device pixels).
    const RingGeometry& geometry() const { return m_geometry; }
    static QTransform transformFor(const QRectF& target, double zoom = 1.0, QPointF pan = {});
    // The share of `target`'s square the ring takes (1, or less where the legend needs the room
    // to show its rows): the zoom to give transformFor before the user's own.
    double ringScale(const QRectF& target, bool titled = false) const;

    // Paints in logical coordinates: the painter must already carry transformFor(...).
    void paint(QPainter& painter) const;
    // Paints the legend (colour, id, keys and share of each node) in device pixels, outside the
    // ring's zoomable square: in a column beside it when `target` has room, else in the square's
    // free corners (below a title at the top right when `titled`), never over the ring; rows
    // that do not fit end in "… and N more".
    void paintLegend(QPainter& painter, const QRectF& target, bool titled = false) const;
    // The node whose legend row is under `at` (device pixels), laid out as paintLegend lays it
    // out in `target`.
    std::optional<size_t> legendNodeAt(QPointF at, const QRectF& target, bool titled = false) const;
    // The legend's rows as paintLegend writes them in `target`, in reading order (the last may
    // be "… and N more"), and their text's pixel size.
    QStringList legendTexts(const QRectF& target, bool titled = false,
                            double* fontPx = nullptr) const;
    // Paints into a device rectangle (background included): the ring, its legend and, since a
    // picture has no window around it, the scenario's title.
    void paintInto(QPainter& painter, const QRectF& target) const;
    // The transform paintInto draws the ring with in `target`.
    QTransform pictureTransform(const QRectF& target) const;
    // Above kMaxKeyDots keys: per density bin (kKeyBins of the space, in order), the keys whose
    // primary moved and those whose replicas alone changed (empty while keys are dots).
    std::span<const uint32_t> movedPerBin() const { return m_binMoved; }
    std::span<const uint32_t> replicaOnlyPerBin() const { return m_binReplica; }

    // What a drawn text is (ringtexts.h).
    using TextRole = ringscope::TextRole;
    // The texts of one role and their boxes (logical units): tick and token labels, the replica
    // walk's ranks, the names beside ringed keys.
    // The radius the centre's lines keep within: inside the key dots, or with client B's ring
    // drawn, inside its keys' marks (logical units).
    double centreClearRadius() const;
    std::vector<std::pair<QString, QRectF>> textBoxes(TextRole role) const;

    // Every text the picture shows — tick and token labels, ids, the summary in the middle, the
    // legend's rows and the title — in no particular order (what a reader of the picture sees).
    QStringList texts() const;
    // The node ids drawn inside their arcs and their boxes (logical units), for tests.
    const std::vector<std::pair<QString, QRectF>>& arcLabels() const { return m_arcLabels; }

    // Client B's ring is drawn inside, with this many disagreeing keys marked: at most
    // kMaxClientMarks, the first in key order (more would merge into a solid circle).
    static constexpr size_t kMaxClientMarks = 400;
    bool drawsClientRing() const { return m_client.on; }
    size_t clientMarks() const { return m_client.marked; }

    bool showsKeyDots() const { return m_keyDots; }
    bool showsTokenHandles() const { return m_tokenHandles; }
    double keyDotRadius() const { return m_dotRadius; }

private:
    struct Arc {
        double from;  // fractions of the turn; `to` may pass 1 when the arc wraps
        double to;
        uint32_t node;
    };
    // Whether paintInto writes the title (and the legend leaves it room).
    bool picturesTitle() const;
    void collectArcs(const RingSnapshot& snapshot);
    void collectKeys(const RingSnapshot& snapshot);
    void refreshKeyChanges(const RingSnapshot& snapshot, bool all);
    void buildArcPaths();
    void buildHandlePaths(const RingSnapshot& snapshot);
    void buildKeyPaths();
    void buildTicks();
    void buildWalk(const RingSnapshot& snapshot);
    // The marks on screen that are no node's colour, for the legend.
    std::vector<RingLegend::Mark> marks(const RingSnapshot& snapshot) const;
    void buildEmphasis(const RingSnapshot& snapshot);
    void buildTexts(const RingSnapshot& snapshot);
    void buildArcLabels();    // node ids inside the arcs they fit
    void buildTokenLabels();  // token positions beside their handles, in small rings
    void buildCentreTexts(const RingSnapshot& snapshot);  // the summary in the middle
    void buildCentreCounts(const RingSnapshot& snapshot);
    // How wide a centre line at `y` of `size` px may be: as wide as the key circle there.
    double centreLineWidth(double y, double size) const;
    void buildClient(const RingSnapshot& snapshot);
    // The radius of a key mark on client B's ring (logical units).
    double clientMarkRadius() const;
    void appendSector(QPainterPath& path, double fromAngle, double toAngle, double inner,
                      double outer) const;

    RingGeometry m_geometry;
    RingColors m_colors;
    bool m_isRing = true;
    QString m_message;

    // Position-domain data.
    std::vector<QString> m_ids;
    std::vector<QColor> m_nodeColors;
    std::vector<bool> m_down;  // per node: down (greyed and hatched)
    std::vector<Arc> m_arcs;
    std::vector<uint64_t> m_tokenPos;
    std::vector<uint32_t> m_tokenNode;
    bool m_tokenHandles = true;
    bool m_keyDots = true;
    double m_dotRadius = 4;
    std::vector<uint64_t> m_dotPos;    // key dots, position order
    std::vector<uint8_t> m_dotChange;  // KeyChange per dot
    std::vector<size_t> m_binFirst;    // first key rank of each density bin (+ end)
    std::vector<uint64_t> m_binStart;  // first position of each density bin
    std::vector<uint32_t> m_binCount, m_binMoved, m_binReplica;
    std::optional<size_t> m_highlight;
    std::optional<size_t> m_dragged;
    std::optional<size_t> m_selectedNode;  // its arcs are outlined, its legend row bold

    // Paths and texts in logical coordinates.
    std::vector<QPainterPath> m_nodePaths;
    std::vector<QPainterPath> m_handlePaths;
    QPainterPath m_specialHandle;
    QPainterPath m_ticks;
    QPainterPath m_keyPath, m_movedPath, m_replicaPath;
    QPainterPath m_walkArc, m_walkChosen, m_walkSkipped, m_selectedKey;
    RingTexts m_texts;  // ticks: rebuilt with the data; labels and summary: on live changes
    std::vector<std::pair<QString, QRectF>> m_arcLabels;  // rebuilt on live changes
    RingLegend m_legend;                                  // rebuilt on live changes
    QString m_title;

    // Emphasis (a lesson step's highlights) and presenting.
    Emphasis m_emphasis;
    std::vector<bool> m_emphasisArcs;    // per node
    std::vector<bool> m_emphasisTokens;  // per node
    QPainterPath m_emphasisRings;        // around emphasised tokens and keys
    bool m_presenting = false;
    double m_markScale = 1.0;

    RingMigration m_migration;

    // Client B inside the ring: its arcs per node (coloured as A colours the same id), a circle
    // when it has no ring, and the keys the clients disagree on, on A's key track and on B's.
    struct ClientLayer {
        bool on = false;
        std::vector<QPainterPath> paths;
        std::vector<QColor> colors;
        QPainterPath circle;
        QPainterPath marksA, marksB;
        size_t marked = 0;
    };
    ClientLayer m_client;
};

}  // namespace ringscope
