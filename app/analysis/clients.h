#pragma once
// Two clients, one key set: where client A (the document's scenario) and client B (another
// scenario over the same keys) send each key, and where they disagree. Client B is read from a
// file or derived from A: another token scheme (a libmemcached pool read by twemproxy), another
// key hash or key encoding, the nodes in the other order (seed 003's +1 probing then resolves
// collisions the other way) or the membership one change behind.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "computed.h"
#include "migrationanalysis.h"
#include "ringscope/diff.h"

namespace ringscope {

// How client B comes about.
enum class ClientKind : uint8_t {
    Behind,  // A's scenario before the last change (or the pinned baseline): stale membership
    ReversedOrder,  // A's nodes listed (so added) in the other order
    KeyHash,        // A with another key hash (`choice`: a HashKind)
    KeyEncoding,    // A with another key encoding (`choice`: a KeyEncoding)
    TokenScheme,    // A's ring under another token scheme and its own key hash (`choice`)
    File            // a scenario read from a file (`file`)
};

struct ClientView {
    ClientKind kind = ClientKind::Behind;
    int choice = 0;
    std::optional<Scenario> file;
    std::string fileName;  // shown as B's name
    bool operator==(const ClientView&) const = default;
};

// B's scenario for client A = `a`, whose state one change behind is `behind`. B always holds A's
// keys. Throws InputError when the derivation does not apply (a token scheme for a scenario that
// is not a ring: the error names the client by `name`) or B is not a valid scenario (a file's
// error names the file).
Scenario clientScenario(const ClientView& view, const Scenario& a, const Scenario& behind,
                        const std::string& name = "client B");

// Gives a ring `scheme`'s tokens for every node (useTokenScheme) and, when the scheme has its own
// key hash (ketama: MD5, twemproxy: its fnv1a_64), that hash; a scheme without weights
// (spymemcached, groupcache) weighs every node 1: the scenario as that client reads the same
// pool.
void useTokenSchemeAndItsHash(Scenario& scenario, TokenScheme scheme);

// One way the two configurations differ, by its effect (a token scheme that gives the same
// points is no difference), with each side's value as a file writes it ("md5").
struct ClientDifference {
    enum class What : uint8_t {
        Algorithm,    // before/after: the algorithms' names
        Points,       // the ring's points differ: the token schemes' names
        KeyHash,      // the key hashes' names
        KeyEncoding,  // the encodings' names
        Space,        // the spaces
        Nodes,        // before: the ids only A has, after: the ids only B has (comma lists)
        NodeOrder,    // the same ids in another order
        Weights,      // before/after: the ids whose weights differ
        Replicas,     // the replica counts
        Down          // before/after: the ids down on each side
    };
    What what;
    std::string before;
    std::string after;
    bool operator==(const ClientDifference&) const = default;
};

// Every way client B's configuration differs from client A's that changes where a key may go,
// in the order above. O(N + T).
std::vector<ClientDifference> clientDifferences(const Computed& a, const Computed& b);

struct ClientComparison {
    ComputedPtr a;
    ComputedPtr b;
    std::vector<ClientDifference> differences;  // clientDifferences(a, b)
    // A against B key by key, nodes matched by id (by place where the two lists differ only in
    // their ids: nodeMatch, as diff and agree match them): primaryMoved counts the keys whose
    // primary differs, replicaOnly those that agree on the primary but not on the replicas.
    DiffResult diff;
    // The keys on whose primary they disagree, in key order.
    std::vector<size_t> disagreeing;
    // The disagreeing primaries as pairs (A's owner -> B's owner) with keys and bytes, in the
    // shape the migration chart draws: rows A's nodes, columns B's.
    MigrationExplanation pairs;
};

// Both clients over A's keys (`b` computed with them). O(K·R²).
ClientComparison compareClients(const ComputedPtr& a, const ComputedPtr& b);

// What two clients disagree on, as compareClients counts it: the keys whose primary differs, their
// bytes and their requests.
struct ClientDisagreement {
    uint64_t keys = 0;
    uint64_t bytes = 0;
    double requests = 0;
    bool operator==(const ClientDisagreement&) const = default;
};
// Every pair of `clients` (A first, each computed over A's keys; a null client has no pairs):
// cells[i][j] = cells[j][i] as compareClients counts it, none on the diagonal, and what the
// shares are of. The Clients view's matrix; `agree` counts the same. O(C²·K·R²).
struct ClientMatrix {
    std::vector<std::vector<ClientDisagreement>> cells;
    uint64_t keys = 0;
    uint64_t totalBytes = 0;
    double totalRequests = 0;  // with popularity (KeySet::hasPopularity), else 0
};
ClientMatrix clientMatrix(const std::vector<ComputedPtr>& clients);

}  // namespace ringscope
