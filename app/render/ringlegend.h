#pragma once
// The ring picture's legend: each node's colour, id, keys and share, beside the ring's square
// when the target has room, else in the square's free corners (below a title at the top right),
// never over the ring; rows shortened, or ending in "… and N more", when they must. The rows are
// worked out from a snapshot on each change; one layout function places them in a target for
// painting and for hit tests alike.

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QPainter;

namespace ringscope {

struct RingColors;
struct RingSnapshot;

// The pixel size of the legend's (and a picture's title's) text beside a ring square of `side`.
double legendFontPx(double side);

class RingLegend {
public:
    // A mark the picture draws that is no node's colour (a lesson's highlight, moved keys, ...):
    // each has a row after the nodes', drawn as the picture draws it, while it is on screen.
    enum class MarkShape : uint8_t { Outline, Dot, Ring, Dash };
    struct Mark {
        QColor color;
        MarkShape shape;
        QString text;
        bool operator==(const Mark&) const = default;
    };

    // `clearShare`: the radius the rows keep clear of (the ring with its tick and token labels),
    // as a share of the ring square's side.
    explicit RingLegend(double clearShare) : m_clearShare(clearShare) {}

    // The rows of the nodes (ids, colours, down or not) with the snapshot's counts and
    // selection, written in `font`. O(N).
    void rebuild(const RingSnapshot& snapshot, const std::vector<QString>& ids,
                 const std::vector<QColor>& colors, const std::vector<bool>& down,
                 const QFont& font, std::vector<Mark> marks = {});
    // Every row's full text (what a reader of the picture sees), in node order, then the marks'.
    QStringList rowTexts() const;
    // What the last rebuild changed: the nodes whose rows did, and whether the marks' rows did.
    const std::vector<size_t>& changedRows() const { return m_changedRows; }
    bool marksChanged() const { return m_marksChanged; }

    // Where the rows go in `target` (device pixels), worked out by one function for painting
    // and hit tests.
    struct Layout {
        double font = 0, row = 0, swatch = 0;
        double width = 0;  // a row's, swatch included
        bool compact = false;
        bool more = false;          // a last row counts the nodes left out
        bool elided = false;        // rows shortened in the middle to `width`
        double ringScale = 1;       // the ring's share of the square, making room for the rows
        std::vector<QPointF> rows;  // each slot's left end and vertical centre
        std::vector<size_t> shown;  // the node in each slot
        size_t marks = 0;           // the marks' rows, in the slots after the nodes' (and "more")
    };
    // The ring at its full size unless the legend would then hold fewer rows than it wants;
    // `presenting` draws it larger.
    Layout layout(const QRectF& target, bool titled, bool presenting) const;
    // The node whose row is under `at` (device pixels).
    std::optional<size_t> nodeAt(QPointF at, const QRectF& target, bool titled,
                                 bool presenting) const;
    // Paints the rows; with a clip on the painter, those that reach into it.
    void paint(QPainter& painter, const QRectF& target, bool titled, bool presenting,
               const RingColors& colors) const;
    // The rectangles of the rows of `nodes` in `layout` (device pixels); of every row, the
    // marks' and "… and N more" included, without `nodes`.
    std::vector<QRectF> rowRects(const Layout& layout, const std::vector<size_t>* nodes) const;
    // The rows as painted in `target`, in reading order, and their text's pixel size.
    QStringList texts(const QRectF& target, bool titled, bool presenting,
                      double* fontPx = nullptr) const;

private:
    struct Row {
        QColor color;
        QString text;     // "B  40 keys · 40.0%"
        QString compact;  // "B  40.0%", when many nodes leave no room for the counts
        bool bold;        // the selected node
        double width = 0, compactWidth = 0;  // at 100 px, bold: the widest a row gets
        // What it was written from: a row whose inputs stay is kept as it is.
        struct From {
            QString id;
            uint64_t keys = 0, total = 0;
            bool withhold = false, replicated = false, down = false;
            bool operator==(const From&) const = default;
        } from;
        bool operator==(const Row& o) const {
            return color == o.color && text == o.text && compact == o.compact && bold == o.bold;
        }
    };
    // A row's slot rectangle in `l`.
    static QRectF slotRect(const Layout& l, size_t slot);
    Layout layoutAt(const QRectF& target, bool titled, bool presenting, double ringScale) const;
    // Where rows `width` wide go in `target`: beside the square when `beside` and the column has
    // room (else none); otherwise in the square's corners while a row clears the ring.
    std::vector<QPointF> rowPlaces(const QRectF& target, double font, double width, bool beside,
                                   bool titled, double ringScale) const;
    // The text of `slot` in `l`: its node's row (shortened when the layout says so), or the
    // count of the nodes left out.
    QString line(const Layout& l, size_t slot) const;
    // The slot of `l` where the marks' rows start.
    static size_t firstMarkSlot(const Layout& l) { return l.shown.size() + (l.more ? 1 : 0); }

    double m_clearShare;
    std::vector<Row> m_rows;
    std::vector<Mark> m_marks;
    double m_em = 0;  // the widest row, in units of the font's pixel size
    double m_compactEm = 0;
    double m_moreEm = 0;  // "… and N more"
    std::optional<size_t> m_selected;
    QFont m_font;
    std::vector<size_t> m_changedRows;
    bool m_marksChanged = true;
};

}  // namespace ringscope
