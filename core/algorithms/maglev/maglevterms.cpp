// Maglev's lesson terms (moduleterms.h): its lookup table's size, a node's entries against its
// ideal share, where its permutation starts and its step, the table itself when small, and the
// entries a change moved.
#include "maglev.h"
#include "maglevplacement.h"
#include "moduleterms.h"
#include "ringscope/error.h"
#include "ringscope/placement.h"

namespace ringscope::lesson {

namespace {

// {maglevTable} lists tables of at most this many entries.
constexpr uint64_t kMaxListedEntries = 31;

const MaglevTable& tableOf(const Worked& worked) {
    if (const auto* maglev = worked.placement().stateAs<MaglevPlacement>()) {
        return maglev->table();
    }
    throw InputError("", "the scenario is not Maglev, so it has no lookup table");
}

uint32_t nodeOf(const TermInput& in) {
    return static_cast<uint32_t>(in.node());
}

// {tableSize}: M.
const TermRegistration kTableSize{
    {"tableSize", TermArg::None, TermScope::State, false,
     [](const TermInput& in) { return countValue(tableOf(in.worked).size()); }}};
// {tableEntries:NODE}: the entries the node holds.
const TermRegistration kTableEntries{
    {"tableEntries", TermArg::Node, TermScope::State, false,
     [](const TermInput& in) { return countValue(tableOf(in.worked).entryCount(nodeOf(in))); }}};
// {idealEntries:NODE}: M · w / Σw.
const TermRegistration kIdealEntries{
    {"idealEntries", TermArg::Node, TermScope::State, false, [](const TermInput& in) {
         return numberValue(Value::Kind::Ratio, tableOf(in.worked).idealEntries(nodeOf(in)));
     }}};
// {maglevOffset:NODE}: xxh64(id, 0) mod M.
const TermRegistration kOffset{
    {"maglevOffset", TermArg::Node, TermScope::State, false, [](const TermInput& in) {
         return countValue(tableOf(in.worked).permutation(nodeOf(in)).offset);
     }}};
// {maglevSkip:NODE}: xxh64(id, 1) mod (M − 1) + 1.
const TermRegistration kSkip{
    {"maglevSkip", TermArg::Node, TermScope::State, false, [](const TermInput& in) {
         return countValue(tableOf(in.worked).permutation(nodeOf(in)).skip);
     }}};
// {maglevTable}: the node of every entry, in order.
const TermRegistration kTable{
    {"maglevTable", TermArg::None, TermScope::State, false, [](const TermInput& in) {
         const MaglevTable& table = tableOf(in.worked);
         if (table.size() > kMaxListedEntries) {
             throw InputError("", "the table has " + std::to_string(table.size()) +
                                      " entries; {maglevTable} lists at most " +
                                      std::to_string(kMaxListedEntries));
         }
         std::string ids;
         for (const uint32_t n : table.entries()) {
             ids += (ids.empty() ? "" : " ") + in.worked.nodeId(n);
         }
         return textValue(Value::Kind::Text, ids);
     }}};
// {entriesMoved}: table entries whose node changed, Maglev before and after with one size.
const TermRegistration kEntriesMoved{
    {"entriesMoved", TermArg::None, TermScope::Change, false, [](const TermInput& in) {
         const Placement& before = in.scene.baseline()->placement();
         const Placement& after = in.scene.current().placement();
         const auto* a = before.stateAs<MaglevPlacement>();
         const auto* b = after.stateAs<MaglevPlacement>();
         if (!a || !b || a->tableSize() != b->tableSize()) {
             throw InputError("", "needs Maglev before and after, with one table size");
         }
         return countValue(
             maglevEntriesMoved(a->table(), before.nodeIds(), b->table(), after.nodeIds()));
     }}};

}  // namespace

}  // namespace ringscope::lesson
