#include "clients.h"

#include <algorithm>

#include "ringscope/error.h"
#include "ringscope/keychange.h"
#include "ringscope/plan.h"
#include "ringscope/scenario.h"

namespace ringscope {

void useTokenSchemeAndItsHash(Scenario& scenario, TokenScheme scheme) {
    useTokenScheme(scenario, scheme);
    scenario.tokenScheme = scheme;
    if (const auto hash = moduleOf(scheme).traits().keyHash) {
        scenario.keyHash = *hash;
    }
}

Scenario clientScenario(const ClientView& view, const Scenario& a, const Scenario& behind) {
    Scenario b = a;
    switch (view.kind) {
        case ClientKind::Behind:
            b = behind;
            break;
        case ClientKind::ReversedOrder:
            std::reverse(b.nodes.begin(), b.nodes.end());
            break;
        case ClientKind::KeyHash:
            b.keyHash = HashKind(view.choice);
            break;
        case ClientKind::KeyEncoding:
            b.keyEncoding = KeyEncoding(view.choice);
            break;
        case ClientKind::TokenScheme:
            if (!algorithmOf(a).traits().ring) {
                throw InputError("client B",
                                 "a token scheme places a ring's tokens; this scenario uses " +
                                     std::string(algorithmName(a.algorithm)));
            }
            useTokenSchemeAndItsHash(b, TokenScheme(view.choice));
            break;
        case ClientKind::File:
            if (!view.file) {
                throw InputError("client B", "no scenario file was read");
            }
            b = *view.file;
            break;
    }
    b.keys = a.keys;  // one key set: the clients look up the same keys
    validate(b);
    return b;
}

ClientComparison compareClients(const ComputedPtr& a, const ComputedPtr& b) {
    ClientComparison out;
    out.a = a;
    out.b = b;
    const KeySet empty;
    const KeySet& keys = a->keys ? *a->keys : empty;
    out.diff = diff(a->placement, a->assignment, b->placement, b->assignment, keys);
    for (size_t i = 0; i < out.diff.changed.size(); ++i) {
        if (out.diff.changes[i] == KeyChange::Primary) {
            out.disagreeing.push_back(out.diff.changed[i]);
        }
    }
    out.pairs = planFrame(*a, *b, NodeMatch::ById);
    const PlanCounter counter =
        countTransfers(a->placement, a->assignment, b->placement, b->assignment, keys);
    MigrationPlan& plan = out.pairs.plan;
    plan.nodes.resize(out.pairs.ids.size());
    for (const PairCounts::Pair& p : counter.primaryPairs().pairs()) {
        plan.transfers.push_back({TransferKind::Primary, p.from, p.to, p.keys, p.bytes});
        plan.primaryKeys += p.keys;
        plan.primaryBytes += p.bytes;
        if (p.from == kNoSource) {
            plan.unavailableKeys += p.keys;
            plan.unavailableBytes += p.bytes;
            continue;
        }
        plan.sentKeys += p.keys;
        plan.sentBytes += p.bytes;
        plan.nodes[p.from].outKeys += p.keys;
        plan.nodes[p.from].outBytes += p.bytes;
        plan.nodes[p.to].inKeys += p.keys;
        plan.nodes[p.to].inBytes += p.bytes;
    }
    return out;
}

}  // namespace ringscope
