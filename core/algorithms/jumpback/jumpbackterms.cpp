// JumpBack's lesson term (moduleterms.h): the bucket of a key for this many nodes.
#include "jumpback.h"
#include "jumpbackplacement.h"
#include "moduleterms.h"

namespace ringscope::lesson {

namespace {

// {jumpBackBucket:KEY}: JumpBack's bucket for the key's 64-bit value and this many nodes, with
// the scenario's PRNG ("jumpback": {"prng"}).
const TermRegistration kJumpBackBucket{
    {"jumpBackBucket", TermArg::Key, TermScope::State, false, [](const TermInput& in) {
         return countValue(jumpBackHash(in.worked.hash64(in.key()),
                                        static_cast<uint32_t>(in.worked.nodeCount()),
                                        in.worked.scenario().params.get<JumpBackParams>().prng));
     }}};

}  // namespace

}  // namespace ringscope::lesson
