// Redis Cluster's row of File → New (newscenario.h): masters on one host's ports from 7000.
#include "newscenario.h"

namespace ringscope {

namespace {

const BlankProfileRegistration kRedisCluster{
    {"redis-cluster", QT_TRANSLATE_NOOP("BlankScenario", "Redis Cluster"), "127.0.0.1:{n}", 7000,
     100,
     QT_TRANSLATE_NOOP("BlankScenario",
                       "Masters on 127.0.0.1:7000, 7001, … share the 16,384 slots as redis-cli "
                       "--cluster create splits them; keys with one {hash tag} share a slot."),
     90, [](Scenario& s) {
         s.algorithm = Algorithm::RedisCluster;  // no slots: redis-cli's split for N masters
     }}};

}  // namespace

}  // namespace ringscope
