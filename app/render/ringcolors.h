#pragma once
// Colours come from state and the palette, never from literals in paint code.
// Node colours are stable (derived from the node id), distinct among the nodes shown, and drawn
// from Okabe & Ito's and Paul Tol's colour-blind-safe sets; labels always go with them.

#include <QColor>
#include <QPalette>

#include <span>
#include <string>
#include <vector>

namespace ringscope {

// One colour per node, in node order. A node's first choice comes from a hash of its id; when two
// nodes want the same colour, the later one takes the next free one. Beyond the safe set, hues
// are spread by the golden angle.
std::vector<QColor> nodeColors(std::span<const std::string> ids);

// The roles of the ring drawing, for a light or a dark palette.
struct RingColors {
    QColor background;
    QColor text;
    QColor faintText;
    QColor outline;
    QColor key;          // a key that kept its owner
    QColor moved;        // a key whose primary owner changed
    QColor replicaOnly;  // a key whose replica set changed, same primary
    QColor density;      // the key-density band
    QColor walk;         // the replica walk
    QColor selection;

    static RingColors from(const QPalette& palette);
};

}  // namespace ringscope
