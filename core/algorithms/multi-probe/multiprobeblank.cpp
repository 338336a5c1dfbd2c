// Multi-probe hashing's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kMultiProbe{
    {"multi-probe", QT_TRANSLATE_NOOP("BlankScenario", "Multi-probe consistent hashing"),
     "node-{n}", 1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "One point a node on the ring and 21 probes a key (go-mpchash's "
                       "SipHash-2-4): balanced without virtual nodes; a node's removal moves only "
                       "its keys."),
     85, [](Scenario& s) { s.algorithm = Algorithm::MultiProbe; }}};

}  // namespace

}  // namespace ringscope
