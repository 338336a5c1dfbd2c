#include "scenariojson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

#include "filewrite.h"
#include "jsonscan.h"
#include "jsonvalue.h"
#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/inputfile.h"
#include "ringscope/placement.h"
#include "ringscope/work.h"

using namespace Qt::StringLiterals;

namespace ringscope {

namespace {

std::string utf8(const QString& s) {
    return s.toStdString();
}
QString qstr(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

json::Value jsonFromText(std::string_view text, const Limits& limits) {
    scanJson(text, limits);
    const QByteArray json = QByteArray::fromRawData(text.data(), qsizetype(text.size()));
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        // Turn the byte offset into line:column for the message.
        const QByteArray head = json.left(error.offset);
        const qsizetype line = head.count('\n') + 1;
        const qsizetype column = error.offset - (head.lastIndexOf('\n') + 1) + 1;
        throw InputError("", "not valid JSON: " + utf8(error.errorString()))
            .atLine(static_cast<uint32_t>(line), static_cast<uint32_t>(column));
    }
    return fromQJson(doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()));
}

Scenario scenarioFromJson(const QByteArray& json, const Limits& limits) {
    // The core says what a scenario file must be (an object with "format", ...).
    return scenarioFromValue(
        jsonFromText(std::string_view(json.constData(), size_t(json.size())), limits), limits);
}

QByteArray scenarioToJson(const Scenario& s) {
    json::Object o = scenarioToValue(s).toObject();
    o.remove("format");
    // QJsonDocument writes members in name order; "format" goes first, where the desktop's file
    // types and fileFormat() look for it (fileformat.h).
    const QByteArray members = QJsonDocument(toQJson(json::Value(std::move(o))).toObject())
                                   .toJson(QJsonDocument::Indented)
                                   .mid(1);
    return "{\n    \"format\": \"" + QByteArray(kFormatV1) + '"' +
           (members.trimmed() == "}" ? QByteArray() : QByteArray(",")) + members;
}

void ReadOptions::waive(const Waiver& waiver) {
    switch (waiver.kind) {
        case Waiver::Kind::RaiseLimit:
            limits.set(waiver.limit, std::max(limits[waiver.limit], waiver.needed));
            break;
        case Waiver::Kind::ReadOutsideFolder:
            allowOutsideFiles = true;
            break;
    }
}

QByteArray readInputFile(const QString& path, const Limits& limits, Limit limit) {
    if (path.startsWith(u':')) {  // a Qt resource: built into the program
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            throw InputError("", "no such file").inFile(utf8(path));
        }
        checkLimit(limits, limit, static_cast<uint64_t>(file.size()), "", "bytes");
        return file.readAll();
    }
    const std::string bytes = readRegularFile(utf8(path), limits, limit);
    return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
}

std::string resolveKeyFile(const QString& scenarioPath, const std::string& file, bool allowOutside,
                           std::string_view reader) {
    const QDir folder = QFileInfo(scenarioPath).absoluteDir();
    if (scenarioPath.startsWith(u':')) {  // a built-in scenario: nobody else wrote it
        return utf8(QDir::cleanPath(folder.absoluteFilePath(qstr(file))));
    }
    const QString written = QDir::cleanPath(folder.absoluteFilePath(qstr(file)));
    // Compare real paths: a symbolic link beside the scenario may point anywhere.
    const QString real = QFileInfo(written).canonicalFilePath();
    const QString resolved = real.isEmpty() ? written : real;
    const QString root = folder.canonicalPath();
    const bool inside =
        resolved == root || resolved.startsWith(root.endsWith(u'/') ? root : root + u'/');
    if (!allowOutside && !inside) {
        const std::string name(reader);
        throw InputError("keys.file", quotedText(file, kQuotedPathBytes) + " is outside the " +
                                          name + "'s folder (" + utf8(folder.path()) + "); a " +
                                          name + " reads key files beside it or below it")
            .waivable({Waiver::Kind::ReadOutsideFolder, {}, 0, utf8(resolved)});
    }
    return utf8(resolved);
}

Scenario loadScenarioFile(const QString& path, const ReadOptions& options) {
    const std::string where = utf8(path);
    try {
        Scenario s = scenarioFromJson(readInputFile(path, options.limits, Limit::ScenarioBytes),
                                      options.limits);
        if (s.keys.kind == KeySetSpec::Kind::File) {
            resolveKeyFile(path, s.keys.file, options.allowOutsideFiles);  // checks the folder
            s.keys.fileBase = utf8(QFileInfo(path).absolutePath());
        }
        return s;
    } catch (InputError& e) {
        throw e.inFile(where);
    }
}

