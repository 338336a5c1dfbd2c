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

// Reads a scenario file. "keys.file" stays as written; a relative one is read from the scenario
// file's folder (keys.fileBase). Throws InputError whose where() starts with the path.
Scenario loadScenarioFile(const QString& path);
// Atomic save (QSaveFile): the old file stays intact if anything fails. A relative "keys.file"
// stays relative: as written when saved into the folder it was relative to, else rewritten to
// point at the same file from the new folder. Throws InputError.
void saveScenarioFile(const Scenario& scenario, const QString& path);
// The key set of `keys` as saved into `folder` (see saveScenarioFile).
KeySetSpec keysSavedIn(const KeySetSpec& keys, const QString& folder);

// Builds the scenario's key set (reads its key file if it has one). Throws InputError.
KeySet scenarioKeys(const Scenario& scenario);

}  // namespace ringscope
