#include "replayanalysis.h"

#include <QCoreApplication>

#include <algorithm>

#include "comparison.h"
#include "membershipchange.h"
#include "placed.h"
#include "ringscope/error.h"
#include "ringscope/keychange.h"
#include "ringscope/work.h"
#include "scenarioedits.h"
#include "vnodestudy.h"

namespace ringscope {

namespace {

// The ring with vnodes the study sets beside the scenario: 160 a node, as libmemcached's ketama
// and Envoy's ring hash place about as many.
constexpr int64_t kStudyRingVnodes = 160;

// One compared line: how it turns a scenario into the one it places.
struct LineSpec {
    QString label;
    bool own = false;
    std::optional<ComparedAlgorithm> algorithm;  // none: the scenario as it is
    bool studyRing = false;                      // a ring of hash-named vnodes

    Scenario placed(const Scenario& s) const {
        if (studyRing) {
            Scenario ring = studyScenario(s, kStudyRingVnodes);
            ring.boundedLoadPercent = algorithm ? algorithm->boundedLoadPercent : std::nullopt;
            return ring;
        }
        return algorithm ? asAlgorithm(s, *algorithm) : asAlgorithm(s, s.algorithm);
    }
};

std::vector<LineSpec> lineSpecs(const Scenario& scenario) {
    std::vector<LineSpec> specs;
    specs.push_back({QCoreApplication::translate("ReplayStudy", "This scenario (%1)")
                         .arg(algorithmLabel(scenario.algorithm)),
                     true, std::nullopt, false});
    const auto add = [&](QString label, ComparedAlgorithm algorithm, bool studyRing) {
        LineSpec spec{std::move(label), false, algorithm, studyRing};
        if (spec.placed(scenario) != asAlgorithm(scenario, scenario.algorithm)) {
            specs.push_back(std::move(spec));
        }
    };
    add(algorithmLabel(Algorithm::ModN), Algorithm::ModN, false);
    add(algorithmLabel(Algorithm::Jump), Algorithm::Jump, false);
    add(algorithmLabel(Algorithm::Rendezvous), Algorithm::Rendezvous, false);
    add(QCoreApplication::translate("ReplayStudy", "Ring, %1 vnodes").arg(kStudyRingVnodes),
        Algorithm::Ring, true);
    add(algorithmLabel(Algorithm::Maglev), Algorithm::Maglev, false);
    add(QCoreApplication::translate("ReplayStudy", "Ring, %1 vnodes, bounded %2")
            .arg(kStudyRingVnodes)
            .arg(double(kComparedBalanceFactorPercent) / 100.0),
        ComparedAlgorithm(Algorithm::Ring, kComparedBalanceFactorPercent), true);
    return specs;
}

// The baseline and the scenario, or, when their nodes are the same, the scenario and the scenario
// with one node added as the window adds it.
std::pair<Scenario, Scenario> theChange(const ReplayStudyInput& input, ReplayStudy& study) {
    study.change = describeChange(input.before, input.after);
    if (!study.change.isEmpty()) {
        return {input.before, input.after};
    }
    study.whatIf = true;
    Scenario grown = input.after;
    const NodeSpec added = edits::suggestedNode(input.after, Placement::build(input.after));
    edits::addNode(grown, added);
    study.change = describeChange(input.after, grown);
    return {input.after, grown};
}

}  // namespace

uint64_t defaultReplayCache(size_t keys, size_t nodes) {
    return std::max<uint64_t>(1, keys / (2 * std::max<size_t>(1, nodes)));
}

double ReplayLine::firstAfter() const {
    if (!outcome || !outcome->at || outcome->interval == 0) {
        return 0;
    }
    const size_t row = size_t(*outcome->at / outcome->interval);
    return row < outcome->run.intervals.size() ? outcome->run.intervals[row].hitRatio() : 0;
}

ReplayStudy runReplayStudy(const ReplayStudyInput& input, ReplayStudyProgress* progress) {
    ReplayStudy study;
    if (!input.keys || input.keys->size() == 0) {
        return study;
    }
    study.keysTotal = input.keys->size();
    study.requests = std::max<uint64_t>(2, input.requests);
    study.at = study.requests / 2;
    study.interval = std::max<uint64_t>(1, study.requests / kReplayIntervals);
    try {
        const auto [before, after] = theChange(input, study);
        const std::vector<LineSpec> specs = lineSpecs(input.after);
        // As many keys as placing them before and after under every line allows (the
        // comparison's budget), at most kReplayKeys.
        const auto work = [&](uint64_t k) {
            uint64_t units = 0;
            for (const LineSpec& spec : specs) {
                units = saturatingAdd(units, workUnits(spec.placed(before), k, false));
                units = saturatingAdd(units, workUnits(spec.placed(after), k, false));
            }
            return units;
        };
        const auto sample = sampleKeys(
            input.keys,
            std::min(kReplayKeys, keysWithinWork(work, kComparisonWork, study.keysTotal)));
        const KeySet& keys = *sample;
        study.keysUsed = keys.size();
        study.cacheEntries = input.cacheEntries
                                 ? input.cacheEntries
                                 : defaultReplayCache(keys.size(), before.nodes.size());
        const ReplayRequest request{study.requests, study.interval, input.seed,
                                    CacheSpec{study.cacheEntries, 0, 0, false}, false};
        if (progress) {
            progress->total = specs.size() * 2 * study.requests;
        }
        const NodeMatch match = nodeMatch(before, after);
        HashingsOf hashedFor(keys);
        uint64_t done = 0;
        for (const LineSpec& spec : specs) {
            ReplayLine line{spec.label, spec.own, spec.algorithm, std::nullopt, QString()};
            if (spec.algorithm) {
                line.error = whyNotCompared(*spec.algorithm, after);
            }
            if (line.error.isEmpty()) {
                try {
                    const Scenario b = spec.placed(before), a = spec.placed(after);
                    const Placed x = placeKeys(b, keys, hashedFor(b));
                    const Placed y = placeKeys(a, keys, hashedFor(a));
                    line.outcome = replayFleet(
                        keys, input.after.keys.seed, request, Fleet{x.placement, x.assignment},
                        Fleet{y.placement, y.assignment}, study.at, match, [&](uint64_t n) {
                            if (progress) {
                                progress->done = done + n;
                            }
                            return !progress || !progress->cancel;
                        });
                } catch (const std::exception& e) {
                    line.error = QString::fromStdString(describeFailure(e));
                }
            }
            done += 2 * study.requests;
            study.lines.push_back(std::move(line));
            if (progress && progress->cancel) {
                study.cancelled = true;
                break;
            }
        }
    } catch (const std::exception& e) {
        study.error = QString::fromStdString(describeFailure(e));
    }
    return study;
}

}  // namespace ringscope
