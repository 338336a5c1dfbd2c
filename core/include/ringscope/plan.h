#pragma once
// A migration plan (SPEC §4 "plan"): for a change over one key set, who sends what to whom.
//
// The rule, one key at a time, with the owners before (x) and after (y, in x's numbering):
// - Its primary moved (x[0] != y[0]): one primary transfer of the key to y[0]. When y[0] held a
//   copy before, it is promoted in place (from == to: nothing is sent). Otherwise the key comes
//   from its first live holder before: x[0], or the first replica after it that is not down.
// - Each new replica holder (in y after the primary, not in x) gets a copy from the same live
//   holder.
// - No live holder (every node that held it is down): the transfer has no source (kNoSource).
// A node is live unless it is down before or after. The primary transfers sum to diff's
// primaryMoved and bytesMoved.
//
// Timing at a bandwidth: each node sends and receives at most `bytesPerSecond` each way. Its
// outgoing transfers start longest first, at most `streams` at once, sharing its rate equally
// while they run, so a node never idles while it has bytes to send: it is done after
// max(bytes out, bytes in) / rate, whatever the streams; they set when each transfer ends. The
// plan takes as long as its busiest node.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringscope/assign.h"
#include "ringscope/failover.h"
#include "ringscope/flatmap64.h"
#include "ringscope/keychange.h"
#include "ringscope/keyset.h"

namespace ringscope {

inline constexpr uint32_t kNoSource = ~uint32_t{0};

enum class TransferKind : uint8_t { Primary, Copy };
// "primary" or "copy", as the command line and its files write it.
const char* transferKindName(TransferKind kind);

struct Transfer {
    TransferKind kind = TransferKind::Primary;
    uint32_t from = kNoSource;  // in the common numbering; kNoSource: no live holder
    uint32_t to = 0;
    uint64_t keys = 0;
    uint64_t bytes = 0;
    double seconds = 0;  // at the plan's bandwidth (0 without one, or when nothing is sent)
    bool inPlace() const { return from == to; }
    bool sent() const { return from != kNoSource && from != to; }
};

struct Bandwidth {
    double bytesPerSecond = 0;  // per node, each way; > 0
    uint32_t streams = 1;       // transfers a node sends at once; >= 1
};

// A rate per second as people write it: "100MB/s", "1.5 GiB/s", "10Gbit/s", "800Mbps",
// "125000000" (bytes). Decimal units (kB, MB, GB, TB: powers of 1000) and binary ones (KiB, MiB,
// GiB, TiB), in bytes or bits; "/s" or "ps" after the unit is optional. Returns bytes per
// second; throws InputError (`option`, what was expected) for anything else or a rate that is
// not finite or below one bit a second.
double parseRate(std::string_view text, const std::string& option);
// The slowest rate accepted, in bytes a second: one bit.
inline constexpr double kMinRateBytes = 0.125;
// The forms a rate is written in, as the messages about one name them.
inline constexpr char kRateForms[] = "125MB/s, 1Gbit/s, 100MiB/s or 800Mbps";

// Keys and bytes per (from, to) node pair.
class PairCounts {
public:
    struct Pair {
        uint32_t from;
        uint32_t to;
        uint64_t keys;
        uint64_t bytes;
    };
    void add(uint32_t from, uint32_t to, uint64_t bytes);
    void add(const PairCounts& other);
    // Ordered by from, then to.
    std::vector<Pair> pairs() const;
    // Some pair's bytes reached 2^64 - 1 and stopped there: its total is a lower bound.
    bool saturated() const { return m_saturated; }

private:
    struct Cell {
        uint64_t keys = 0;
        uint64_t bytes = 0;
    };
    FlatMap64<Cell> m_cells;  // keyed (from << 32) | to
    bool m_saturated = false;
};

// Counts the transfers of keys, one at a time, and the pairs of primaries they move between
// (old primary -> new primary, diff --matrix); parts of a key set count apart and add up.
class PlanCounter {
public:
    // `down`: the down nodes of both sides (diff's downSidesOf), or none.
    explicit PlanCounter(std::optional<DownSides> down = std::nullopt) : m_down(std::move(down)) {}
    void count(std::span<const uint32_t> x, std::span<const uint32_t> y, uint64_t bytes);
    void add(const PlanCounter& other);
    // Every (kind, from, to) with its keys and bytes, ordered by kind, from, to (no source
    // last).
    std::vector<Transfer> transfers() const;
    // The keys whose primary moved, by old primary and new primary (kNoSource: none before);
    // they sum to diff's primaryMoved and bytesMoved.
    const PairCounts& primaryPairs() const { return m_primaries; }
    // Some byte count stopped at 2^64 - 1 (PairCounts::saturated).
    bool saturated() const {
        return m_transfers[0].saturated() || m_transfers[1].saturated() || m_primaries.saturated();
    }

private:
    bool isLive(uint32_t node) const;

    std::optional<DownSides> m_down;
    PairCounts m_transfers[2];  // per TransferKind
    PairCounts m_primaries;
};

// The transfers of every key of `keys` between two placements, owners matched as diff matches
// them (the common numbering is nodeRenumbering(after, before, match)'s). O(K·R²).
PlanCounter countTransfers(const Placement& before, const Assignment& a, const Placement& after,
                           const Assignment& b, const KeySet& keys,
                           NodeMatch match = NodeMatch::ById);

// One node's part in a plan (transfers in place left out).
struct NodeTraffic {
    uint64_t outKeys = 0;
    uint64_t outBytes = 0;
    uint64_t inKeys = 0;
    uint64_t inBytes = 0;
    double seconds = 0;  // until its transfers are done, at the plan's bandwidth
};

struct MigrationPlan {
    std::vector<Transfer> transfers;
    std::vector<NodeTraffic> nodes;  // per node of the common numbering
    uint64_t primaryKeys = 0;        // = diff's primaryMoved
    uint64_t primaryBytes = 0;       // = diff's bytesMoved
    uint64_t copyKeys = 0;
    uint64_t copyBytes = 0;
    uint64_t sentKeys = 0;  // what crosses the network: transfers with a source, not in place
    uint64_t sentBytes = 0;
    uint64_t unavailableKeys = 0;  // transfers without a live source
    uint64_t unavailableBytes = 0;
    uint64_t inPlaceKeys = 0;  // primaries promoted where a copy was: nothing sent
    // With a bandwidth: the node that takes longest (the first of equals), whose time is the
    // plan's.
    std::optional<uint32_t> busiestNode;
    std::optional<double> seconds;  // with a bandwidth: the busiest node's time
    // A byte sum reached 2^64 - 1 and stopped: the byte totals and the times are lower bounds,
    // and every output says so.
    bool bytesSaturated = false;
};

// The plan of the counted transfers over `nodes` nodes (the common numbering's size), timed at
// `bandwidth` when given. O(T log T + N).
MigrationPlan migrationPlan(const PlanCounter& counter, size_t nodes,
                            std::optional<Bandwidth> bandwidth = std::nullopt);

}  // namespace ringscope
