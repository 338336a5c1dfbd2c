// Rendezvous hashing's rows of File → New (newscenario.h): plain and weighted.
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kRendezvous{
    {"rendezvous", QT_TRANSLATE_NOOP("BlankScenario", "Rendezvous (HRW)"), "node-{n}", 1,
     kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "No ring: each key scores every node and the highest score wins, so only "
                       "the keys a changed node wins or held move."),
     50, [](Scenario& s) { s.algorithm = Algorithm::Rendezvous; }}};
const BlankProfileRegistration kWeighted{
    {"weighted-rendezvous", QT_TRANSLATE_NOOP("BlankScenario", "Weighted rendezvous"), "node-{n}",
     1, kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Rendezvous with each score scaled by the node's weight (−w / ln h): set "
                       "weights in the node table and a node's share follows."),
     60, [](Scenario& s) { s.algorithm = Algorithm::WeightedRendezvous; }}};

}  // namespace

}  // namespace ringscope
