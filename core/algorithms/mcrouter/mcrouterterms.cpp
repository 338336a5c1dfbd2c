// mcrouter's lesson term (moduleterms.h): the server of a key.
#include "mcrouterplacement.h"
#include "moduleterms.h"

namespace ringscope::lesson {

namespace {

// {mcrouterServer:KEY}: the server (its place in the pool, from 0) the scenario's mcrouter hash
// function gives the key's routing key, down or not.
const TermRegistration kMcrouterServer{
    {"mcrouterServer", TermArg::Key, TermScope::State, false, [](const TermInput& in) {
         return countValue(mcrouterServer(in.worked.scenario(), in.worked.keyName(in.key())));
     }}};

}  // namespace

}  // namespace ringscope::lesson
