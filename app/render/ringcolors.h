#pragma once
// Colours come from state and the palette, never from literals in paint code.
// Node colours are stable (they follow the node id), distinct among the nodes shown, drawn from
// Okabe & Ito's and Paul Tol's colour-blind-safe sets first, and a node's label always goes with
// its colour.

#include <QColor>
#include <QPalette>

#include <span>
#include <string>
#include <vector>

#include "ringscope/scenario.h"

namespace ringscope {

// How many node colours the palette holds; more nodes than this share colours.
inline constexpr size_t kNodePaletteSize = 128;

// The node palette: the twelve colour-blind-safe colours, then colours picked one at a time as
// far as possible (CIEDE2000) from every colour before them, with mid lightness and some chroma so
// they read on light and dark backgrounds and are never mistaken for the grey key marks, and at
// least 20 ΔE00 from the "moved" red so no node's arc reads as moved keys; all 128 are at least
// 7.5 ΔE00 apart. The picks are then ordered so that entries up to 18 apart differ as much as
// possible: the ids of one pool (10.0.0.1 … 10.0.0.6, or two subnets of three) take entries a few
// or about 13 apart, and a pool's colours must not all be one hue. Built once.
std::span<const QColor> nodePalette();

// CIEDE2000 colour difference (ΔE00): about 1 is just noticeable, 10 plainly different. It weighs
// hue and chroma as the eye does, where the 1976 formula (ΔE*ab) took a pool of browns and
// salmons 20 apart for distinct.
double colorDistance(const QColor& a, const QColor& b);

// One colour per node, in node order: the colour the user picked for it ("color" in the
// scenario), else the palette entry of the numbers in its id (idNumber: "node-07" and "H" take
// entry 7, 10.0.0.2:11211 and 10.0.0.3:11211 neighbouring entries, a1 and b1 different ones), or
// of a hash of the id among the first twelve. Ids of one pool differ in a number, so they ask for
// different entries and adding or removing a node recolours no other; only when an earlier node
// holds the very entry a node asks for does it take the next free one. O(N).
std::vector<QColor> nodeColors(std::span<const NodeSpec> nodes);
std::vector<QColor> nodeColors(std::span<const std::string> ids);

// Each algorithm's own colour in the comparison views (Okabe & Ito; never the "moved" red).
QColor algorithmColor(Algorithm algorithm);
// The same for its variant with bounded loads: a lighter shade of the algorithm's colour.
QColor algorithmColor(Algorithm algorithm, bool bounded);

// Black or white, whichever has the higher WCAG contrast on `fill` (a label on a coloured cell).
QColor contrastingText(const QColor& fill);

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
    QColor down;         // the arcs and tokens of a down node (hatched in the node's colour)
    QColor selection;

    static RingColors from(const QPalette& palette);
    // For a projector: black on white, solid faint text, a deeper yellow and a strong blue, so
    // nothing depends on subtle shades that a washed-out projection loses.
    static RingColors highContrast();
};

}  // namespace ringscope
