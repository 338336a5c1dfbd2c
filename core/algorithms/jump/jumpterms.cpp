// Jump hash's lesson terms (moduleterms.h): the bucket of a key for this many nodes, and the
// keys that move when a node leaves, the bucket table repaired either way.
#include "jump.h"
#include "jumpplacement.h"
#include "membershipchange.h"
#include "moduleterms.h"
#include "ringscope/error.h"
#include "ringscope/registry.h"

namespace ringscope::lesson {

namespace {

// Keys that move when `node` leaves the scenario's jump placement, repaired by `mode`. Throws
// InputError when the scenario is not jump or has a single node.
size_t removalMoved(const Worked& worked, size_t node, JumpRemoval mode) {
    const Scenario& s = worked.scenario();
    if (!algorithmOf(s).traits().bucketTable) {
        throw InputError("", "needs a jump placement; this one is \"" +
                                 std::string(algorithmName(s.algorithm)) + "\"");
    }
    return compare(worked,
                   *Worked::of(withoutNode(s, node, jumpRemovalMode(mode)), worked.limits()))
        .moved;
}

// {jumpBucket:KEY}: jump hash's bucket for the key's 64-bit hash and this many nodes.
const TermRegistration kJumpBucket{
    {"jumpBucket", TermArg::Key, TermScope::State, false, [](const TermInput& in) {
         return countValue(static_cast<uint64_t>(
             jumpHash(in.worked.hash64(in.key()), static_cast<int32_t>(in.worked.nodeCount()))));
     }}};
// {jumpRenumberMoved:NODE}: keys moved if the node left, the buckets after it renumbered.
const TermRegistration kRenumberMoved{
    {"jumpRenumberMoved", TermArg::Node, TermScope::State, true, [](const TermInput& in) {
         return countValue(removalMoved(in.worked, in.node(), JumpRemoval::Renumber));
     }}};
// {jumpMoveLastMoved:NODE}: the same, the last bucket's node taking the freed bucket.
const TermRegistration kMoveLastMoved{
    {"jumpMoveLastMoved", TermArg::Node, TermScope::State, true, [](const TermInput& in) {
         return countValue(removalMoved(in.worked, in.node(), JumpRemoval::MoveLast));
     }}};

}  // namespace

}  // namespace ringscope::lesson
