// Rendezvous hashing's lesson terms (moduleterms.h), plain HRW over the scenario's nodes as
// seed 000 scores it: the winner of a key, the first 8 bytes of a node's SHA-256 score, and
// weighted HRW's race time -ln(U) / w.
#include "moduleterms.h"
#include "rendezvous.h"
#include "rendezvousplacement.h"
#include "ringscope/error.h"
#include "ringscope/placement.h"

namespace ringscope::lesson {

namespace {

// {hrwWinner:KEY}
const TermRegistration kWinner{
    {"hrwWinner", TermArg::Key, TermScope::State, false, [](const TermInput& in) {
         const Placement& placement = in.worked.placement();
         uint32_t winner = 0;
         hrwTop(in.worked.keyName(in.key()), placement.nodeIds(), placement.weights(),
                HrwVariant::Plain, {&winner, 1});
         return textValue(Value::Kind::Node, in.worked.nodeId(winner));
     }}};
// {hrwScore:NODE,KEY}: 16 hex digits.
const TermRegistration kScore{
    {"hrwScore", TermArg::NodeKey, TermScope::State, false, [](const TermInput& in) {
         const size_t node = in.node();
         const Digest256 digest = hrwScore(in.worked.keyName(in.key()), in.worked.nodeId(node));
         std::string hex;
         for (size_t i = 0; i < 8; ++i) {
             appendHexByte(hex, digest[i]);
         }
         return textValue(Value::Kind::Text, hex);
     }}};
// {hrwTime:NODE,KEY}
const TermRegistration kTime{
    {"hrwTime", TermArg::NodeKey, TermScope::State, false, [](const TermInput& in) {
         const size_t node = in.node();
         return numberValue(
             Value::Kind::Ratio,
             hrwWeightedTime(hrwScore(in.worked.keyName(in.key()), in.worked.nodeId(node)),
                             in.worked.placement().weights()[node]));
     }}};

}  // namespace

}  // namespace ringscope::lesson
