#pragma once
// The ring picture: worked out from the document into cached QPainterPaths in a fixed logical
// square (Analog Clock style), then painted by whoever holds a QPainter: the ring widget, the
// PNG/SVG export and `ringscope-cli render` all draw the same thing.
//
// Cost: rebuilding is O(T) for up to kExactTokens tokens (else O(bins)) plus O(K) for key dots
// or O(K) once for the density bins; a live drag step re-counts only the bins its key ranges
// touch, builds again only the paths of the nodes whose arcs changed, and says what it changed
// (damageSince), so a screen that keeps its pixels (RingCanvas) repaints only that. Painting
// draws a bounded number of paths, independent of the key count.

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
    // Migration: above this many moved keys the change is shown at once. The limit was where a
    // glide frame painted whole no longer fitted 16 ms (2.2 us a glide filled as a polygon).
    // Over the picture RingCanvas keeps, a gliding key costs about 0.14 us (BM_GlideFrame, CPU
    // time, 900 x 900: 0.52 ms with 1,116 glides, 0.79 ms with 3,205), so frames are no longer
    // what bounds it: the limit stays where it was.
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
    // it. O(moved), so paint() stays painting only.
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

    // Paints in logical coordinates: the painter must already carry transformFor(...). With a
    // clip on the painter only what reaches into it is drawn (RingWindow::clipOf), the same shapes
    // there as without one: a repaint of a small damaged area costs what lies in it.
    void paint(QPainter& painter) const;
    // The layers paint draws: while keys glide (a migration) a screen keeps the picture under them
    // (Under) and paints the glides and what lies over them (Over) on each frame.
    enum class Layers { All, Under, Over };
    void paint(QPainter& painter, Layers layers) const;
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

    // Where a whole picture goes: the device rectangle it fills with `background`, the transform
    // its ring is drawn with, and whether the scenario's title is written (a picture) or not (the
    // window, whose title bar says it).
    struct Frame {
        QRectF target;
        QTransform ring;
        QColor background;
        bool titled = false;
        bool operator==(const Frame&) const = default;
    };
    // The frame paintInto paints `target` in.
    Frame pictureFrame(const QRectF& target) const;
    // Paints `frame`: background, ring, legend and title, of `layers` (as paint). With a clip on
    // the painter, only what reaches into it.
    void paintFrame(QPainter& painter, const Frame& frame, Layers layers = Layers::All) const;

    // What changed in the picture, for a screen that keeps its pixels between frames (RingCanvas):
    // every change counts a version, with the parts of the picture it changed. A live drag step
    // changes the moved token's arcs, the key bins its ranges touch, the texts and legend rows
    // whose content changed; a rebuild, new colours or a migration change everything.
    struct Damage {
        bool all = false;
        std::vector<QRectF> ring;        // logical units
        std::vector<size_t> legendRows;  // the nodes whose legend rows changed
        bool legend = false;             // the marks' rows, or any row
        static Damage everything() {
            Damage d;
            d.all = true;
            return d;
        }
        void add(const Damage& other);
        bool isEmpty() const { return !all && ring.empty() && legendRows.empty() && !legend; }
    };
    uint64_t version() const { return m_version; }
    // What changed since `version` (all of it when that is older than the changes kept).
    Damage damageSince(uint64_t version) const;
    // The legend's rows in `frame`, as paintFrame lays them out (device pixels).
    RingLegend::Layout legendLayout(const Frame& frame) const;
    // The rectangles of the legend's rows for `nodes` in `layout` (device pixels).
    std::vector<QRectF> legendRowRects(const RingLegend::Layout& layout,
                                       const std::vector<size_t>* nodes) const;
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
        bool operator==(const Arc&) const = default;
        auto operator<=>(const Arc&) const = default;
    };
    // The shapes that run all around the ring, for the whole picture (kept, m_shapes) or built
    // for a window from what lies in it alone.
    struct Shapes {
        std::vector<QPainterPath> nodes;    // per node: its arcs
        std::vector<QPainterPath> handles;  // per node: its token handles
        QPainterPath keys, moved, replica;  // key dots or the density band's layers
        std::vector<QPainterPath> client;   // per node of client B: its arcs
        QPainterPath clientMarksA, clientMarksB;
    };
    Shapes shapesIn(const RingWindow& window) const;
    // Sectors of `arcs` between radii `inner` and `outer`, one path per node (of `nodes`) for
    // those of `only` (all when empty), within `window`.
    std::vector<QPainterPath> arcPaths(const std::vector<Arc>& arcs, size_t nodes, double inner,
                                       double outer, const RingWindow& window,
                                       const std::vector<bool>& only = {}) const;
    std::vector<QPainterPath> handlePaths(const RingWindow& window) const;
    // A token's handle radius: larger when a lesson points at its node's tokens.
    double handleSize(size_t token) const;
    static constexpr double kEmphasisedHandle = 1.5;
    void keyPaths(const RingWindow& window, QPainterPath& keys, QPainterPath& moved,
                  QPainterPath& replica) const;
    // Circles of `radius` around `centres`, those within `window`.
    static QPainterPath markPath(const std::vector<QPointF>& centres, double radius,
                                 const RingWindow& window);
    // Each a circle's outline, or its arc within `window`.
    void strokeCircle(QPainter& painter, double radius, const RingWindow& window) const;
    void paintUnder(QPainter& painter, const RingWindow& window, const Shapes& shapes) const;
    void paintOver(QPainter& painter, const RingWindow& window) const;
    // The logical rectangle around a sector (clock degrees, radii).
    QRectF sectorBounds(double fromAngle, double toAngle, double inner, double outer) const;
    // What a live refresh changed, against what the last one showed (`before`).
    struct Shown;
    Shown shown() const;
    Damage damageAgainst(const Shown& before, const std::vector<Arc>& gone,
                         const std::vector<Arc>& added) const;
    void noteDamage(Damage damage);
    // Whether paintInto writes the title (and the legend leaves it room).
    bool picturesTitle() const;
    // Many arcs: filled aliased without separating lines, the band's circles stroked over them.
    bool isDense() const;
    // The dragged (else hovered) token's position and node, drawn larger on its own.
    std::optional<std::pair<uint64_t, uint32_t>> specialToken() const;
    void collectArcs(const RingSnapshot& snapshot);
    void collectKeys(const RingSnapshot& snapshot);
    void refreshKeyChanges(const RingSnapshot& snapshot, bool all);
    // refreshLive; `everything`: every path built again (after a rebuild), all of it damaged.
    void refresh(const RingSnapshot& snapshot, bool allKeys, bool everything);
    // The arcs that changed since `before` (each list in order), and the nodes they belong to.
    std::vector<bool> changedArcs(const std::vector<Arc>& before, std::vector<Arc>& gone,
                                  std::vector<Arc>& added) const;
    void buildHandlePaths(const RingSnapshot& snapshot);
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
    // A circle arc of `radius` from one clock angle to the other (either way round), in pieces
    // between multiples of kArcPieceDegrees.
    void appendArc(QPainterPath& path, double radius, double fromAngle, double toAngle) const;
    static constexpr double kArcPieceDegrees = 15;

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
    uint32_t m_binMost = 1;           // the most keys in a bin
    std::vector<QPointF> m_binEdges;  // the unit vector along each bin's first edge
    std::optional<size_t> m_highlight;
    std::optional<size_t> m_dragged;
    std::optional<size_t> m_selectedNode;  // its arcs are outlined, its legend row bold

    // Paths and texts in logical coordinates.
    Shapes m_shapes;
    double m_handleRadius = 2;
    QPainterPath m_specialHandle;
    QPainterPath m_ticks;
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
        std::vector<Arc> arcs;
        std::vector<QColor> colors;
        QPainterPath circle;
        std::vector<QPointF> marksA, marksB;  // centres
        size_t marked = 0;
    };
    ClientLayer m_client;

    // The changes a screen may not have painted yet (damageSince), the last kKeptChanges.
    static constexpr size_t kKeptChanges = 32;
    uint64_t m_version = 0;
    std::vector<std::pair<uint64_t, Damage>> m_changes;
};

}  // namespace ringscope
