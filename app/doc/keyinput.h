#pragma once
// The keys a command works on: from --keys files, --key arguments, or the scenario's own set,
// hashed for one placement with every error naming its source line.

#include <string>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct KeyInput {
    std::vector<std::string> files;  // "-" is standard input
    std::vector<std::string> keys;   // --key arguments
    bool empty() const { return files.empty() && keys.empty(); }
};

// The named keys, in input order (files first, then --key), or the scenario's own key set,
// with the scenario's sizes and popularity. Keys from a single file keep their line numbers for
// messages. Everything within the limits (see limits.h). Throws InputError.
KeySet resolveKeys(const KeyInput& input, const Scenario& scenario,
                   const Limits& limits = Limits());

}  // namespace ringscope
