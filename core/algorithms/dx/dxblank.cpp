// DxHash's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kDx{
    {"dx", QT_TRANSLATE_NOOP("BlankScenario", "DxHash"), "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "A key draws buckets from a pseudo-random sequence until an active one: "
                       "removing any node moves only its keys, and the next node added takes its "
                       "bucket back."),
     78, [](Scenario& s) { s.algorithm = Algorithm::Dx; }}};

}  // namespace

}  // namespace ringscope
