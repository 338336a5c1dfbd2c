#pragma once
// The scenario file (SPEC §3, "ringscope/1") as a JSON value <-> a Scenario. The app parses and
// prints the text (app/document/scenariojson.h, which also reads the files); this is what the
// fields mean. Every error is an InputError naming the field ("nodes[1] (B).weight").

#include "ringscope/json.h"
#include "ringscope/limits.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr char kFormatV1[] = "ringscope/1";

// Reads every field, then validates the scenario and checks what it would cost (checkWork).
// Throws InputError.
Scenario scenarioFromValue(const json::Value& root, const Limits& limits = Limits());
// The scenario's fields; positions above 2^53 as decimal strings, so nothing is rounded.
json::Value scenarioToValue(const Scenario& scenario);

}  // namespace ringscope
