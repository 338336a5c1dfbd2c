#pragma once
// Consistent hashing with bounded loads (Mirrokni, Thorup & Zadimoghaddam 2018; Envoy's
// hash_balance_factor): each node's load against its cap, the keys displaced past full nodes and
// where they land, and the price of a membership change with and without bounding.

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/scenario.h"

namespace ringscope {

inline constexpr size_t kBoundedSampleKeys = 200'000;
inline constexpr size_t kBoundedListedKeys = 1000;  // displaced keys listed in the table
inline constexpr size_t kBoundedDrawnFlows = 12;    // overflow arrows drawn, the largest
// The factor tried on a scenario without bounded loads: Envoy's and HAProxy's usual 1.25.
inline constexpr uint32_t kBoundedDefaultPercent = 125;

// A membership change whose price is counted: remove node `node`, or add one node.
struct BoundedChange {
    bool add = false;
    size_t node = 0;
    bool operator==(const BoundedChange&) const = default;
};

struct DisplacedKey {
    size_t key = 0;
    QString name;
    double weight = 1;
    uint32_t firstChoice = 0;
    std::vector<uint32_t> passed;  // full nodes passed, first choice first
    uint32_t landed = 0;
};

struct OverflowFlow {
    uint32_t from = 0;  // first choice
    uint32_t to = 0;    // where the keys landed
    double weight = 0;
    size_t keys = 0;
};

struct BoundedExplanation {
    QStringList ids;
    std::vector<NodeSpec> nodes;  // the scenario's, for what draws them (their colours)
    QString algorithm;            // what places the keys: "Ring" or "Maglev"
    bool ownFactor = false;       // the scenario's own bounded loads
    bool substituted = false;  // the scenario's algorithm takes no bounded loads: shown as a ring
    uint32_t factorPercent = kBoundedDefaultPercent;
    bool weighted = false;          // loads are requests (Zipf popularity), not keys
    std::vector<double> load;       // per node, bounded (the core's)
    std::vector<double> capacity;   // per node, once every key is placed
    std::vector<double> plainLoad;  // per node: first choices, i.e. without the cap
    std::vector<double> received;   // per node: load of displaced keys that landed on it
    double placed = 0;
    size_t keys = 0;
    size_t keysTotal = 0;
    size_t displacedCount = 0;
    size_t overCapacity = 0;
    std::vector<DisplacedKey> displaced;  // the first kBoundedListedKeys
    std::vector<OverflowFlow> flows;      // by weight, largest first
    // The price of `change`.
    BoundedChange change;
    QString changeText;  // "removing B", "adding node-7"
    size_t movedBounded = 0;
    size_t movedPlain = 0;
    double ideal = 0;
    QString error;
};

// The bounded placement of the scenario's keys (its own factor, else `factorPercent`; a scenario
// whose algorithm takes no bounded loads is placed as a ring), and what `change` moves with and
// without bounding, by the core's diff. Pure; O(K · probes).
BoundedExplanation explainBoundedLoads(const Scenario& scenario,
                                       const std::shared_ptr<const KeySet>& keys, size_t keysTotal,
                                       uint32_t factorPercent, BoundedChange change);

}  // namespace ringscope
