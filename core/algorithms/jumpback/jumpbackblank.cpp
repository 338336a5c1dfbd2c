// JumpBack's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kJumpBack{
    {"jumpback", QT_TRANSLATE_NOOP("BlankScenario", "JumpBackHash"), "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Nodes are buckets 0 … N−1 in order, as for jump hash, but a key walks "
                       "backwards from a power of two without a division: a new node moves only "
                       "the keys it takes."),
     75, [](Scenario& s) { s.algorithm = Algorithm::JumpBack; }}};

}  // namespace

}  // namespace ringscope
