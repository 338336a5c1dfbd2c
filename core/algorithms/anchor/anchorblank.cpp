// AnchorHash's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kAnchor{
    {"anchor", QT_TRANSLATE_NOOP("BlankScenario", "AnchorHash"), "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Nodes are buckets of an anchor set twice their number: removing any node, "
                       "in the middle too, moves only its keys, and the next node added takes its "
                       "bucket back."),
     76, [](Scenario& s) { s.algorithm = Algorithm::Anchor; }}};

}  // namespace

}  // namespace ringscope
