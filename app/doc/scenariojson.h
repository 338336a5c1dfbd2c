#pragma once
// The scenario file (SPEC §3, "ringscope/1"): JSON <-> ringscope::Scenario.
// Every error is an InputError naming the field ("nodes[1] (B).weight") and, for files, the file.

#include <QByteArray>
#include <QString>

#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr char kFormatV1[] = "ringscope/1";

// Parses and validates. Throws InputError (malformed JSON: with line and column).
Scenario scenarioFromJson(const QByteArray& json);
// Indented JSON; positions above 2^53 are written as decimal strings so nothing is rounded.
QByteArray scenarioToJson(const Scenario& scenario);

// Reads a scenario file; a relative "keys.file" is resolved against the file's folder.
// Throws InputError whose where() starts with the path.
Scenario loadScenarioFile(const QString& path);
// Atomic save (writeFileAtomically): the old file stays intact, byte for byte, if anything
// fails. Throws InputError naming the file.
void saveScenarioFile(const Scenario& scenario, const QString& path);

// Builds the scenario's key set (reads its key file if it has one). Throws InputError.
KeySet scenarioKeys(const Scenario& scenario);

}  // namespace ringscope
