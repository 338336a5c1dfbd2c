#include "replayanalysis.h"

#include <QCoreApplication>
#include <QStringList>

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

// The fleets replayed: the undo steps when given, else the baseline and the scenario, or, when
// their nodes are the same, the scenario and the scenario with one node added as the window adds
// it. Sets the study's words for the change.
std::vector<Scenario> theChange(const ReplayStudyInput& input, ReplayStudy& study) {
    if (input.steps.size() >= 2) {
        study.steps = input.steps.size() - 1;
        QStringList changes;
        for (size_t i = 1; i < input.steps.size(); ++i) {
            const QString change = describeChange(input.steps[i - 1], input.steps[i]);
            changes << (change.isEmpty() ? QCoreApplication::translate("ReplayStudy", "an edit")
                                         : change);
        }
        study.change = changes.join(QStringLiteral("; "));
        return input.steps;
    }
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

// One line: the fleets placed as `spec` places them, replayed. Throws what placing or replaying
// throws.
ReplayOutcome replayLine(const LineSpec& spec, const std::vector<Scenario>& chain,
                         const std::vector<uint64_t>& changes, const KeySet& keys,
                         HashingsOf& hashedFor, const ReplayRequest& request,
                         const ReplayProgress& progress) {
    std::vector<Placed> placed;
    placed.reserve(chain.size());
    std::vector<Fleet> fleets;
    for (size_t i = 0; i < chain.size(); ++i) {
        const Scenario s = spec.placed(chain[i]);
        placed.push_back(placeKeys(s, keys, hashedFor(s)));
        fleets.emplace_back(placed.back().placement, placed.back().assignment,
                            i ? changes[i - 1] : 0,
                            i ? nodeMatch(chain[i - 1], chain[i]) : NodeMatch::ById);
    }
    return replayFleet(keys, chain.back().keys.seed, request, fleets, progress);
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
    study.interval = std::max<uint64_t>(1, study.requests / kReplayIntervals);
    try {
        const std::vector<Scenario> chain = theChange(input, study);
        const std::vector<LineSpec> specs = lineSpecs(input.after);
        // The changes evenly through the run: one halfway.
        for (size_t i = 1; i < chain.size(); ++i) {
            study.changes.push_back(study.requests * i / chain.size());
        }
        study.at = study.changes.front();
        // As many keys as placing them in every fleet under every line allows (the
        // comparison's budget), at most kReplayKeys.
        const auto work = [&](uint64_t k) {
            uint64_t units = 0;
            for (const LineSpec& spec : specs) {
                for (const Scenario& s : chain) {
                    units = saturatingAdd(units, workUnits(spec.placed(s), k, false));
                }
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
                                 : defaultReplayCache(keys.size(), chain.front().nodes.size());
        const ReplayRequest request{study.requests, study.interval, input.seed,
                                    CacheSpec{study.cacheEntries, 0, 0, false}, false};
        if (progress) {
            progress->total = specs.size() * 2 * study.requests;
        }
        HashingsOf hashedFor(keys);
        uint64_t done = 0;
        const ReplayProgress counted = [&](uint64_t n) {
            if (progress) {
                progress->done = done + n;
            }
            return !progress || !progress->cancel;
        };
        for (const LineSpec& spec : specs) {
            ReplayLine line{spec.label, spec.own, spec.algorithm, std::nullopt, QString()};
            for (const Scenario& s : chain) {
                if (spec.algorithm && line.error.isEmpty()) {
                    line.error = whyNotCompared(*spec.algorithm, s);
                }
            }
            if (line.error.isEmpty()) {
                try {
                    line.outcome =
                        replayLine(spec, chain, study.changes, keys, hashedFor, request, counted);
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
