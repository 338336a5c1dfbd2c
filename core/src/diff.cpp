#include "ringscope/diff.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "ringscope/keychange.h"
#include "ringscope/limits.h"

namespace ringscope {

void appendOwnerList(std::string& out, const Placement& placement,
                     std::span<const uint32_t> owners) {
    for (size_t i = 0; i < owners.size(); ++i) {
        if (i) {
            out += ',';
        }
        const uint32_t n = owners[i];
        out += n < placement.nodes().size() ? std::string_view(placement.nodes()[n].id)
                                            : std::string_view("-");
    }
}

std::string ownerList(const Placement& placement, std::span<const uint32_t> owners) {
    std::string out;
    appendOwnerList(out, placement, owners);
    return out;
}

double idealMovedFraction(const Placement& before, const Placement& after, NodeMatch match) {
    const std::vector<uint32_t> map = nodeRenumbering(before, after, match);
    std::map<uint32_t, std::pair<double, double>> share;  // by node of `after`
    const auto add = [&](const Placement& p, bool second) {
        const std::vector<double> target = p.targetShares();
        for (size_t n = 0; n < target.size(); ++n) {
            auto& s = share[second ? uint32_t(n) : map[n]];
            (second ? s.second : s.first) = target[n];
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

std::optional<DownSides> downSidesOf(const Placement& before, const Placement& after,
                                     std::span<const uint32_t> afterToBefore) {
    if (!before.anyDown() && !after.anyDown()) {
        return std::nullopt;
    }
    return downSides(before, {}, after, afterToBefore);
}

void DiffResult::addCounts(const DiffResult& part) {
    keys += part.keys;
    primaryMoved += part.primaryMoved;
    replicaOnly += part.replicaOnly;
    addSaturating(bytesMoved, part.bytesMoved, bytesSaturated);
    addSaturating(totalBytes, part.totalBytes, bytesSaturated);
    bytesSaturated = bytesSaturated || part.bytesSaturated;
    bytesMovedApprox += part.bytesMovedApprox;
    totalBytesApprox += part.totalBytesApprox;
    requestsMoved += part.requestsMoved;
    hasDown = hasDown || part.hasDown;
    failover.add(part.failover);
}

std::optional<KeyChange> DiffResult::count(std::span<const uint32_t> x, std::span<const uint32_t> y,
                                           uint64_t bytes, double requests, const DownSides* down) {
    ++keys;
    addSaturating(totalBytes, bytes, bytesSaturated);
    totalBytesApprox += static_cast<double>(bytes);
    if (down) {
        hasDown = true;
        failover.count(x, y, *down, bytes);
    }
    if (std::equal(x.begin(), x.end(), y.begin(), y.end())) {
        return std::nullopt;
    }
    const KeyChange change = classifyKeyChange(x, y);
    switch (change) {
        case KeyChange::Primary:
            ++primaryMoved;
            addSaturating(bytesMoved, bytes, bytesSaturated);
            bytesMovedApprox += static_cast<double>(bytes);
            requestsMoved += requests;
            break;
        case KeyChange::ReplicaOnly:
            ++replicaOnly;
            break;
        case KeyChange::None:
            break;
    }
    return change;
}

DiffResult diff(const Placement& before, const Assignment& a, const Placement& after,
                const Assignment& b, const KeySet& keys, NodeMatch match) {
    // The second placement's owners in the first one's numbering.
    const std::vector<uint32_t> map = nodeRenumbering(after, before, match);
    const std::optional<DownSides> down = downSidesOf(before, after, map);
    DiffResult out;
    out.idealFraction = idealMovedFraction(before, after, match);
    out.hasDown = down.has_value();
    std::vector<uint32_t> y(b.replicas);
    for (size_t k = 0; k < a.size(); ++k) {
        const auto owners = b.ownersOf(k);
        std::transform(owners.begin(), owners.end(), y.begin(),
                       [&map](uint32_t n) { return map[n]; });
        if (const auto change = out.count(a.ownersOf(k), y, keys.sizeOf(k), keys.requestsOf(k),
                                          down ? &*down : nullptr)) {
            out.changed.push_back(k);  // the owner list changed, if only its order
            out.changes.push_back(*change);
        }
    }
    return out;
}

}  // namespace ringscope
