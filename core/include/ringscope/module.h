#pragma once
// A module: one placement algorithm, one ring token scheme or one family of key hashes, each in
// its own folder of core/ (algorithms/NAME/, tokenschemes/NAME/, keyhashes/NAME/) as Envoy gives
// each load-balancing policy a folder. A module holds everything only it knows: its parameters
// (a struct kept in the scenario's ModuleParams, read from and written to its own JSON object),
// their validation, what it costs (work.h checks the amounts against the limits), its placement
// or its tokens or its hash, its failover rule, its traits and its name row. The registry
// (registry.h) lists the modules; everything else iterates over it and asks traits, never which
// module it is.
//
// This header holds the interfaces only (forward declarations of what they take), so every unit
// may include it, and the registry with it, without an include loop.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/json.h"
#include "ringscope/key_encoding.h"
#include "ringscope/limits.h"
#include "ringscope/ring.h"

// Marks a text people read for the translation files: lupdate reads core/ as well as app/, and
// the app translates the text under the context given (the core has no Qt: the mark is the text).
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace ringscope {

// The closed sets of modules (registry.h defines them, one enumerator per registered module).
enum class Algorithm : uint8_t;
enum class TokenScheme : uint8_t;
enum class HashKind : uint8_t;

struct Scenario;
struct NodeSpec;
struct PlacementNodes;
struct KeyHashing;
class PlacementState;

// ---- What a scenario costs ------------------------------------------------------------------

// One amount a scenario asks for, counted from its numbers before anything is built: checked
// against `limit`, and refused naming `field` (or, with `node`, that node) and `what` it counts.
struct WorkItem {
    Limit limit{};
    uint64_t amount = 0;
    std::string field;
    std::string_view what;
    std::optional<size_t> node = std::nullopt;
    // Per key items only: more per byte of the keys' names, where a key's whole name is hashed
    // again for each of `perKeyByte` things (rendezvous hashes each key with every node id).
    uint64_t perKeyByte = 0;
    // What each counted thing weighs in workUnits (work.h): a token or a table step 2, a
    // rendezvous digest 20; 0 for what the keys' own weight already covers.
    uint64_t units = 0;
};

// What placing a scenario costs: building it once, and routing each key (amounts per key).
struct Work {
    std::vector<WorkItem> build;
    std::vector<WorkItem> perKey;
};

// ---- Config importers -----------------------------------------------------------------------

// A reader of another system's configuration or status text (`nodetool ring`, an nginx upstream
// block) that gives the equivalent scenario; `ringscope-cli import NAME FILE` runs it. A module
// lists the importers it brings (KeyHashModule::importers, ...).
struct Importer {
    std::string_view name;   // "nodetool-ring"
    std::string_view about;  // one line for the usage text
    // The scenario of `text`. `source` names it in messages (its path), `name` in the scenario's
    // title and description (its file name), `part` the part of a file that holds several
    // (an nginx upstream; empty: the only one). `nodeLines` receives the line of `text` that
    // declares each node, in node order, so that a refusal of a node names its line. Throws
    // InputError("source:line", ...).
    Scenario (*read)(std::string_view text, const std::string& source, const std::string& name,
                     std::string_view part, std::vector<uint32_t>* nodeLines);
    // The command-line option that gives `part` ("--upstream"); empty: the file has one.
    std::string_view partOption = {};
    // The parts of `text` one may choose ("api", "cache"), for a chooser to offer; null when
    // the file has one. Throws InputError as `read` does.
    std::vector<std::string> (*parts)(std::string_view text, const std::string& source) = nullptr;
    // What `ringscope-cli help import` says of it: what it reads and the scenario it gives,
    // lines of at most 92 columns, each ending in '\n'.
    std::string_view help = {};
    // A reader of a JSON document (an Elasticsearch index's settings) has these instead of `read`
    // and `parts`: the app parses the text with the scenario files' parser, which names the line
    // and column of a syntax error, and hands over the value. Messages name the member's path.
    Scenario (*readJson)(const json::Value& root, const std::string& source,
                         const std::string& name, std::string_view part) = nullptr;
    std::vector<std::string> (*jsonParts)(const json::Value& root,
                                          const std::string& source) = nullptr;
};

// Keys an imported scenario starts with.
inline constexpr uint64_t kImportedKeyCount = 10000;

// ---- Key hashes -------------------------------------------------------------------------------

// One key hash (keyHash, tokens.hash): the 64-bit value of a key's bytes.
class KeyHashModule {
public:
    struct Traits {
        // The key is its own position (identity): a key pattern must be exactly "{i}", and the
        // hash cannot place token names.
        bool keysArePositions = false;
    };

    KeyHashModule(HashKind id, std::string_view name, Traits traits)
        : m_id(id), m_name(name), m_traits(traits) {}
    virtual ~KeyHashModule() = default;
    KeyHashModule(const KeyHashModule&) = delete;
    KeyHashModule& operator=(const KeyHashModule&) = delete;

    HashKind id() const { return m_id; }
    std::string_view name() const { return m_name; }
    const Traits& traits() const { return m_traits; }

    // The hash of the bytes, zero-extended to 64 bits; nullopt only for bytes the hash does not
    // take (identity: anything but a decimal number). O(n).
    virtual std::optional<uint64_t> hash(std::string_view bytes) const = 0;
    // A key's value under `hashing` (whose hash is this one): its text encoded into bytes, then
    // hashed; nullopt when the text is not of the encoding. (identity reads the text as the
    // number it is.)
    virtual std::optional<uint64_t> hashText(std::string_view text,
                                             const KeyHashing& hashing) const;
    // Why the key `text` has no value under `hashing`, after its quoted text: "is not a decimal
    // int32 (keyEncoding int32)".
    virtual std::string rejection(std::string_view text, const KeyHashing& hashing) const;
    // The value as its system writes it (murmur3-cassandra: a signed token).
    virtual std::string format(uint64_t value) const { return std::to_string(value); }
    // Readers of other systems' files that this family brings (none by default).
    virtual std::span<const Importer> importers() const { return {}; }

private:
    HashKind m_id;
    std::string_view m_name;
    Traits m_traits;
};

// The members of the scenario file a module reads, so that the reader refuses every other one:
// its top-level objects ("maglev"), its members of "tokens" ("name") and of a node ("slots").
// Inside an object of its own, the module refuses unknown members itself (json::allowOnly).
struct FileFields {
    std::span<const std::string_view> root = {};
    std::span<const std::string_view> tokens = {};
    std::span<const std::string_view> node = {};
};

// ---- Ring token schemes -----------------------------------------------------------------------

// What the node table calls the tokens a scheme gives a node without explicit positions.
enum class PointWord : uint8_t { Vnodes, Points, Tokens };

// What a node's weight may be. Every scheme takes finite weights > 0 unless it says more.
struct WeightRule {
    bool integer = false;      // whole numbers only
    bool zeroAllowed = false;  // 0 gives a node no tokens (it stays in the scenario)
    double max = 0;            // 0: no upper bound
    // Said after a refusal: what to change instead ("give the node more vnodes instead").
    std::string_view hint = {};
};

// A fact of a node that only its scheme knows, for the node table: what the node's own system
// calls it (a proxy's server id, the server line of its configuration). `label` is translated in
// the app under "NodeNote".
struct NodeNote {
    std::string_view label;
    std::string value;
};

// What the nodes hold, which says what becomes of a key whose every copy is down.
enum class NodeRole : uint8_t {
    // The data lives only on the nodes (a Dynamo-style store, Cassandra): such a key is
    // unavailable until a node holding it comes back.
    Store,
    // The nodes cache an origin or front stateless backends (a memcached client's or a proxy's
    // ring, a load balancer): the key's new primary serves it as a cache miss, from the origin.
    Cache
};

// Places ring tokens for the nodes without explicit positions (tokens.scheme).
class TokenSchemeModule {
public:
    struct Traits {
        LookupRule lookup = LookupRule::Successor;
        PointWord points = PointWord::Tokens;
        // Nodes take "vnodes" counts and the scheme names their tokens (tokens.hash, .name).
        bool vnodes = false;
        // Every node without explicit tokens gets tokens (no "vnodes" needed).
        bool placesEveryNode = true;
        // The scheme counts a node's tokens in "vnodes" of its own and gives a node without a
        // count this many (a library's default replica count); adding a vnode raises the count.
        // 0: no such count.
        int64_t defaultVnodes = 0;
        // The key hash of the system it reproduces, which a ring turning to it takes unless
        // another was just chosen (ketama: libmemcached's md5).
        std::optional<HashKind> keyHash = std::nullopt;
        WeightRule weights{};
        // What the ring's nodes hold when the scheme is a system's own (a proxy's, a client
        // library's); nullopt: the algorithm's role.
        std::optional<NodeRole> role = std::nullopt;
    };

    TokenSchemeModule(TokenScheme id, std::string_view name, std::string_view label, Traits traits)
        : m_id(id), m_name(name), m_label(label), m_traits(traits) {}
    virtual ~TokenSchemeModule() = default;
    TokenSchemeModule(const TokenSchemeModule&) = delete;
    TokenSchemeModule& operator=(const TokenSchemeModule&) = delete;

    TokenScheme id() const { return m_id; }
    std::string_view name() const { return m_name; }
    // "ketama (libmemcached)"; translated in the app under "TokenScheme".
    std::string_view label() const { return m_label; }
    const Traits& traits() const { return m_traits; }

    // Its parameters from the scenario's "tokens" object (read whichever scheme is chosen, so a
    // scenario switched between schemes keeps them), and back.
    virtual void readParams(const json::Object& /*tokens*/, Scenario& /*scenario*/) const {}
    virtual void writeParams(const Scenario& /*scenario*/, json::Object& /*tokens*/) const {}
    // Its fields of a node's object.
    virtual void readNode(const json::Object& /*node*/, NodeSpec& /*spec*/) const {}
    virtual void writeNode(const NodeSpec& /*spec*/, json::Object& /*node*/) const {}
    // The members the two readers above read.
    virtual FileFields fileFields() const { return {}; }
    // Checks a scenario that uses the scheme. Throws InputError naming the field.
    virtual void validate(const Scenario& /*scenario*/) const {}

    // What the scheme hashes for one node it places: the tokens it makes (before a scheme that
    // keeps one of equal positions drops the others; Envoy's ring: at most these) and the bytes
    // it hashes for them.
    struct NodePoints {
        size_t node = 0;
        uint64_t tokens = 0;
        uint64_t nameBytes = 0;
    };
    // The nodes without explicit positions in the order the scheme places them, each with its
    // points: the one walk that tokens() follows and cost() sums. O(N). Throws InputError for
    // weights the scheme cannot place.
    virtual std::vector<NodePoints> nodePoints(const Scenario& scenario) const = 0;
    // What placing those tokens costs: tokens and bytes of token names hashed (the largest node
    // for messages), summed from nodePoints. O(N). Throws as nodePoints does.
    struct Cost {
        uint64_t tokens = 0;
        uint64_t nameBytes = 0;
        size_t largestNode = 0;
        uint64_t largestTokens = 0;
    };
    Cost cost(const Scenario& scenario) const;
    // Every token of the ring: the explicit positions and the scheme's own. Throws InputError.
    virtual std::vector<RingToken> tokens(const Scenario& scenario) const = 0;

    // Why vnodes cannot be added to or taken from a node (change the weight instead); empty when
    // they can. Translated in the app under "ScenarioEdits".
    virtual std::string_view vnodeRefusal() const { return {}; }
    // Readies a scenario that just turned to this scheme (or to a ring): named vnodes for nodes
    // that have no tokens.
    virtual void adopt(Scenario& /*scenario*/) const {}
    virtual std::span<const Importer> importers() const { return {}; }
    // What the node table tells of node `node` besides its id (none by default).
    virtual std::optional<NodeNote> nodeNote(const Scenario& /*scenario*/, size_t /*node*/) const {
        return std::nullopt;
    }

private:
    TokenScheme m_id;
    std::string_view m_name;
    std::string_view m_label;
    Traits m_traits;
};

// ---- Placement algorithms ---------------------------------------------------------------------

// Who serves a down node's keys (failover.h).
enum class FailoverRule : uint8_t {
    NextLive,       // the first R live nodes of the key's preference order
    PromoteReplica  // the down master's own replica takes over its slots (Redis Cluster)
};

// Where an algorithm appears in the comparison of algorithms.
enum class Compared : uint8_t { No, Plain, PlainAndBounded };

// A way a node leaves, named by the algorithm that has several (AlgorithmModule::removalModes).
struct RemovalMode {
    Algorithm algorithm{};
    std::string mode;
};

class AlgorithmModule {
public:
    struct Traits {
        bool ring = false;          // keys go to ring tokens: token schemes, vnodes, the ring view
        bool boundedLoads = false;  // takes "boundedLoad"
        bool weights = true;        // node weights change where keys go
        // Nodes are buckets 0 … N−1 in node order (jump, mod-N, AnchorHash): a node's place in
        // the list, not its id, decides its keys. Erasing a node renumbers the ones after it,
        // which the views replay; AnchorHash, MementoHash and DxHash remove buckets in place.
        bool bucketsInNodeOrder = false;
        // It may keep a bucket table instead (jump.buckets): removing a node then either
        // renumbers the buckets after it or moves the last bucket into the gap.
        bool bucketTable = false;
        FailoverRule failover = FailoverRule::NextLive;
        NodeRole role = NodeRole::Store;  // a ring's token scheme may say otherwise
        Compared compared = Compared::No;
        bool lessonOnly = false;  // shown only where a lesson asks for it (naive HRW)
        // The analysis view that is its own ("maglev", "jump", ...): the middle of the window
        // shows it when it is not the ring.
        std::string_view view;
        // Nodes own ranges of slots, not ring tokens (Redis Cluster): the node table lists them.
        bool ownsSlots = false;
        uint32_t color = 0;  // 0xRRGGBB in the views' charts, readable on light and dark
    };

    AlgorithmModule(Algorithm id, std::string_view name, std::string_view label, Traits traits)
        : m_id(id), m_name(name), m_label(label), m_traits(traits) {}
    virtual ~AlgorithmModule() = default;
    AlgorithmModule(const AlgorithmModule&) = delete;
    AlgorithmModule& operator=(const AlgorithmModule&) = delete;

    Algorithm id() const { return m_id; }
    std::string_view name() const { return m_name; }
    // "Maglev", "Weighted HRW"; translated in the app under "Algorithm".
    std::string_view label() const { return m_label; }
    const Traits& traits() const { return m_traits; }

    // Its parameters from the scenario file's top-level object (after the nodes are read, so
    // they may name nodes), and back; read and written whichever algorithm is chosen.
    virtual void readParams(const json::Object& /*root*/, Scenario& /*scenario*/) const {}
    virtual void writeParams(const Scenario& /*scenario*/, json::Object& /*root*/) const {}
    virtual void readNode(const json::Object& /*node*/, NodeSpec& /*spec*/) const {}
    virtual void writeNode(const NodeSpec& /*spec*/, json::Object& /*node*/) const {}
    // The members the readers above read.
    virtual FileFields fileFields() const { return {}; }
    // Checks node `index` of a scenario placed by this algorithm, then the whole scenario.
    // Throws InputError naming the field or node.
    virtual void validateNode(const Scenario& /*scenario*/, size_t /*index*/) const {}
    virtual void validate(const Scenario& /*scenario*/) const {}
    // What building and routing cost, added to `work`. O(N).
    virtual void countWork(const Scenario& /*scenario*/, Work& /*work*/) const {}
    // Work units (work.h) of following an edit from `before` to `after`, both placed by this
    // algorithm over the same `keys` keys hashed alike, by the placement's reassign from the
    // owners before it, beyond building `after`; nullopt when that reassign would not apply (the
    // keys are then assigned anew). O(N).
    virtual std::optional<uint64_t> followUnits(const Scenario& /*before*/,
                                                const Scenario& /*after*/,
                                                uint64_t /*keys*/) const {
        return std::nullopt;
    }
    // How the scenario's keys become positions: `hashing` holds its keyHash, space and
    // keyEncoding, which an algorithm that fixes them changes (Redis Cluster: redis-slot in
    // 16,384 slots).
    virtual void fixKeyHashing(KeyHashing& /*hashing*/) const {}
    // Builds the placement over the nodes (validated, costs checked). Throws InputError.
    virtual std::shared_ptr<const PlacementState> build(const Scenario& scenario,
                                                        const PlacementNodes& nodes) const = 0;

    // Readies `scenario`, which was placed by `from` and is now placed by this algorithm (the
    // comparison, a view's what-if, the scenario panel): ring nodes get tokens to stand on.
    virtual void adopt(Scenario& /*scenario*/, Algorithm /*from*/) const {}
    // What this algorithm's parameters become when the scenario turns from `from` to `to`
    // (either may be this one): a bucket table means nothing under another algorithm.
    virtual void switched(Scenario& /*scenario*/, Algorithm /*from*/, Algorithm /*to*/) const {}
    // Before node `index` is removed from a scenario placed by this algorithm: throws InputError
    // when it cannot go yet (a Redis master that owns slots).
    virtual void checkRemoval(const Scenario& /*scenario*/, size_t /*index*/) const {}
    // After node `index` was removed from the scenario (whatever places it).
    virtual void nodeRemoved(Scenario& /*scenario*/, size_t /*index*/) const {}
    // The ways a node may leave a scenario this algorithm places, beyond the default, by name
    // (jump's bucket table: "renumber", "move-last"); a lesson's remove edit names one under the
    // algorithm's name: {"op": "remove-node", "node": "C", "jump": "move-last"}.
    virtual std::vector<std::string_view> removalModes() const { return {}; }
    // After node `index` of `before`, placed by this algorithm, was erased from `after` and
    // every module's nodeRemoved has run: what this algorithm's parameters become when the node
    // left by `mode` (one of removalModes, or empty for the default). Throws InputError.
    virtual void nodeErased(const Scenario& /*before*/, Scenario& /*after*/, size_t /*index*/,
                            std::string_view /*mode*/) const {}
    // Removing node `index` from a scenario placed by this algorithm: true when the algorithm
    // removed its bucket in place instead, the node staying in the scenario (AnchorHash,
    // MementoHash, DxHash: removedbuckets.h); false to have it erased. Throws InputError.
    virtual bool removeInPlace(Scenario& /*scenario*/, size_t /*index*/) const { return false; }
    // Adds `spec` to a scenario placed by this algorithm: after the last node, or where the
    // algorithm puts a new node (into the bucket removed last). Throws InputError.
    virtual void addNode(Scenario& scenario, NodeSpec spec) const;
    // The nodes whose buckets are removed in place, in the order removed (empty by default).
    virtual std::span<const uint32_t> removedInPlace(const Scenario& /*scenario*/) const {
        return {};
    }
    // The numbers of its parameters that define the scenario (Maglev's table size), which a
    // lesson's text may quote as they are.
    virtual void definingNumbers(const Scenario& /*scenario*/, std::vector<double>& /*out*/) const {
    }
    virtual std::span<const Importer> importers() const { return {}; }

private:
    Algorithm m_id;
    std::string_view m_name;
    std::string_view m_label;
    Traits m_traits;
};

}  // namespace ringscope
