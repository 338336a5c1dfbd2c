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
    const TokenSchemeModule::Traits& traits = moduleOf(scheme).traits();
    if (traits.keyHash) {
        scenario.keyHash = *traits.keyHash;
    }
    // A client without weights (groupcache, spymemcached) reads every server of the pool alike.
    if (traits.weights.max == 1) {
        for (NodeSpec& node : scenario.nodes) {
            node.weight = 1;
        }
    }
}

Scenario clientScenario(const ClientView& view, const Scenario& a, const Scenario& behind,
                        const std::string& name) {
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
                throw InputError(name,
                                 "a token scheme places a ring's tokens; this scenario uses " +
                                     std::string(algorithmName(a.algorithm)));
            }
            useTokenSchemeAndItsHash(b, TokenScheme(view.choice));
            break;
        case ClientKind::File:
            if (!view.file) {
                throw InputError(name, "no scenario file was read");
            }
            b = *view.file;
            break;
    }
    b.keys = a.keys;  // one key set: the clients look up the same keys
    try {
        validate(b);
    } catch (InputError& e) {
        if (view.kind == ClientKind::File) {
            e.inFile(view.fileName);  // the client is the file
        }
        throw;
    }
    return b;
}

namespace {

std::string joinedIds(const std::vector<std::string>& ids) {
    std::string out;
    for (const std::string& id : ids) {
        out += (out.empty() ? "" : ", ") + id;
    }
    return out;
}

// The ring's points as (position, node id), in ring order.
std::vector<std::pair<uint64_t, std::string_view>> pointsOf(const Placement& p) {
    std::vector<std::pair<uint64_t, std::string_view>> out;
    if (!p.hasRing()) {
        return out;
    }
    const Ring& ring = p.ring();
    out.reserve(ring.size());
    for (size_t t = 0; t < ring.size(); ++t) {
        out.emplace_back(ring.positions()[t], p.nodeIds()[ring.node(t)]);
    }
    return out;
}

}  // namespace

std::vector<ClientDifference> clientDifferences(const Computed& a, const Computed& b) {
    using What = ClientDifference::What;
    const Scenario& x = a.scenario;
    const Scenario& y = b.scenario;
    std::vector<ClientDifference> out;
    if (x.algorithm != y.algorithm) {
        out.push_back({What::Algorithm, std::string(algorithmName(x.algorithm)),
                       std::string(algorithmName(y.algorithm))});
    } else if (a.placement.hasRing() && b.placement.hasRing() &&
               pointsOf(a.placement) != pointsOf(b.placement)) {
        out.push_back({What::Points, std::string(tokenSchemeName(x.tokenScheme)),
                       std::string(tokenSchemeName(y.tokenScheme))});
    }
    const KeyHashing& hx = a.placement.keyHashing();
    const KeyHashing& hy = b.placement.keyHashing();
    if (hx.hash != hy.hash) {
        out.push_back(
            {What::KeyHash, std::string(hashName(hx.hash)), std::string(hashName(hy.hash))});
    }
    if (hx.encoding != hy.encoding) {
        out.push_back({What::KeyEncoding, std::string(keyEncodingName(hx.encoding)),
                       std::string(keyEncodingName(hy.encoding))});
    }
    if (hx.space != hy.space) {
        out.push_back({What::Space, spaceName(hx.space), spaceName(hy.space)});
    }
    std::vector<std::string> onlyA, onlyB, weights, commonA, commonB, downA, downB;
    const auto has = [](const Scenario& s, const std::string& id) {
        return std::any_of(s.nodes.begin(), s.nodes.end(),
                           [&id](const NodeSpec& n) { return n.id == id; });
    };
    for (const NodeSpec& n : x.nodes) {
        (has(y, n.id) ? commonA : onlyA).push_back(n.id);
        if (n.down) {
            downA.push_back(n.id);
        }
        for (const NodeSpec& m : y.nodes) {
            if (m.id == n.id && m.weight != n.weight) {
                weights.push_back(n.id);
            }
        }
    }
    for (const NodeSpec& n : y.nodes) {
        if (has(x, n.id)) {
            commonB.push_back(n.id);
        } else {
            onlyB.push_back(n.id);
        }
        if (n.down) {
            downB.push_back(n.id);
        }
    }
    if (!onlyA.empty() || !onlyB.empty()) {
        out.push_back({What::Nodes, joinedIds(onlyA), joinedIds(onlyB)});
    }
    if (commonA != commonB) {
        out.push_back({What::NodeOrder, {}, {}});
    }
    if (!weights.empty()) {
        out.push_back({What::Weights, joinedIds(weights), {}});
    }
    if (x.replicas != y.replicas) {
        out.push_back({What::Replicas, std::to_string(x.replicas), std::to_string(y.replicas)});
    }
    if (downA != downB) {
        out.push_back({What::Down, joinedIds(downA), joinedIds(downB)});
    }
    return out;
}

ClientComparison compareClients(const ComputedPtr& a, const ComputedPtr& b) {
    ClientComparison out;
    out.a = a;
    out.b = b;
    out.differences = clientDifferences(*a, *b);
    const KeySet empty;
    const KeySet& keys = a->keys ? *a->keys : empty;
    // Nodes matched as agree and diff match them: by id, by place where only ids differ.
    const NodeMatch match = nodeMatch(a->scenario, b->scenario);
    out.diff = diff(a->placement, a->assignment, b->placement, b->assignment, keys, match);
    for (size_t i = 0; i < out.diff.changed.size(); ++i) {
        if (out.diff.changes[i] == KeyChange::Primary) {
            out.disagreeing.push_back(out.diff.changed[i]);
        }
    }
    out.pairs = planFrame(*a, *b, match);
    const PlanCounter counter =
        countTransfers(a->placement, a->assignment, b->placement, b->assignment, keys, match);
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

ClientMatrix clientMatrix(const std::vector<ComputedPtr>& clients) {
    const size_t n = clients.size();
    ClientMatrix m;
    m.cells.assign(n, std::vector<ClientDisagreement>(n));
    if (n == 0 || !clients.front()) {
        return m;
    }
    const KeySet empty;
    const KeySet& keys = clients.front()->keys ? *clients.front()->keys : empty;
    m.keys = keys.size();
    if (keys.hasPopularity) {
        for (const double r : keys.requests) {
            m.totalRequests += r;
        }
    }
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = i + 1; j < n; ++j) {
            if (!clients[i] || !clients[j]) {
                continue;
            }
            const Computed& a = *clients[i];
            const Computed& b = *clients[j];
            const DiffResult d = diff(a.placement, a.assignment, b.placement, b.assignment, keys,
                                      nodeMatch(a.scenario, b.scenario));
            m.cells[i][j] = m.cells[j][i] = {d.primaryMoved, d.bytesMoved, d.requestsMoved};
            m.totalBytes = d.totalBytes;
        }
    }
    return m;
}

}  // namespace ringscope
