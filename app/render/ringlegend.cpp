#include "ringlegend.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "numberformat.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringsnapshot.h"

namespace ringscope {

namespace {

// The legend's text against the ring square's side, within readable bounds, and its rows.
constexpr double kLegendFontShare = 0.026;
constexpr double kLegendMinFontPx = 12;
constexpr double kLegendMaxFontPx = 24;
constexpr double kLegendRowEm = 1.5;
constexpr double kLegendSwatchEm = 0.9;
// Where the legend finds no room for this many rows (every node, if fewer) the ring steps back,
// as far as the last of these scales, until it does: a small window's ring a little smaller, its
// legend readable.
constexpr size_t kLegendRowsWanted = 8;
constexpr double kRingScales[] = {1.0, 0.93, 0.86, 0.8};
// Presenting, the legend grows less than the ring's texts: it shares its corner with the
// labels of tokens near the top.
constexpr double kPresentLegendScale = 1.25;

}  // namespace

double legendFontPx(double side) {
    return std::clamp(side * kLegendFontShare, kLegendMinFontPx, kLegendMaxFontPx);
}

void RingLegend::rebuild(const RingSnapshot& snapshot, const std::vector<QString>& ids,
                         const std::vector<QColor>& colors, const std::vector<bool>& down,
                         const QFont& font, std::vector<Mark> marks) {
    const std::vector<uint64_t>& counts = snapshot.keysPerNode;
    // With replicas the counts are the keys a node is first for: the rows say "primaries".
    const bool replicated = snapshot.placement && snapshot.placement->replicas() > 1;
    std::vector<Row> before = std::move(m_rows);
    m_rows.clear();
    m_changedRows.clear();
    m_marksChanged = marks != m_marks || font != m_font;
    m_marks = std::move(marks);
    m_font = font;
    m_selected = snapshot.selectedNode;
    QFont widestFont = font;
    widestFont.setPixelSize(100);
    widestFont.setBold(true);  // the widest a row gets
    const QFontMetricsF metrics(widestFont);
    double widest = 0;
    double widestCompact = 0;
    for (size_t n = 0; n < ids.size(); ++n) {
        const uint64_t keys = n < counts.size() ? counts[n] : 0;
        const Row::From from{ids[n],     keys,   snapshot.keyCount(), snapshot.withholdCounts,
                             replicated, down[n]};
        if (n < before.size() && before[n].from == from && before[n].color == colors[n] &&
            !m_marksChanged) {
            // The same text: kept, and changed only if its selection did.
            Row row = before[n];
            row.bold = m_selected == n;
            if (row.bold != before[n].bold) {
                m_changedRows.push_back(n);
            }
            widest = std::max(widest, row.width);
            widestCompact = std::max(widestCompact, row.compactWidth);
            m_rows.push_back(std::move(row));
            continue;
        }
        const QString id = shownId(ids[n]);  // a long id elided; its tool tip is whole
        const QString share = format::percentOf(keys, snapshot.keyCount());
        const QString text =
            snapshot.withholdCounts ? id
            : down[n] && keys == 0
                ? QCoreApplication::translate("RingScene", "%1  down · serves nothing").arg(id)
            : replicated ? QCoreApplication::translate("RingScene", "%1  %2 primaries · %3")
                               .arg(id, format::count(keys), share)
                         : QCoreApplication::translate("RingScene", "%1  %2 · %3")
                               .arg(id, format::keys(keys), share);
        const QString compact =
            snapshot.withholdCounts
                ? id
                : QCoreApplication::translate("RingScene", "%1  %2").arg(id, share);
        Row row{colors[n], text, compact, m_selected == n, 0, 0, from};
        // Measured once while its text stays (a drag changes a row or two of a hundred).
        const Row* was = n < before.size() && !m_marksChanged ? &before[n] : nullptr;
        if (was && was->text == row.text && was->compact == row.compact) {
            row.width = was->width;
            row.compactWidth = was->compactWidth;
        } else {
            row.width = metrics.horizontalAdvance(row.text);
            row.compactWidth = snapshot.withholdCounts ? 0 : metrics.horizontalAdvance(row.compact);
        }
        if (!(n < before.size() && before[n] == row)) {
            m_changedRows.push_back(n);
        }
        widest = std::max(widest, row.width);
        widestCompact = std::max(widestCompact, row.compactWidth);
        m_rows.push_back(std::move(row));
    }
    m_marksChanged = m_marksChanged || before.size() != m_rows.size();
    // The marks' rows are short ("keys moved"), and whole in the rows' width.
    for (const Mark& mark : m_marks) {
        widest = std::max(widest, metrics.horizontalAdvance(mark.text));
        widestCompact = std::max(widestCompact, metrics.horizontalAdvance(mark.text));
    }
    m_em = widest / 100;
    m_compactEm = widestCompact / 100;
    m_moreEm = metrics.horizontalAdvance(
                   QCoreApplication::translate("RingScene", "… and %1 more").arg(ids.size())) /
               100;
}

// Where legend rows `width` wide go in `target` (device pixels), whose middle holds the ring's
// square: each row's left end and vertical centre, in reading order. Beside the square when
// `beside` and the column has room (else none); otherwise in the square's four corners while a
// row clears the ring (drawn at `ringScale` of the square), the top right one below the title
// when `titled`.
std::vector<QPointF> RingLegend::rowPlaces(const QRectF& target, double font, double width,
                                           bool beside, bool titled, double ringScale) const {
    const double row = font * kLegendRowEm;
    const double margin = font * 0.6;
    const double side = std::min(target.width(), target.height());
    const QRectF square(target.center().x() - side / 2, target.center().y() - side / 2, side, side);
    std::vector<QPointF> at;
    if (beside) {
        if (square.left() - target.left() >= width + 2 * margin) {
            for (double y = target.top() + margin + row / 2;
                 y + row / 2 <= target.bottom() - margin; y += row) {
                at.emplace_back(target.left() + margin, y);
            }
        }
        return at;
    }
    const double clear = m_clearShare * side * ringScale;
    const QPointF centre = square.center();
    for (const bool right : {false, true}) {
        if (right && 2 * (width + margin) > side) {
            break;  // the left column's rows reach the right corner's
        }
        const double x = right ? square.right() - margin - width : square.left() + margin;
        const auto clears = [&](double y) {
            const double dx = std::max({0.0, x - centre.x(), centre.x() - (x + width)});
            const double dy = std::max(0.0, std::abs(y - centre.y()) - row / 2);
            return dx * dx + dy * dy > clear * clear;
        };
        // Down from the top while a row clears the ring, and never past the square: a column
        // that misses the ring altogether (a large picture's small legend) would go on forever.
        const double first = square.top() + margin + row / 2 + (right && titled ? row : 0);
        const double lowest = square.bottom() - margin - row / 2;
        double last = first - row;
        for (double y = first; y <= lowest && clears(y); y += row) {
            at.emplace_back(x, y);
            last = y;
        }
        std::vector<QPointF> bottom;
        for (double y = lowest; clears(y) && y - row >= last; y -= row) {
            bottom.emplace_back(x, y);
        }
        at.insert(at.end(), bottom.rbegin(), bottom.rend());
    }
    return at;
}

RingLegend::Layout RingLegend::layout(const QRectF& target, bool titled, bool presenting) const {
    // The ring at its full size unless the legend would hold fewer than the rows wanted; then
    // the first smaller scale that gives them room, else the smallest.
    // Rows shortened to fit count only at the smallest scale.
    // The marks' rows do not count: a ring steps back for its nodes' rows, not for them.
    const size_t wanted = std::min(m_rows.size(), kLegendRowsWanted);
    Layout l;
    for (const double scale : kRingScales) {
        l = layoutAt(target, titled, presenting, scale);
        if (l.rows.size() - std::min(l.rows.size(), l.marks) >= wanted && !l.elided) {
            break;
        }
    }
    return l;
}

RingLegend::Layout RingLegend::layoutAt(const QRectF& target, bool titled, bool presenting,
                                        double ringScale) const {
    Layout l;
    l.ringScale = ringScale;
    const size_t total = m_rows.size() + m_marks.size();  // the slots that show everything
    if (m_rows.empty() || target.isEmpty()) {
        return l;
    }
    // Presenting, the legend grows less than the ring's texts: it shares its corner with the
    // labels of tokens near the top.
    l.font = legendFontPx(std::min(target.width(), target.height())) *
             (presenting ? kPresentLegendScale : 1.0);
    l.row = l.font * kLegendRowEm;
    l.swatch = l.font * kLegendSwatchEm;
    // Slots for rows of text `em` wide; where they do not hold every node, for rows as wide as
    // the last one's "… and N more" too.
    const auto slotsFor = [&](double em, bool beside) {
        const auto width = [&](double e) { return l.swatch + l.font * 0.5 + e * l.font; };
        std::vector<QPointF> at = rowPlaces(target, l.font, width(em), beside, titled, ringScale);
        if (at.size() < total && m_moreEm > em) {
            em = m_moreEm;
            at = rowPlaces(target, l.font, width(em), beside, titled, ringScale);
        }
        return std::pair{std::move(at), width(em)};
    };
    // The full rows beside the ring, then in its corners; then the compact rows (id and share)
    // the same way: the first that holds every node, else the one that holds the most.
    for (const bool shortRows : {false, true}) {
        for (const bool beside : {true, false}) {
            auto [at, w] = slotsFor(shortRows ? m_compactEm : m_em, beside);
            if (at.size() > l.rows.size()) {
                l.rows = std::move(at);
                l.compact = shortRows;
                l.width = w;
            }
            if (l.rows.size() >= total) {
                break;
            }
        }
        if (l.rows.size() >= total) {
            break;
        }
    }
    // Rows too wide for every place (long ids in a narrow window): the compact rows in the
    // column beside the ring as wide as it is, or in the corners as wide as a third of the
    // square, each shortened in the middle to fit.
    const double margin = l.font * 0.6;
    const double side = std::min(target.width(), target.height());
    const double column = (target.width() - side) / 2 - 2 * margin - 1;
    for (const auto& [width, beside] : {std::pair{column, true}, std::pair{side / 3, false}}) {
        if (l.rows.size() >= total || width < l.swatch + l.font * 8) {
            continue;
        }
        std::vector<QPointF> at = rowPlaces(target, l.font, width, beside, titled, ringScale);
        if (at.size() > l.rows.size()) {
            l.rows = std::move(at);
            l.compact = true;
            l.width = width;
            l.elided = true;
        }
    }
    if (l.rows.empty()) {
        return l;
    }
    // The marks' rows first claim their slots (at the end), while a node's row is left; then
    // every node, or as many as fit and a row that counts the rest; the selected node keeps a
    // row of its own.
    l.marks = std::min(m_marks.size(), l.rows.size() - 1);
    const size_t nodeSlots = l.rows.size() - l.marks;
    l.more = m_rows.size() > nodeSlots;
    l.shown.resize(l.more ? nodeSlots - 1 : m_rows.size());
    std::iota(l.shown.begin(), l.shown.end(), size_t{0});
    l.rows.resize(firstMarkSlot(l) + l.marks);
    if (l.more && m_selected && *m_selected < m_rows.size() && !l.shown.empty() &&
        *m_selected >= l.shown.size()) {
        l.shown.back() = *m_selected;
    }
    return l;
}

std::optional<size_t> RingLegend::nodeAt(QPointF at, const QRectF& target, bool titled,
                                         bool presenting) const {
    const Layout l = layout(target, titled, presenting);
    for (size_t i = 0; i < l.shown.size(); ++i) {
        if (QRectF(l.rows[i].x(), l.rows[i].y() - l.row / 2, l.width, l.row).contains(at)) {
            return l.shown[i];
        }
    }
    return std::nullopt;
}

void RingLegend::paint(QPainter& p, const QRectF& target, bool titled, bool presenting,
                       const RingColors& colors) const {
    const Layout l = layout(target, titled, presenting);
    if (l.rows.empty()) {
        return;
    }
    QFont text = m_font;
    text.setPixelSize(int(std::lround(l.font)));
    // With a clip, the rows that reach into it (a repaint of a few changed rows).
    const QRectF clip = p.hasClipping() ? p.clipBoundingRect() : QRectF();
    const auto skip = [&](size_t slot) {
        return !clip.isNull() && !clip.intersects(slotRect(l, slot));
    };
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    for (size_t i = 0; i < l.shown.size(); ++i) {
        if (skip(i)) {
            continue;
        }
        const Row& r = m_rows[l.shown[i]];
        p.setPen(Qt::NoPen);
        p.setBrush(r.color);
        p.drawRoundedRect(QRectF(l.rows[i].x(), l.rows[i].y() - l.swatch / 2, l.swatch, l.swatch),
                          3, 3);
        text.setBold(r.bold);
        p.setFont(text);
        p.setPen(colors.text);
        p.drawText(QRectF(l.rows[i].x() + l.swatch + l.font * 0.5, l.rows[i].y() - l.row / 2,
                          l.elided ? l.width - l.swatch - l.font * 0.5 : l.width, l.row),
                   Qt::AlignLeft | Qt::AlignVCenter, line(l, i));
    }
    if (l.more && !skip(l.shown.size())) {
        text.setBold(false);
        p.setFont(text);
        p.setPen(colors.faintText);
        p.drawText(QRectF(l.rows[l.shown.size()].x(), l.rows[l.shown.size()].y() - l.row / 2,
                          l.width, l.row),
                   Qt::AlignLeft | Qt::AlignVCenter, line(l, l.shown.size()));
    }
    text.setBold(false);
    p.setFont(text);
    for (size_t i = 0; i < l.marks; ++i) {
        const size_t slot = firstMarkSlot(l) + i;
        if (skip(slot)) {
            continue;
        }
        const Mark& mark = m_marks[i];
        const QPointF at = l.rows[slot];
        const QRectF swatch(at.x(), at.y() - l.swatch / 2, l.swatch, l.swatch);
        const double stroke = std::max(2.0, l.swatch / 6);
        switch (mark.shape) {
            case MarkShape::Outline:  // an arc or token the lesson points at
                p.setPen(QPen(mark.color, stroke));
                p.setBrush(Qt::NoBrush);
                p.drawRoundedRect(swatch.adjusted(stroke / 2, stroke / 2, -stroke / 2, -stroke / 2),
                                  3, 3);
                break;
            case MarkShape::Dot:
                p.setPen(Qt::NoPen);
                p.setBrush(mark.color);
                p.drawEllipse(swatch.center(), l.swatch / 3, l.swatch / 3);
                break;
            case MarkShape::Ring:
                p.setPen(QPen(mark.color, stroke));
                p.setBrush(Qt::NoBrush);
                p.drawEllipse(swatch.center(), l.swatch / 3, l.swatch / 3);
                break;
            case MarkShape::Dash:
                p.setPen(QPen(mark.color, stroke, Qt::DashLine, Qt::FlatCap));
                p.drawLine(QPointF(swatch.left(), at.y()), QPointF(swatch.right(), at.y()));
                break;
        }
        p.setPen(colors.text);
        p.drawText(QRectF(at.x() + l.swatch + l.font * 0.5, at.y() - l.row / 2,
                          l.width - l.swatch - l.font * 0.5, l.row),
                   Qt::AlignLeft | Qt::AlignVCenter, line(l, slot));
    }
    p.restore();
}

QRectF RingLegend::slotRect(const Layout& l, size_t slot) {
    // The swatch and the box paint gives the text (it starts after the swatch and may be the
    // row's width: the text measured at 100 px runs a little wider at the painted size), and a
    // pixel or two of antialiasing around them.
    return QRectF(l.rows[slot].x(), l.rows[slot].y() - l.row / 2, l.swatch + l.font * 0.5 + l.width,
                  l.row)
        .adjusted(-2, -2, 2, 2);
}

std::vector<QRectF> RingLegend::rowRects(const Layout& l, const std::vector<size_t>* nodes) const {
    std::vector<QRectF> out;
    for (size_t slot = 0; slot < l.rows.size(); ++slot) {
        const bool nodeRow = slot < l.shown.size();
        if (!nodes ||
            (nodeRow && std::find(nodes->begin(), nodes->end(), l.shown[slot]) != nodes->end())) {
            out.push_back(slotRect(l, slot));
        }
    }
    return out;
}

QString RingLegend::line(const Layout& l, size_t slot) const {
    const bool mark = slot >= firstMarkSlot(l);
    if (!mark && slot >= l.shown.size()) {
        return QCoreApplication::translate("RingScene", "… and %1 more")
            .arg(m_rows.size() - l.shown.size());
    }
    const Row* r = mark ? nullptr : &m_rows[l.shown[slot]];
    const QString& line = mark        ? m_marks[slot - firstMarkSlot(l)].text
                          : l.compact ? r->compact
                                      : r->text;
    if (!l.elided && !mark) {
        return line;
    }
    QFont text = m_font;
    text.setPixelSize(int(std::lround(l.font)));
    text.setBold(r && r->bold);
    return QFontMetricsF(text).elidedText(line, Qt::ElideMiddle, l.width - l.swatch - l.font * 0.5);
}

QStringList RingLegend::texts(const QRectF& target, bool titled, bool presenting,
                              double* fontPx) const {
    const Layout l = layout(target, titled, presenting);
    if (fontPx) {
        *fontPx = l.font;
    }
    QStringList out;
    for (size_t slot = 0; slot < l.rows.size(); ++slot) {
        out << line(l, slot);
    }
    return out;
}

QStringList RingLegend::rowTexts() const {
    QStringList out;
    for (const Row& row : m_rows) {
        out << row.text;
    }
    for (const Mark& mark : m_marks) {
        out << mark.text;
    }
    return out;
}

}  // namespace ringscope
