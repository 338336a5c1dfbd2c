// mod-N's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kModN{
    {"modn", QT_TRANSLATE_NOOP("BlankScenario", "hash % N"), "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Bucket hash % N: add a node and see nearly every key change bucket."),
     80, [](Scenario& s) { s.algorithm = Algorithm::ModN; }}};

}  // namespace

}  // namespace ringscope
