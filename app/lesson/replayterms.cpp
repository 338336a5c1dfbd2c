// The lesson terms of a change replayed through the caches (replay.h), with the Replay view's
// requests, interval and cache size, so that a lesson's numbers are the view's own line:
//   {replayRequests}     the requests replayed, {replayAt} the one the change takes effect at,
//   {replayInterval}     and the requests an interval counts
//   {replayCache}        each node's cache, in entries (the scenario's; a change keeps the
//                        cache size of the fleet before it)
//   {replaySteady}       the hit ratio just before the change
//   {replayFirst}        the hit ratio of the first interval after it
//   {replayExtraOrigin}  requests the change sends to the origin
//   {replayRecovery}     requests after it until the hit ratio is back within 1 % of steady
#include <mutex>

#include "moduleterms.h"
#include "replayanalysis.h"
#include "ringscope/error.h"
#include "ringscope/keychange.h"

namespace ringscope::lesson {

namespace {

uint64_t cacheOf(const Worked& w) {
    return defaultReplayCache(w.keyCount(), w.nodeCount());
}

Assignment primaries(const Worked& w) {
    Assignment a;
    a.owners.resize(w.keyCount());
    for (size_t k = 0; k < w.keyCount(); ++k) {
        a.owners[k] = uint32_t(w.primary(k));
    }
    return a;
}

struct Replayed {
    ReplaySummary summary;
    double first = 0;  // the hit ratio of the first interval after the change
};

// The scene's change replayed, the last one kept: a reveal reads several of its terms.
Replayed replayed(const TermInput& in) {
    const Worked& before = *in.scene.baseline();
    const Worked& after = in.scene.current();
    static std::mutex mutex;
    static std::optional<std::pair<Scenario, Scenario>> last;
    static Replayed kept;
    const std::lock_guard lock(mutex);
    if (!last || last->first != before.scenario() || last->second != after.scenario()) {
        const KeySet keys = generateKeys(after.scenario().keys, after.limits());
        if (keys.size() != before.keyCount() || keys.size() != after.keyCount()) {
            throw InputError("", "the replay needs the same keys before and after the change");
        }
        const uint64_t requests = kReplayRequests;
        const ReplayRequest request{requests, requests / kReplayIntervals, 0,
                                    CacheSpec{cacheOf(before), 0, 0, false}, false};
        const Assignment a = primaries(before), b = primaries(after);
        const std::vector<Fleet> fleets{
            {before.placement(), a},
            {after.placement(), b, requests / 2, nodeMatch(before.scenario(), after.scenario())}};
        const ReplayOutcome o = replayFleet(keys, after.scenario().keys.seed, request, fleets);
        last.emplace(before.scenario(), after.scenario());
        kept = {o.summary, o.run.intervals[size_t(requests / 2 / o.interval)].hitRatio()};
    }
    return kept;
}

const TermRegistration kRequests{{"replayRequests", TermArg::None, TermScope::State, false,
                                  [](const TermInput&) { return countValue(kReplayRequests); }}};
const TermRegistration kAt{{"replayAt", TermArg::None, TermScope::State, false,
                            [](const TermInput&) { return countValue(kReplayRequests / 2); }}};
const TermRegistration kInterval{
    {"replayInterval", TermArg::None, TermScope::State, false,
     [](const TermInput&) { return countValue(kReplayRequests / kReplayIntervals); }}};
const TermRegistration kCache{{"replayCache", TermArg::None, TermScope::State, false,
                               [](const TermInput& in) { return countValue(cacheOf(in.worked)); }}};
const TermRegistration kSteady{
    {"replaySteady", TermArg::None, TermScope::Change, false, [](const TermInput& in) {
         return numberValue(Value::Kind::Percent, replayed(in).summary.steady);
     }}};
const TermRegistration kFirst{
    {"replayFirst", TermArg::None, TermScope::Change, false,
     [](const TermInput& in) { return numberValue(Value::Kind::Percent, replayed(in).first); }}};
const TermRegistration kExtraOrigin{
    {"replayExtraOrigin", TermArg::None, TermScope::Change, false, [](const TermInput& in) {
         return countValue(uint64_t(std::max<int64_t>(0, replayed(in).summary.extraOrigin)));
     }}};
const TermRegistration kRecovery{
    {"replayRecovery", TermArg::None, TermScope::Change, false, [](const TermInput& in) {
         const std::optional<uint64_t> r = replayed(in).summary.recovered;
         if (!r) {
             throw InputError("", "the hit ratio does not come back within the replay");
         }
         return countValue(*r);
     }}};

}  // namespace

}  // namespace ringscope::lesson
