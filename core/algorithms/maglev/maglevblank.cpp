// Maglev's row of File → New (newscenario.h): hosts named as Envoy names them.
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kMaglev{
    {"maglev", QT_TRANSLATE_NOOP("BlankScenario", "Envoy Maglev"), "10.0.0.{n}:8080", 1, 254,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Hosts are named by their address host:port, as Envoy hashes them, and "
                       "fill a lookup table of 65,537 entries; removing one moves few entries."),
     40, [](Scenario& s) { s.algorithm = Algorithm::Maglev; }}};

}  // namespace

}  // namespace ringscope
