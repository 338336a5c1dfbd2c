#pragma once
// The scenario file (SPEC §3, "ringscope/1"): JSON <-> ringscope::Scenario.
// Every error is an InputError naming the field ("nodes[1] (B).weight") and, for files, the file.

#include <QByteArray>
#include <QString>

#include <functional>

#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/module.h"
#include "ringscope/scenario.h"
#include "ringscope/scenariofile.h"

namespace ringscope {

// How far a reader may go: the limits, and whether a scenario may read a key file outside its
// own folder (the command-line tool's --allow-outside-files; the desktop program asks).
struct ReadOptions {
    Limits limits;
    bool allowOutsideFiles = false;
    // Lifts the refusal an InputError's waiver describes (raises the limit, allows the file).
    void waive(const Waiver& waiver);
};

// Parses, validates and checks what the scenario would cost (checkWork). Refuses a key named
// twice in one object, and strings and arrays over the limits, before the text is parsed.
// Throws InputError (malformed JSON: with line and column).
Scenario scenarioFromJson(const QByteArray& json, const Limits& limits = Limits());
// The JSON text's value, read as scenarioFromJson reads a file (the same checks first). Throws
// InputError (malformed JSON: with line and column).
json::Value jsonFromText(std::string_view text, const Limits& limits = Limits());

// What an importer gives for another system's file, as `ringscope-cli import` writes it and the
// window opens it: the text must be UTF-8 (checkUtf8Text), and the scenario reads back from its
// JSON and places its keys within `limits`, so every command reads what import writes (an
// upstream of weight-0 servers once gave a file `stats` refused). Throws InputError.
Scenario importedScenario(const Importer& importer, std::string_view text,
                          const std::string& source, const std::string& name, std::string_view part,
                          const Limits& limits);
// The parts of `text` the importer offers to choose from (Importer::parts, or jsonParts of the
// text read as JSON); empty when it reads a file whole. Throws InputError.
std::vector<std::string> importParts(const Importer& importer, std::string_view text,
                                     const std::string& source, const Limits& limits);
// Indented JSON; positions above 2^53 are written as decimal strings so nothing is rounded.
QByteArray scenarioToJson(const Scenario& scenario);

// Reads a scenario file: a regular file (or a Qt resource) of at most scenario-bytes. "keys.file"
// stays as written; a relative one is read from the scenario file's folder (keys.fileBase), and
// resolveKeyFile checks that it stays in that folder. Throws InputError whose where() starts
// with the path.
Scenario loadScenarioFile(const QString& path, const ReadOptions& options = ReadOptions());

// Asked when a reader meets a refusal the user may lift (InputError::waiver): true lifts it.
using WaiverQuestion = std::function<bool(const InputError&)>;
// loadScenarioFile, and checkKeyFileWork on what it read (unless `countKeyFile` is false: the
// caller reads the key file next and asks then), asking `ask` about each refusal it can lift and
// lifting it in `options` (a file may meet a few: its folder, its size, its keys). Throws the
// InputError it cannot get past (a declined one included).
Scenario loadScenarioFileAsking(const QString& path, ReadOptions& options,
                                const WaiverQuestion& ask, bool countKeyFile = true);

// Where the "keys.file" of the scenario file at `scenarioPath` is: as written when absolute, else
// relative to the scenario file's folder. Unless `allowOutside`, a file that is not inside that
// folder (symbolic links followed) is refused: InputError("keys.file") with the waiver that
// allows it. A scenario someone else wrote cannot make a service read /etc/passwd. `reader`
// names the file in the message ("scenario", "lesson": a lesson's steps read from its folder).
std::string resolveKeyFile(const QString& scenarioPath, const std::string& file, bool allowOutside,
                           std::string_view reader = "scenario");

// The bytes of a file a reader is given: a Qt resource (":/presets/..."), or else a regular file
// read by readRegularFile within limits[limit]. Throws InputError naming the file.
QByteArray readInputFile(const QString& path, const Limits& limits, Limit limit);
// Atomic save (writeFileAtomically): the old file stays intact, byte for byte, if anything
// fails. A relative "keys.file" stays relative: as written when saved into the folder it was
// relative to, else rewritten to point at the same file from the new folder. Throws InputError
// naming the file.
void saveScenarioFile(const Scenario& scenario, const QString& path);
// The key set of `keys` as saved into `folder` (see saveScenarioFile).
KeySetSpec keysSavedIn(const KeySetSpec& keys, const QString& folder);

// Reads the scenario's key file, if it has one, only to count its keys (nothing is kept), and
// checks them against the limits as scenarioKeys would: a reader that asks before it goes past
// a limit asks before the computation starts. Throws InputError.
void checkKeyFileWork(const Scenario& scenario, const Limits& limits);

// Builds the scenario's key set within the limits (reads its key file if it has one) and checks
// what assigning it costs (checkKeyWork). Throws InputError.
KeySet scenarioKeys(const Scenario& scenario, const Limits& limits = Limits());

}  // namespace ringscope
