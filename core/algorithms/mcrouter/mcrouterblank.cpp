// mcrouter's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kMcrouter{
    {"mcrouter", QT_TRANSLATE_NOOP("BlankScenario", "mcrouter pool"), "10.0.0.{n}:11211", 1,
     kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "A memcached pool behind mcrouter's HashRoute: Ch3 (furc hash) numbers the "
                       "servers by their place in the pool, the rendezvous functions score them "
                       "by their tags."),
     84, [](Scenario& s) { s.algorithm = Algorithm::Mcrouter; }}};

}  // namespace

}  // namespace ringscope
