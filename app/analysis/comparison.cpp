#include "comparison.h"

#include <algorithm>
#include <limits>
#include <set>
#include <string_view>

#include "computed.h"
#include "membershipchange.h"
#include "placed.h"
#include "ringscope/error.h"
#include "ringscope/keychange.h"
#include "ringscope/placement.h"
#include "ringscope/work.h"

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

bool comparesChange(const ComparisonInput& input) {
    return input.before != input.after && sameKeySet(input.before, input.after);
}

uint64_t comparisonWork(const ComparisonInput& input, uint64_t keys) {
    const bool before = comparesChange(input);
    uint64_t units = 0;
    for (const ComparedAlgorithm& algorithm : input.algorithms) {
        if (!whyNotCompared(algorithm, input.after).isEmpty() ||
            (before && !whyNotCompared(algorithm, input.before).isEmpty())) {
            continue;
        }
        units = saturatingAdd(units, workUnits(asAlgorithm(input.after, algorithm), keys, false));
        if (before) {
            units =
                saturatingAdd(units, workUnits(asAlgorithm(input.before, algorithm), keys, false));
        }
    }
    return units;
}

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
    const auto sample =
        sampleKeys(input.keys, keysWithinWork([&](uint64_t k) { return comparisonWork(input, k); },
                                              input.maxWork, out.keysTotal));
    const KeySet& keys = *sample;
    out.keysUsed = keys.size();
    const bool compare = comparesChange(input);
    out.change = compare ? describeChange(input.before, input.after) : QString();
    const NodeMatch match = nodeMatch(input.before, input.after);

    HashingsOf hashedFor(keys);

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
