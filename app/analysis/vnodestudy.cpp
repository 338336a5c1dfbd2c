#include "vnodestudy.h"

#include <algorithm>

#include "comparedalgorithm.h"
#include "placed.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"
#include "ringscope/stats.h"
#include "tokenschemes/named/named.h"

namespace ringscope {

std::optional<double> publishedSpread(int64_t vnodes) {
    for (const PublishedSpread& p : kPublishedSpread) {
        if (p.vnodes == vnodes) {
            return p.standardError;
        }
    }
    return std::nullopt;
}

Scenario studyScenario(const Scenario& scenario, int64_t vnodes, bool* widened) {
    Scenario s = asAlgorithm(scenario, Algorithm::Ring);
    s.tokenScheme = TokenScheme::Named;
    for (NodeSpec& node : s.nodes) {
        node.tokens.clear();
        node.vnodes = vnodes;
    }
    // Ten thousand tokens do not fit a teaching space of 0-99: study in 2^32 with a real hash.
    const uint64_t tokens = uint64_t(kStudyVnodes[std::size(kStudyVnodes) - 1]) *
                            std::max<size_t>(1, s.nodes.size()) * 4;
    const bool widen = !isFullSpace(s.space) && s.space < tokens * 16;
    if (widen) {
        s.space = kSpace32;
        if (moduleOf(s.keyHash).traits().keysArePositions) {
            s.keyHash = HashKind::Xxh64;
        }
    }
    if (widened) {
        *widened = widen;
    }
    return s;
}

std::vector<VnodePoint> studyCurve(const Scenario& scenario, const KeySet& keys,
                                   const HashedKeys& hashed) {
    std::vector<VnodePoint> points;
    for (const int64_t v : kStudyVnodes) {
        const Placed placed = placeKeys(studyScenario(scenario, v), keys, hashed);
        const Stats stats = computeStats(placed.placement, placed.assignment, keys);
        points.push_back({v, stats.keys.stddevOverMean, stats.keys.maxOverMean});
    }
    return points;
}

VnodeStudy runVnodeStudy(const Scenario& scenario, const KeySet& keys, int64_t currentVnodes) {
    VnodeStudy study;
    study.keys = keys.size();
    study.tokenHash = scenario.params.get<NamedTokenParams>().hash;
    study.currentVnodes = currentVnodes;
    try {
        const Scenario s = studyScenario(scenario, 1, &study.widenedSpace);
        const HashedKeys hashed = hashKeys(keys, keyHashingOf(s));
        study.points = studyCurve(scenario, keys, hashed);
        if (currentVnodes > 0) {
            // The ring as the window shows it — its own tokens, space and key hash — not the
            // study's hash-named vnodes at the same V (in 2^32 when the space is small): the
            // row said "now" and disagreed with the live numbers.
            const Placed placed = placeKeys(scenario, keys, hashKeys(keys, keyHashingOf(scenario)));
            const Stats stats = computeStats(placed.placement, placed.assignment, keys);
            study.current =
                VnodePoint{currentVnodes, stats.keys.stddevOverMean, stats.keys.maxOverMean};
        }
        if (scenario.params.get<NamedTokenParams>().hash != HashKind::Xxh64) {
            Scenario xxh = scenario;
            xxh.params.edit<NamedTokenParams>().hash = HashKind::Xxh64;
            study.xxhPoints = studyCurve(xxh, keys, hashed);
        }
    } catch (const std::exception& e) {
        study.error = QString::fromStdString(describeFailure(e));
    }
    return study;
}

}  // namespace ringscope
