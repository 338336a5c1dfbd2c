#pragma once
// The lesson layer's one door into the core and the scenario codec. Everything a lesson asks of
// placements, assignments, diffs and statistics goes through this file, so the rest of the
// lesson code sees scenarios only as values and keys and nodes only by name. An algorithm's own
// terms (moduleterms.h) read its placement's state from its module's folder.

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/error.h"
#include "ringscope/limits.h"
#include "ringscope/module.h"
#include "ringscope/names.h"
#include "ringscope/scenario.h"

namespace ringscope {
class Placement;
}

namespace ringscope::lesson {

// The message of an InputError without its "where: " prefix, so a caller can name a wider place.
std::string messageOf(const InputError& error);
// Rethrows `error` as if it happened inside `where` ("steps[2].scenario" + "nodes[1] (B)"),
// keeping what would lift it (its waiver).
[[noreturn]] void rethrowWithin(const std::string& where, const InputError& error);

// ---- Scenarios as values -----------------------------------------------------------------------

// An inline ringscope/1 scenario object, read and validated by the scenario codec within the
// limits.
Scenario scenarioFromObject(const QJsonObject& object, const Limits& limits = Limits());
// A built-in preset, resources/presets/NAME.json (embedded by resources/ringscope.qrc), within
// the limits; NAME must be one of presetNames().
Scenario presetScenario(const QString& name, const Limits& limits = Limits());
// The built-in preset names, sorted ("seed000-ring", ...).
QStringList presetNames();

// A closed set of edits of a scenario, in the scenario file's own vocabulary.
enum class EditOp : uint8_t {
    AddNode,     // append `fields` as a node object ({"id": "D", "tokens": [40]})
    RemoveNode,  // remove `node`, by `removal` when given (jump: its bucket table's repair)
    MoveToken,   // move `node`'s explicit token at `from` to `to`
    Set,         // merge-patch `fields` into the scenario (algorithm, replicas, keys, ...)
    SetNode      // merge-patch `fields` into `node`'s object ("*": every node)
};
inline constexpr NamedValue<EditOp> kEditOpNames[] = {
    {EditOp::AddNode, "add-node"},     {EditOp::RemoveNode, "remove-node"},
    {EditOp::MoveToken, "move-token"}, {EditOp::Set, "set"},
    {EditOp::SetNode, "set-node"},
};
static_assert(indexedByValue(kEditOpNames));
constexpr std::string_view editOpName(EditOp op) {  // "add-node", "remove-node", ...
    return nameIn(kEditOpNames, op);
}
constexpr std::optional<EditOp> editOpFromName(std::string_view name) {
    return valueIn(kEditOpNames, name);
}

struct Edit {
    EditOp op = EditOp::Set;
    std::string node;
    QJsonObject fields;
    uint64_t from = 0;
    uint64_t to = 0;
    std::optional<RemovalMode> removal;  // the algorithm's default when not given
};

// Applies one edit. Set, SetNode and AddNode are JSON Merge Patches (RFC 7386: objects merge,
// null deletes, anything else replaces) of the scenario file, re-read by the codec. Throws
// InputError whose where() names the edit's field ("node", "from") or the scenario's
// ("nodes[3] (D).weight").
Scenario applyEdit(const Scenario& scenario, const Edit& edit, const Limits& limits = Limits());

// The numbers a lesson may write as they are, because they define the scenario rather than
// result from it: explicit token positions, vnode counts, weights, replicas, the node count, the
// key count and the first and last pattern key, a numeric space and its ends (0 and space - 1),
// Maglev's table size and the bounded-load factor (1.25, and as a percent, 125).
std::vector<double> setupNumbers(const Scenario& scenario);
// The counts among them — keys, nodes, vnodes per node, replicas: the only numbers a lesson may
// write as a count ("100 keys", "3 nodes", "4 tokens each"); a token position is not one.
std::vector<double> setupCounts(const Scenario& scenario);
// The node ids of a scenario, in order.
std::vector<std::string> nodeIds(const Scenario& scenario);
// A node's explicit token positions (empty if it has none or is unknown).
std::vector<uint64_t> explicitTokens(const Scenario& scenario, std::string_view node);

// ---- Scenarios worked out by the core
// ------------------------------------------------------------

struct Arc {
    uint64_t from = 0;  // exclusive
    uint64_t to = 0;    // inclusive
};

struct Change;

// One scenario placed, its keys generated, hashed and assigned, and its load measured.
// Immutable; lookups by key name are O(1) expected.
class Worked {
public:
    // Throws InputError (the scenario's own field names) when the core rejects the scenario or
    // it asks for more than the limits allow; what is worked out from it (another algorithm's
    // placement, a node removed) keeps to the same limits.
    static std::shared_ptr<const Worked> of(const Scenario& scenario,
                                            const Limits& limits = Limits());
    ~Worked();

    const Scenario& scenario() const;
    const Limits& limits() const;
    size_t keyCount() const;
    std::string keyName(size_t key) const;
    std::optional<size_t> keyIndex(std::string_view name) const;
    size_t nodeCount() const;
    const std::string& nodeId(size_t node) const;
    std::optional<size_t> nodeIndex(std::string_view id) const;
    size_t replicas() const;

    size_t primary(size_t key) const;              // node index
    std::vector<size_t> owners(size_t key) const;  // primary first
    uint64_t position(size_t key) const;           // key hash reduced to the space
    uint64_t hash64(size_t key) const;             // the 64-bit key hash (jump, mod-N)
    // The core's placement, for a module's own terms (moduleterms.h) to read its state.
    const Placement& placement() const;

    uint64_t keysOf(size_t node) const;
    double weightShare(size_t node) const;  // its fair share (stats.h fairShares())
    double maxOverMean() const;             // of keys per node
    double minOverMean() const;
    double stddevOverMean() const;

    bool isRing() const;
    size_t tokenCount() const;
    size_t tokensOf(size_t node) const;
    // The arcs (p, q] the node owns, clockwise from the lowest token; adjacent arcs merged.
    std::vector<Arc> arcsOf(size_t node) const;

    // Bounded loads (bounded_load.h); each throws InputError when the scenario has none.
    double balanceFactor() const;          // c
    uint64_t capacity(size_t node) const;  // once every key is placed
    size_t displaced() const;              // keys away from their first choice
    size_t firstChoice(size_t key) const;  // the first node of the key's walk

    struct Impl;

private:
    friend Change compare(const Worked& before, const Worked& after);
    explicit Worked(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};
using WorkedPtr = std::shared_ptr<const Worked>;

// What a change did to the same keys: the core's diff, named by node id.
struct Change {
    size_t keys = 0;
    size_t moved = 0;               // keys whose primary owner changed
    size_t replicaOnly = 0;         // keys whose replica set changed while the primary stayed
    double ideal = 0;               // the share an ideal scheme moves for this membership change
    std::vector<size_t> movedKeys;  // key indices, ascending
    std::map<std::string, size_t> movedTo;    // new primary -> moved keys
    std::map<std::string, size_t> movedFrom;  // old primary -> moved keys
};
// Throws InputError when the two scenarios do not hold the same keys.
Change compare(const Worked& before, const Worked& after);

// The same change with both scenarios placed by the algorithm of that scenario-file name
// ("modn", "rendezvous", ...), primaries only, no zones. Throws InputError for an unknown name.
Change compareUnder(const Worked& before, const Worked& after, std::string_view algorithm);

// The same change with bounded loads switched off on both sides: what plain placement moves.
Change compareUnbounded(const Worked& before, const Worked& after);

}  // namespace ringscope::lesson
