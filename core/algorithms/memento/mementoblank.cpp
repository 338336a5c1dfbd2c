// MementoHash's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kMemento{
    {"memento", QT_TRANSLATE_NOOP("BlankScenario", "MementoHash"), "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Jump hash that can lose any node: a removed node keeps its bucket in a "
                       "memento, only its keys move, and the next node added takes its bucket "
                       "back."),
     77, [](Scenario& s) { s.algorithm = Algorithm::Memento; }}};

}  // namespace

}  // namespace ringscope
