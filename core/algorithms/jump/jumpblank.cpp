// Jump hash's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kJump{
    {"jump", QT_TRANSLATE_NOOP("BlankScenario", "Jump hash"), "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Nodes are buckets 0 … N−1 in the table's order: a new node moves only "
                       "the keys it takes; removing one from the middle renumbers those after "
                       "it."),
     70, [](Scenario& s) { s.algorithm = Algorithm::Jump; }}};

}  // namespace

}  // namespace ringscope
