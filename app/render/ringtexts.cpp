#include "ringtexts.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <optional>

namespace ringscope {

void RingTexts::clear(Layer which) {
    layer(which).clear();
}

void RingTexts::add(Layer which, QPointF at, const QString& text, const QColor& color, double size,
                    Qt::Alignment align, bool bold, double maxWidth, TextRole role) {
    double pixels = size * m_scale;
    if (maxWidth > 0) {
        QFont font = m_font;
        font.setPixelSize(static_cast<int>(std::lround(pixels)));
        font.setBold(bold);
        const double width = QFontMetricsF(font).horizontalAdvance(text);
        if (width > maxWidth) {
            pixels *= maxWidth / width;
        }
    }
    layer(which).push_back(
        {at, text, color, pixels, align, bold, box(at, text, pixels, align, bold), role});
}

QRectF RingTexts::box(QPointF at, const QString& text, double pixels, Qt::Alignment align,
                      bool bold) const {
    QFont font = m_font;
    font.setPixelSize(std::max(1, static_cast<int>(std::floor(pixels))));  // as paint sets it
    font.setBold(bold);
    QRectF out(QPointF(), QFontMetricsF(font).boundingRect(QRectF(), Qt::AlignCenter, text).size());
    out.moveCenter(at);
    if (align & Qt::AlignLeft) {
        out.moveLeft(at.x());
    } else if (align & Qt::AlignRight) {
        out.moveRight(at.x());
    }
    return out;
}

bool RingTexts::addClear(const RingGeometry& geometry, double angle, double from, double step,
                         double reach, const QString& text, const QColor& color, double size,
                         TextRole role, std::initializer_list<TextRole> avoid, double outside,
                         bool dropIfCrowded, bool withinPicture, qsizetype keepTail) {
    std::vector<QRectF> taken;
    for (const std::vector<Text>* list : {&m_fixed, &m_live}) {
        for (const Text& t : *list) {
            if (std::find(avoid.begin(), avoid.end(), t.role) != avoid.end()) {
                taken.push_back(t.box);
            }
        }
    }
    const double pixels = size * m_scale;
    const QPointF centre = geometry.center;
    const QRectF square(0, 0, m_pictureSize, m_pictureSize);  // a picture's edge
    const auto clear = [&](const QRectF& box) {
        const double dx = std::max({0.0, box.left() - centre.x(), centre.x() - box.right()});
        const double dy = std::max({0.0, box.top() - centre.y(), centre.y() - box.bottom()});
        return std::hypot(dx, dy) >= outside && (!withinPicture || square.contains(box)) &&
               std::none_of(taken.begin(), taken.end(),
                            [&](const QRectF& other) { return other.intersects(box); });
    };
    const QRectF whole = box(QPointF(), text, pixels, Qt::AlignCenter, true);
    QFont font = m_font;
    font.setPixelSize(std::max(1, static_cast<int>(std::floor(pixels))));
    font.setBold(true);
    const QFontMetricsF metrics(font);
    std::optional<QPointF> place;
    QString placed = text;
    for (double d = 0; d <= reach && !place; d += std::abs(step)) {
        const QPointF at = geometry.pointAtAngle(angle, from + std::copysign(d, step));
        QRectF candidate = whole;
        QString shown = text;
        // Shortened in the middle to the room between here and the picture's sides, its last
        // `keepTail` characters whole and at least a few before them.
        const double room = 2 * std::min(at.x(), m_pictureSize - at.x()) - 2;
        if (keepTail >= 0 && candidate.width() > room) {
            const QString tail = text.right(keepTail);
            const QString head =
                metrics.elidedText(text.left(text.size() - keepTail), Qt::ElideMiddle,
                                   room - metrics.horizontalAdvance(tail));
            if (head.size() < 4) {
                continue;
            }
            shown = head + tail;
            candidate = box(QPointF(), shown, pixels, Qt::AlignCenter, true);
        }
        candidate.moveCenter(at);
        if (clear(candidate)) {
            place = at;
            placed = shown;
        }
    }
    if (!place && dropIfCrowded) {
        return false;
    }
    const QPointF at = place.value_or(geometry.pointAtAngle(angle, from));
    m_live.push_back({at, placed, color, pixels, Qt::AlignCenter, true,
                      box(at, placed, pixels, Qt::AlignCenter, true), role});
    return true;
}

std::vector<std::pair<QString, QRectF>> RingTexts::boxes(TextRole role) const {
    std::vector<std::pair<QString, QRectF>> out;
    for (const std::vector<Text>* list : {&m_fixed, &m_live}) {
        for (const Text& t : *list) {
            if (t.role == role) {
                out.emplace_back(t.text, t.box);
            }
        }
    }
    return out;
}

QStringList RingTexts::all() const {
    QStringList out;
    for (const std::vector<Text>* list : {&m_fixed, &m_live}) {
        for (const Text& t : *list) {
            out << t.text;
        }
    }
    return out;
}

std::vector<QRectF> RingTexts::changedBoxes(const RingTexts& before) const {
    std::vector<QRectF> out;
    for (const auto& [was, now] :
         {std::pair{&before.m_fixed, &m_fixed}, std::pair{&before.m_live, &m_live}}) {
        for (size_t i = 0; i < std::max(was->size(), now->size()); ++i) {
            const Text* a = i < was->size() ? &(*was)[i] : nullptr;
            const Text* b = i < now->size() ? &(*now)[i] : nullptr;
            if (a && b && *a == *b) {
                continue;
            }
            for (const Text* t : {a, b}) {
                if (t) {
                    out.push_back(t->box);
                }
            }
        }
    }
    return out;
}

void RingTexts::paint(QPainter& p, const RingWindow& window) const {
    QFont font = m_font;
    for (const std::vector<Text>* list : {&m_fixed, &m_live}) {
        for (const Text& t : *list) {
            if (!window.meets(t.box)) {  // the window is wider than the clip: glyphs past the box
                continue;
            }
            font.setPixelSize(std::max(1, static_cast<int>(std::floor(t.size))));
            font.setBold(t.bold);
            p.setFont(font);
            p.setPen(t.color);
            QRectF box(0, 0, 900, t.size * 3.2);
            box.moveCenter(t.at);
            if (t.align & Qt::AlignLeft) {
                box.moveLeft(t.at.x());
            } else if (t.align & Qt::AlignRight) {
                box.moveRight(t.at.x());
            }
            p.drawText(box, static_cast<int>(t.align), t.text);
        }
    }
}

}  // namespace ringscope
