#include "comparison.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "computed.h"
#include "membershipchange.h"
#include "placed.h"
#include "ringscope/error.h"
#include "ringscope/keychange.h"
#include "ringscope/placement.h"

namespace ringscope {

namespace {

std::set<std::string_view> idsOf(const Placement& placement) {
    std::set<std::string_view> ids;
    for (const NodeInfo& n : placement.nodes()) {
        ids.insert(n.id);
    }
    return ids;
}

}  // namespace

const AlgorithmResult* ComparisonResult::find(const ComparedAlgorithm& compared) const {
    for (const AlgorithmResult& r : algorithms) {
        if (r.compared() == compared) {
            return &r;
        }
    }
    return nullptr;
}

ComparisonResult compareAlgorithms(const ComparisonInput& input) {
    ComparisonResult out;
    if (!input.keys) {
        return out;
    }
    out.keysTotal = input.keys->size();
    const uint64_t nodes =
        std::max<size_t>({1, input.before.nodes.size(), input.after.nodes.size()});
    const size_t cap = static_cast<size_t>(std::max<uint64_t>(1, input.maxWork / nodes));
    const auto sample = sampleKeys(input.keys, cap);
    const KeySet& keys = *sample;
    out.keysUsed = keys.size();
    const bool compare = input.before != input.after && sameKeySet(input.before, input.after);
    out.change = compare ? describeChange(input.before, input.after) : QString();
    const NodeMatch match = nodeMatch(input.before, input.after);

    // Keys are hashed once per key hashing; placements that hash alike share it.
    std::vector<std::pair<KeyHashing, std::shared_ptr<const HashedKeys>>> hashings;
    const auto hashedFor = [&](const Scenario& s) -> const HashedKeys& {
        const KeyHashing hashing = keyHashingOf(s);
        for (const auto& [known, hashed] : hashings) {
            if (known == hashing) {
                return *hashed;
            }
        }
        hashings.emplace_back(hashing, std::make_shared<const HashedKeys>(hashKeys(keys, hashing)));
        return *hashings.back().second;
    };

    for (const ComparedAlgorithm& algorithm : input.algorithms) {
        AlgorithmResult r;
        r.algorithm = algorithm.algorithm;
        r.boundedLoadPercent = algorithm.boundedLoadPercent;
        r.error = whyNotCompared(algorithm, input.after);
        if (r.error.isEmpty() && compare) {
            r.error = whyNotCompared(algorithm, input.before);
        }
        if (!r.error.isEmpty()) {
            out.algorithms.push_back(std::move(r));
            continue;
        }
        try {
            const Scenario afterScenario = asAlgorithm(input.after, algorithm);
            const Placed after = placeKeys(afterScenario, keys, hashedFor(afterScenario));
            for (const NodeInfo& n : after.placement.nodes()) {
                r.nodeIds.push_back(n.id);
            }
            r.stats = computeStats(after.placement, after.assignment, keys);
            if (compare) {
                const Scenario beforeScenario = asAlgorithm(input.before, algorithm);
                const Placed before = placeKeys(beforeScenario, keys, hashedFor(beforeScenario));
                r.diff = diff(before.placement, before.assignment, after.placement,
                              after.assignment, keys, match);
                const auto oldIds = idsOf(before.placement);
                const auto newIds = idsOf(after.placement);
                // A rename brings no node and takes none away.
                for (size_t i = 0; match == NodeMatch::ById && i < r.diff->changed.size(); ++i) {
                    if (r.diff->changes[i] != KeyChange::Primary) {
                        continue;
                    }
                    const size_t k = r.diff->changed[i];
                    const std::string& from =
                        before.placement.nodes()[before.assignment.primary(k)].id;
                    const std::string& to = after.placement.nodes()[after.assignment.primary(k)].id;
                    r.movedToNew += oldIds.contains(to) ? 0 : 1;
                    r.movedFromGone += newIds.contains(from) ? 0 : 1;
                }
            }
        } catch (const std::exception& e) {
            r.error = QString::fromStdString(describeFailure(e));
        }
        out.algorithms.push_back(std::move(r));
    }
    return out;
}

}  // namespace ringscope
