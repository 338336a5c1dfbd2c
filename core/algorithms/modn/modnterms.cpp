// mod-N's lesson term (moduleterms.h): {modBucket:KEY}, the key's 64-bit hash mod the node count.
#include "moduleterms.h"

namespace ringscope::lesson {

namespace {

const TermRegistration kModBucket{
    {"modBucket", TermArg::Key, TermScope::State, false, [](const TermInput& in) {
         return countValue(in.worked.hash64(in.key()) % in.worked.nodeCount());
     }}};

}  // namespace

}  // namespace ringscope::lesson
