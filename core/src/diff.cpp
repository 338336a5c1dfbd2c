#include "ringscope/diff.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace ringscope {

std::string ownerList(const Placement& placement, std::span<const uint32_t> owners) {
    std::string out;
    for (const uint32_t n : owners) {
        if (!out.empty()) {
            out += ',';
        }
        out += n < placement.nodes().size() ? placement.nodes()[n].id : std::string("-");
    }
    return out;
}

double idealMovedFraction(const Placement& before, const Placement& after) {
    std::map<std::string_view, std::pair<double, double>> share;
    const auto add = [&share](const Placement& p, bool second) {
        double total = 0;
        for (const NodeInfo& n : p.nodes()) {
            total += n.weight;
        }
        for (const NodeInfo& n : p.nodes()) {
            auto& s = share[n.id];
            (second ? s.second : s.first) = total > 0 ? n.weight / total : 0;
        }
    };
    add(before, false);
    add(after, true);
    double moved = 0;
    for (const auto& [id, s] : share) {
        moved += std::max(0.0, s.second - s.first);
    }
    return moved;
}

DiffResult diff(const Placement& before, const Assignment& a, const Placement& after,
                const Assignment& b, const KeySet& keys) {
    // Map the second placement's node indices onto one id numbering shared with the first.
    std::map<std::string_view, uint32_t> ids;
    for (uint32_t n = 0; n < before.nodes().size(); ++n) {
        ids.emplace(before.nodes()[n].id, n);
    }
    std::vector<uint32_t> map(after.nodes().size());
    for (uint32_t n = 0; n < after.nodes().size(); ++n) {
        map[n] = ids.emplace(after.nodes()[n].id, static_cast<uint32_t>(ids.size())).first->second;
    }
    DiffResult out;
    out.keys = a.size();
    out.idealFraction = idealMovedFraction(before, after);
    const size_t ra = a.replicas;
    const size_t rb = b.replicas;
    for (size_t k = 0; k < out.keys; ++k) {
        const auto x = a.ownersOf(k);
        const auto y = b.ownersOf(k);
        const uint64_t bytes = k < keys.sizes.size() ? keys.sizes[k] : 1;
        out.totalBytes += bytes;
        bool same = ra == rb;
        for (size_t i = 0; same && i < ra; ++i) {
            same = x[i] == map[y[i]];
        }
        if (same) {
            continue;
        }
        out.changed.push_back(k);
        if (x[0] != map[y[0]]) {
            ++out.primaryMoved;
            out.bytesMoved += bytes;
            out.requestsMoved += k < keys.requests.size() ? keys.requests[k] : 0;
            continue;
        }
        // Same primary: count it if the replica *set* changed (a mere reordering moves no data).
        bool sameSet = ra == rb;
        for (size_t i = 0; sameSet && i < rb; ++i) {
            sameSet = std::find(x.begin(), x.end(), map[y[i]]) != x.end();
        }
        out.replicaOnly += sameSet ? 0 : 1;
    }
    return out;
}

}  // namespace ringscope
