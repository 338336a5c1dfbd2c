// Elasticsearch's row of File → New (newscenario.h).
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kElasticsearch{
    {"elasticsearch", QT_TRANSLATE_NOOP("BlankScenario", "Elasticsearch index"), "shard-{n}", 0,
     kBlankMaxNodes,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "The nodes are an index's shards: a document goes to the shard its "
                       "routing's Murmur3 picks among the routing shards. An index cannot gain "
                       "one shard; it splits into a divisor of its routing shards, or is "
                       "reindexed."),
     82, [](Scenario& s) {
         s.algorithm = Algorithm::Elasticsearch;
         s.keyHash = HashKind::EsMurmur3;
     }}};

}  // namespace

}  // namespace ringscope
