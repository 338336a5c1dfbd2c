#pragma once
// The algorithm comparison: the document's node ids, weights and key set placed at once
// by ring, HRW, weighted HRW, jump, mod-N and Maglev (also with bounded loads) through the core,
// and for the last membership change (baseline -> current) the keys and bytes each algorithm
// moves next to the ideal. QtCore only.

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

#include "backgroundjob.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/placement.h"
#include "ringscope/scenario.h"
#include "ringscope/stats.h"

namespace ringscope {

class Document;

// One compared placement: an algorithm, plain or with bounded loads (ring and Maglev).
struct ComparedAlgorithm {
    // Implicit on purpose: a plain algorithm is written as itself in lists of these.
    constexpr ComparedAlgorithm(Algorithm a, std::optional<uint32_t> bounded = std::nullopt)
        : algorithm(a), boundedLoadPercent(bounded) {}
    Algorithm algorithm;
    std::optional<uint32_t> boundedLoadPercent;
    bool operator==(const ComparedAlgorithm&) const = default;
};

// Envoy's and HAProxy's usual balance factor, 1.25, for the bounded variant.
inline constexpr uint32_t kComparedBalanceFactorPercent = 125;

// The algorithms the comparison places, in registry order: those whose traits say so, and a
// bounded variant (kComparedBalanceFactorPercent) after those that offer one.
const std::vector<ComparedAlgorithm>& comparedAlgorithms();

// Keys x nodes above which the comparison samples the first keys: HRW costs one SHA-256 digest
// per node per key (about 1 us each), and the comparison runs two HRW variants twice.
inline constexpr uint64_t kComparisonWork = 400'000;

// "Ring", "HRW", "Weighted HRW", "HRW score/w", "HRW score·w", "Jump", "mod-N", "Maglev".
QString algorithmLabel(Algorithm algorithm);
// The same, with "bounded 1.25" after a bounded variant.
QString algorithmLabel(const ComparedAlgorithm& compared);
// Short enough for a chart's category axis: "Bounded Maglev" (the table beside it gives the
// factor).
QString algorithmChartLabel(const ComparedAlgorithm& compared);

// Why `compared` cannot place the keys of `scenario`, in the user's language ("bounded loads do
// not model a down node"), or empty when it can. The comparison's one rule for an algorithm it
// leaves out; the core's own message stands in for anything this does not foresee.
QString whyNotCompared(const ComparedAlgorithm& compared, const Scenario& scenario);

// The scenario as a compared placement places it (asAlgorithm, scenario.h), with its own
// bounded loads or none.
Scenario asAlgorithm(const Scenario& scenario, const ComparedAlgorithm& compared);

// "added D", "removed B", "weight of A 1 → 2", "tokens of C", "renamed B to E", "B marked down",
// "B brought up", or empty when only other things (or nothing) changed.
QString describeChange(const Scenario& before, const Scenario& after);

// One node added to or removed from an otherwise unchanged list of node ids, over the same keys
// on the same positions: the last change (baseline -> current) as the views that number their
// buckets by node order (jump, mod-N) replay it.
struct MembershipChange {
    enum class Kind { Added, Removed };
    Kind kind = Kind::Added;
    size_t node = 0;  // in the scenario that has it: `after` when added, `before` when removed
    std::string id;
};
// nullopt for any other change (a weight, tokens, two nodes, other keys) or none. O(N).
std::optional<MembershipChange> membershipChange(const Scenario& before, const Scenario& after);
// What a view replaying membership changes adds to a what-if it shows because there is none.
QString noMembershipChangeNote();
// What a view says in place of what it keeps back while a question waits for its guess.
QString answerWithheldNote();

struct Placed {
    Placement placement;
    Assignment assignment;
};
// The core's placement of a scenario and its assignment of the keys. Throws InputError.
Placed placeKeys(const Scenario& scenario, const KeySet& keys, const HashedKeys& hashed);

// The first `count` keys of a key set, with their sizes and requests.
KeySet firstKeys(const KeySet& keys, size_t count);
// The views' one key sample: the key set itself when it has at most `cap` keys, else its first
// `cap` keys (each view says "counted over the first N of M keys").
std::shared_ptr<const KeySet> sampleKeys(const std::shared_ptr<const KeySet>& keys, size_t cap);

struct ComparisonInput {
    Scenario before;  // the baseline
    Scenario after;   // the current scenario
    std::shared_ptr<const KeySet> keys;
    std::vector<ComparedAlgorithm> algorithms = comparedAlgorithms();
    uint64_t maxWork = kComparisonWork;
};

struct AlgorithmResult {
    Algorithm algorithm = Algorithm::Ring;
    std::optional<uint32_t> boundedLoadPercent;  // the bounded variant's factor percent
    QString error;  // non-empty: this placement cannot run on the scenario (whyNotCompared, or
                    // the core's message)
    std::vector<std::string> nodeIds;  // after the change, in the order of stats.nodes
    Stats stats;                       // after the change
    std::optional<DiffResult> diff;    // before -> after, when there is a change to compare
    size_t movedToNew = 0;             // moved keys whose new owner was added by the change
    size_t movedFromGone = 0;          // moved keys whose old owner was removed by the change
    ComparedAlgorithm compared() const { return {algorithm, boundedLoadPercent}; }
};

struct ComparisonResult {
    size_t keysUsed = 0;
    size_t keysTotal = 0;
    bool sampled() const { return keysUsed < keysTotal; }
    QString change;  // describeChange(before, after)
    std::vector<AlgorithmResult> algorithms;
    // The result of an algorithm (its plain variant unless a bounded one is asked for).
    const AlgorithmResult* find(const ComparedAlgorithm& compared) const;
};

// Places the keys by each algorithm before and after: O(K·N) digests for the HRW variants,
// O(K log K) for the rest (keys are hashed once per key hashing: Redis Cluster's slots differ).
// Pure; runs on a worker thread.
ComparisonResult compareAlgorithms(const ComparisonInput& input);

// Keeps a ComparisonResult for the document current: recomputed off the UI thread (debounced)
// when the scenario or the baseline changes; one computation at a time.
class ComparisonModel : public QObject {
    Q_OBJECT
public:
    ComparisonModel(Document* document, std::vector<ComparedAlgorithm> algorithms,
                    QObject* parent = nullptr);
    ~ComparisonModel() override;

    const ComparisonResult& result() const { return m_result; }
    bool isBusy() const { return m_job.isBusy(); }
    void setMaxWork(uint64_t work);
    // Recomputes soon (debounced).
    void refresh();
    // Blocks until the current result is installed (tests, screenshots).
    void waitForIdle();

signals:
    void resultChanged();
    void busyChanged(bool busy);

private:
    Document* m_document;
    std::vector<ComparedAlgorithm> m_algorithms;
    uint64_t m_maxWork = kComparisonWork;
    ComparisonResult m_result;
    BackgroundJob<ComparisonResult> m_job;
};

}  // namespace ringscope
