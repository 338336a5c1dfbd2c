#include "ringscope/diff.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "ringscope/keychange.h"
#include "ringscope/limits.h"

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
    // The second placement's owners in the first one's numbering.
    const std::vector<uint32_t> map = nodeRenumbering(after, before);
    DiffResult out;
    out.keys = a.size();
    out.idealFraction = idealMovedFraction(before, after);
    std::vector<uint32_t> y(b.replicas);
    for (size_t k = 0; k < out.keys; ++k) {
        const auto x = a.ownersOf(k);
        const auto owners = b.ownersOf(k);
        std::transform(owners.begin(), owners.end(), y.begin(),
                       [&map](uint32_t n) { return map[n]; });
        const uint64_t bytes = k < keys.sizes.size() ? keys.sizes[k] : 1;
        out.bytesSaturated = out.bytesSaturated || bytes > UINT64_MAX - out.totalBytes;
        out.totalBytes = saturatingAdd(out.totalBytes, bytes);
        if (std::equal(x.begin(), x.end(), y.begin(), y.end())) {
            continue;
        }
        const KeyChange change = classifyKeyChange(x, y);
        out.changed.push_back(k);  // the owner list changed, if only its order
        out.changes.push_back(change);
        switch (change) {
            case KeyChange::Primary:
                ++out.primaryMoved;
                out.bytesMoved = saturatingAdd(out.bytesMoved, bytes);
                out.requestsMoved += k < keys.requests.size() ? keys.requests[k] : 0;
                break;
            case KeyChange::ReplicaOnly:
                ++out.replicaOnly;
                break;
            case KeyChange::None:
                break;
        }
    }
    return out;
}

}  // namespace ringscope
