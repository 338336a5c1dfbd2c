#include "ringscope/failover.h"

#include <algorithm>

#include "ringscope/limits.h"
#include "ringscope/placement.h"

namespace ringscope {

FailoverRule failoverRule(Algorithm algorithm) {
    return moduleOf(algorithm).traits().failover;
}

namespace {
std::vector<uint8_t> downMask(const Placement& p, std::span<const uint32_t> to) {
    std::vector<uint8_t> mask;
    for (uint32_t n = 0; n < p.down().size(); ++n) {
        if (p.isDown(n)) {
            const uint32_t at = to.empty() ? n : to[n];
            mask.resize(std::max<size_t>(mask.size(), at + 1), 0);
            mask[at] = 1;
        }
    }
    return mask;
}
}  // namespace

DownSides downSides(const Placement& before, std::span<const uint32_t> beforeTo,
                    const Placement& after, std::span<const uint32_t> afterTo) {
    return {downMask(before, beforeTo), downMask(after, afterTo), failoverRule(after.algorithm())};
}

namespace {
bool holds(std::span<const uint32_t> owners, uint32_t node) {
    return std::find(owners.begin(), owners.end(), node) != owners.end();
}
}  // namespace

Failover classifyFailover(std::span<const uint32_t> x, std::span<const uint32_t> y,
                          const DownSides& down) {
    if (x.empty() || y.empty()) {
        return Failover::None;
    }
    const auto newlyDown = [&down](uint32_t n) { return down.isDown(n) && !down.wasDown(n); };
    if (newlyDown(x[0])) {
        switch (down.rule) {
            case FailoverRule::PromoteReplica:
                return Failover::Promoted;
            case FailoverRule::NextLive:
                break;
        }
        const bool liveCopy =
            std::any_of(x.begin(), x.end(), [&down](uint32_t n) { return !down.isDown(n); });
        return liveCopy ? Failover::TakenOver : Failover::NoReplica;
    }
    if (down.rule == FailoverRule::NextLive && down.wasDown(y[0]) && !down.isDown(y[0])) {
        return Failover::HandedBack;
    }
    return std::any_of(x.begin(), x.end(), newlyDown) ? Failover::ReplicaLost : Failover::None;
}

Failover FailoverCounts::count(std::span<const uint32_t> x, std::span<const uint32_t> y,
                               const DownSides& down, uint64_t bytes) {
    const Failover f = classifyFailover(x, y, down);
    // Copies to make: every serving node that holds no copy, taken from a live copy.
    const auto missing = static_cast<uint64_t>(
        std::count_if(y.begin(), y.end(), [&x](uint32_t n) { return !holds(x, n); }));
    switch (f) {
        case Failover::None:
            break;
        case Failover::TakenOver:
            ++primaryLost;
            ++takenOver;
            takenOverByCopy += holds(x, y[0]) ? 1 : 0;
            countNewPrimary(y[0]);
            addSaturating(bytesToReplicate, saturatingMul(missing, bytes), bytesSaturated);
            break;
        case Failover::NoReplica:
            ++primaryLost;
            ++noReplica;
            countNewPrimary(y[0]);
            addSaturating(bytesWithoutCopy, bytes, bytesSaturated);
            break;
        case Failover::Promoted:
            ++primaryLost;
            ++promoted;
            // the promoted master's new replica
            addSaturating(bytesToReplicate, bytes, bytesSaturated);
            break;
        case Failover::ReplicaLost:
            ++replicaLost;
            addSaturating(bytesToReplicate, saturatingMul(missing, bytes), bytesSaturated);
            break;
        case Failover::HandedBack:
            ++handedBack;
            addSaturating(bytesHandedBack, bytes, bytesSaturated);
            break;
    }
    return f;
}

void FailoverCounts::countNewPrimary(uint32_t node) {
    if (newPrimaries.size() <= node) {
        newPrimaries.resize(node + 1, 0);
    }
    ++newPrimaries[node];
}

void FailoverCounts::add(const FailoverCounts& o) {
    primaryLost += o.primaryLost;
    takenOver += o.takenOver;
    takenOverByCopy += o.takenOverByCopy;
    noReplica += o.noReplica;
    promoted += o.promoted;
    replicaLost += o.replicaLost;
    handedBack += o.handedBack;
    addSaturating(bytesToReplicate, o.bytesToReplicate, bytesSaturated);
    addSaturating(bytesWithoutCopy, o.bytesWithoutCopy, bytesSaturated);
    addSaturating(bytesHandedBack, o.bytesHandedBack, bytesSaturated);
    bytesSaturated = bytesSaturated || o.bytesSaturated;
    newPrimaries.resize(std::max(newPrimaries.size(), o.newPrimaries.size()), 0);
    for (size_t n = 0; n < o.newPrimaries.size(); ++n) {
        newPrimaries[n] += o.newPrimaries[n];
    }
}

}  // namespace ringscope
