#pragma once
// The texts of the ring picture, placed in its logical square: tick labels that stay while the
// data does, and labels and the summary that are rebuilt on every live change. A label can be
// placed clear of others (stepping along its ray), and what is placed is measured as painted,
// so tests read the same boxes the picture shows.

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <utility>
#include <vector>

#include "ringgeometry.h"

class QPainter;

namespace ringscope {

// What a drawn text is: the labels that are kept apart, and the rest.
enum class TextRole { Other, Tick, TokenLabel, WalkRank, KeyName, Centre };

class RingTexts {
public:
    // Fixed: built with the data (tick labels). Live: rebuilt on each live change.
    enum class Layer { Fixed, Live };

    // `pictureSize`: the side of the logical square a picture shows.
    explicit RingTexts(double pictureSize) : m_pictureSize(pictureSize) {}

    // Sizes given to add and addClear are multiplied by `scale` (presenting).
    void setScale(double scale) { m_scale = scale; }
    double scale() const { return m_scale; }
    const QFont& font() const { return m_font; }
    void clear(Layer layer);

    // `size` before the scale; a text wider than `maxWidth` (if given) is set smaller until it
    // fits.
    void add(Layer layer, QPointF at, const QString& text, const QColor& color, double size,
             Qt::Alignment align, bool bold = false, double maxWidth = 0,
             TextRole role = TextRole::Other);
    // A bold live label of `role` on the ray at `angle` (degrees clockwise from the top) of
    // `geometry`: at distance `from` from the centre, or stepping from there by `step` (outward
    // when positive) up to `reach` units to the first place where it meets no text of the roles
    // in `avoid` and stays outside the circle of radius `outside` (and, when `withinPicture`,
    // inside the logical square; with `keepTail` ≥ 0, the text shortened in the middle to the
    // room between the place and the square's sides, its last `keepTail` characters kept). Where
    // no place is clear: left out (false) when `dropIfCrowded`, else at `from`.
    bool addClear(const RingGeometry& geometry, double angle, double from, double step,
                  double reach, const QString& text, const QColor& color, double size,
                  TextRole role, std::initializer_list<TextRole> avoid, double outside,
                  bool dropIfCrowded, bool withinPicture = false, qsizetype keepTail = -1);
    // What `text` covers painted at `pixels` (after the scale) around `at`.
    QRectF box(QPointF at, const QString& text, double pixels, Qt::Alignment align,
               bool bold) const;

    // The texts of one role and their boxes (logical units).
    std::vector<std::pair<QString, QRectF>> boxes(TextRole role) const;
    // Every text, fixed ones first.
    QStringList all() const;
    // Paints those that meet `window` (logical coordinates, as RingScene::paint).
    void paint(QPainter& painter, const RingWindow& window = RingWindow::whole()) const;
    // The boxes of the texts that differ from `before`'s, where they were and where they are.
    std::vector<QRectF> changedBoxes(const RingTexts& before) const;

private:
    struct Text {
        QPointF at;
        QString text;
        QColor color;
        double size;  // pixels in the logical square, the scale applied
        Qt::Alignment align;
        bool bold;
        QRectF box;  // what it covers, as painted
        TextRole role = TextRole::Other;
        bool operator==(const Text&) const = default;
    };
    std::vector<Text>& layer(Layer layer) { return layer == Layer::Fixed ? m_fixed : m_live; }

    double m_pictureSize;
    double m_scale = 1.0;
    QFont m_font;
    std::vector<Text> m_fixed;
    std::vector<Text> m_live;
};

}  // namespace ringscope