Scenario loadScenarioFileAsking(const QString& path, ReadOptions& options,
                                const WaiverQuestion& ask, bool countKeyFile) {
    for (;;) {
        try {
            Scenario scenario = loadScenarioFile(path, options);
            if (countKeyFile) {
                checkKeyFileWork(scenario, options.limits);
            }
            return scenario;
        } catch (const InputError& e) {
            if (!e.waiver() || !ask || !ask(e)) {
                throw;
            }
            options.waive(*e.waiver());
        }
    }
}

KeySetSpec keysSavedIn(const KeySetSpec& keys, const QString& folder) {
    if (keys.kind != KeySetSpec::Kind::File || !QDir::isRelativePath(qstr(keys.file)) ||
        keys.fileBase.empty() || QDir(qstr(keys.fileBase)) == QDir(folder)) {
        return keys;
    }
    KeySetSpec saved = keys;
    saved.file = utf8(QDir(folder).relativeFilePath(qstr(keyFilePath(keys))));
    saved.fileBase = utf8(folder);
    return saved;
}

void saveScenarioFile(const Scenario& scenario, const QString& path) {
    Scenario saved = scenario;
    saved.keys = keysSavedIn(scenario.keys, QFileInfo(path).absolutePath());
    const QByteArray json = scenarioToJson(saved);
    writeFileAtomically(path, [&](QIODevice& file) { return file.write(json) == json.size(); });
}

void checkKeyFileWork(const Scenario& scenario, const Limits& limits) {
    if (scenario.keys.kind != KeySetSpec::Kind::File) {
        return;
    }
    checkKeyWork(scenario, countKeyFile(keyFilePath(scenario.keys), limits), limits);
}

KeySet scenarioKeys(const Scenario& scenario, const Limits& limits) {
    KeySet keys = generateKeys(scenario.keys, limits);
    checkKeyWork(scenario, keyVolume(keys.names), limits);
    return keys;
}

namespace {

// A refusal of the scenario an import wrote, as the input's reader would give it: the problem of
// a node at the input line that declares it, any other without a place (a line and column of
// JSON the user never saw).
// An importer's JSON document, a syntax error placed in its file.
json::Value importJson(std::string_view text, const std::string& source, const Limits& limits) {
    try {
        return jsonFromText(text, limits);
    } catch (InputError& e) {
        throw e.inFile(source);
    }
}

InputError inInput(const InputError& e, const std::string& source, const Scenario& imported,
                   const std::vector<uint32_t>& nodeLines) {
    std::optional<size_t> node = e.nodeIndex();
    std::string field = e.field();
    static constexpr std::string_view kNodes = "nodes[";
    if (!node && field.starts_with(kNodes)) {  // "nodes[12].id" from the JSON reader
        const size_t close = field.find(']');
        if (const std::optional<uint64_t> index = parseDecimalU64(
                std::string_view(field).substr(kNodes.size(), close - kNodes.size()))) {
            node = size_t(*index);
            const size_t rest = field.find('.', close);
            field = rest == std::string::npos ? std::string() : field.substr(rest + 1);
        }
    }
    InputError out(field, e.message());
    out.inFile(source);
    if (node && *node < imported.nodes.size() && *node < nodeLines.size()) {
        out.atLine(nodeLines[*node]).forNode(*node, imported.nodes[*node].id);
    } else if (node) {
        out.forNode(*node, e.nodeId());
    }
    out.waivableAs(e);
    return out;
}

}  // namespace

std::vector<std::string> importParts(const Importer& importer, std::string_view text,
                                     const std::string& source, const Limits& limits) {
    if (importer.jsonParts) {
        return importer.jsonParts(importJson(text, source, limits), source);
    }
    return importer.parts ? importer.parts(text, source) : std::vector<std::string>();
}

Scenario importedScenario(const Importer& importer, std::string_view text,
                          const std::string& source, const std::string& name, std::string_view part,
                          const Limits& limits) {
    checkUtf8Text(text, source);
    std::vector<uint32_t> nodeLines;
    Scenario imported =
        importer.readJson ? importer.readJson(importJson(text, source, limits), source, name, part)
                          : importer.read(text, source, name, part, &nodeLines);
    // The title and description quote the file's names (pools, upstreams, its own name): a
    // control byte among them is written out, as the command line shows it.
    imported.title = withControlsEscaped(imported.title);
    imported.description = withControlsEscaped(imported.description);
    try {
        const QByteArray json = scenarioToJson(imported);
        // A file every command reads: within scenario-bytes too (a million nodetool tokens
        // wrote 39 MB that stats refused).
        checkLimit(limits, Limit::ScenarioBytes, uint64_t(json.size()), "",
                   "bytes of the scenario written");
        const Scenario read = scenarioFromJson(json, limits);
        Placement::build(read, limits);
        return read;
    } catch (const InputError& e) {
        if (e.hasSource() && e.file() != source) {
            throw;  // a file of its own (none today): its own place
        }
        throw inInput(e, source, imported, nodeLines);
    }
}

}  // namespace ringscope
