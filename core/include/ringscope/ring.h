#pragma once
// The hash ring (Karger et al. 1997; Dynamo 2007 §4.2): sorted tokens, each owning the arc
// (predecessor, token]; a position past the last token wraps to the first.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ringscope/space.h"

namespace ringscope {

// How a key finds its token on a ring.
enum class LookupRule : uint8_t {
    Successor,  // the first token at or after the key's position, wrapping (Karger et al.)
    Nearer      // the nearer of the tokens before and after it, ties to the one before
};

// Where a ring token came from: its node and its index within the node (vnode i, ketama point i,
// or the i-th explicit position).
struct TokenOrigin {
    uint32_t node = 0;
    uint32_t index = 0;
    bool operator==(const TokenOrigin&) const = default;
};

struct RingToken {
    uint64_t position = 0;
    uint32_t node = 0;
    uint32_t index = 0;  // within the node, see TokenOrigin
    bool operator==(const RingToken&) const = default;
};

class Ring {
public:
    Ring() = default;
    // Sorts the tokens by position, keeping the given order among equal positions (ketama).
    // Cost O(T log T).
    Ring(uint64_t space, std::vector<RingToken> tokens);

    uint64_t space() const { return m_space; }  // 0 stands for 2^64
    size_t size() const { return m_pos.size(); }
    bool empty() const { return m_pos.empty(); }
    uint64_t position(size_t i) const { return m_pos[i]; }
    uint32_t node(size_t i) const { return m_node[i]; }
    RingToken token(size_t i) const { return {m_pos[i], m_node[i], m_index[i]}; }
    // Each token carries its origin through every edit (no parallel array to keep in step).
    TokenOrigin origin(size_t i) const { return {m_node[i], m_index[i]}; }
    std::span<const uint64_t> positions() const { return m_pos; }
    std::span<const uint32_t> nodes() const { return m_node; }
    // The bytes the ring holds: each token's position, node and origin index, and the radix
    // index over the positions. O(1).
    size_t bytes() const {
        return m_pos.size() * (sizeof(uint64_t) + 2 * sizeof(uint32_t)) +
               m_bucket.size() * sizeof(m_bucket[0]);
    }

    // Index of the token that owns position x: the first token with position >= x, wrapping to
    // token 0. The ring must not be empty. Expected O(1): a radix table on the position's high
    // bits narrows the search to about one token; worst case a branchless O(log T) search.
    size_t successor(uint64_t x) const {
        const uint64_t b = x >> m_shift;
        size_t lo = m_bucket[b];
        size_t n = m_bucket[b + 1] - lo;
        const uint64_t* base = m_pos.data() + lo;
        while (n > 1) {  // branchless lower_bound within the bucket
            const size_t half = n / 2;
            base = (base[half] < x) ? base + half : base;
            n -= half;
        }
        size_t i = static_cast<size_t>(base - m_pos.data());
        i += (n == 1 && *base < x) ? 1 : 0;
        return i == m_pos.size() ? 0 : i;
    }
    uint32_t owner(uint64_t x) const { return m_node[successor(x)]; }
    // Index of the nearer of the token before x and the token at or after it, wrapping, the one
    // before winning a tie (HAProxy's chash_get_server_hash: `dp <= dn` picks the previous
    // point). The ring must not be empty. Expected O(1), as successor().
    size_t nearer(uint64_t x) const;
    // The token a key at position x goes to under `rule`.
    size_t lookup(uint64_t x, LookupRule rule) const {
        return rule == LookupRule::Successor ? successor(x) : nearer(x);
    }

    size_t predecessor(size_t i) const { return i == 0 ? m_pos.size() - 1 : i - 1; }
    size_t next(size_t i) const { return i + 1 == m_pos.size() ? 0 : i + 1; }

    // Number of positions in the arc (predecessor, i], i.e. the share of the space it owns.
    // A single token owns the whole space; equal positions own an empty arc.
    // Returned as a double fraction of the space.
    double arcFraction(size_t i) const;

    // Walks clockwise from token `start` and writes distinct physical nodes to `out` until it is
    // full. With `zoneOf` (node -> zone index), nodes in unused zones come first; when no new zone
    // is left, the remaining picks are distinct nodes in walk order. Nodes marked in `down`
    // (node -> 1, or empty) are walked past and never picked: Dynamo's preference list, whose
    // first R healthy nodes serve the key. Returns how many were written (fewer than out.size()
    // only if the ring has fewer distinct live nodes). O(T) worst case.
    size_t replicasFrom(size_t start, std::span<uint32_t> out,
                        std::span<const uint32_t> zoneOf = {},
                        std::span<const uint8_t> down = {}) const;

    // The same picks along the tokens in order of their distance from position x, nearest
    // first (the one before on a tie): the preference order of LookupRule::Nearer, whose first
    // live node is the owner once the down nodes' tokens are gone (HAProxy's tree without a
    // disabled server's points). O(T) worst case.
    size_t nearestFrom(uint64_t x, std::span<uint32_t> out, std::span<const uint32_t> zoneOf = {},
                       std::span<const uint8_t> down = {}) const;

    // Token indices visited by that walk, in order, up to and including the last chosen one;
    // `chosen` marks which were picked (for drawing skipped tokens).
    void walk(size_t start, size_t replicas, std::span<const uint32_t> zoneOf,
              std::vector<size_t>& visited, std::vector<bool>& chosen,
              std::span<const uint8_t> down = {}) const;

    // The positions of `node`'s tokens, in origin-index order. O(T + V log V).
    std::vector<uint64_t> positionsOf(uint32_t node) const;

    // First index with position >= x (no wrap; may be size()). O(log T).
    size_t lowerBound(uint64_t x) const;

    // Mutations. Each keeps the radix table valid.
    // insert: O(T) move of the flat arrays; returns the new token's index (after equal positions).
    size_t insert(RingToken token);
    // Inserts several tokens with one merge and one index rebuild: O(T + V log V). Returns the
    // new tokens' indices, ascending.
    std::vector<size_t> insertMany(std::vector<RingToken> tokens);
    // Erases every token of `node` with one compaction and one index rebuild: O(T).
    // Returns how many were erased.
    size_t eraseNode(uint32_t node);
    // erase: O(T).
    void erase(size_t i);
    // Sets token i to a position strictly between its neighbours' positions (order unchanged):
    // O(buckets spanned), no array moves. Returns false (and does nothing) otherwise.
    bool moveWithinNeighbours(size_t i, uint64_t position);
    // Moves token i to `position` anywhere, as erase(i) then insert of the same token there
    // would (after equal positions), and returns its new index: the tokens between shift by
    // one and only the radix buckets between the two positions change. O(tokens and buckets
    // between), where erase and insert rebuild every bucket.
    size_t move(size_t i, uint64_t position);

private:
    void rebuildIndex();
    void refreshBuckets(uint64_t fromBucket, uint64_t toBucket);

    uint64_t m_space = 0;
    std::vector<uint64_t> m_pos;
    std::vector<uint32_t> m_node;
    std::vector<uint32_t> m_index;
    unsigned m_shift = 63;
    std::vector<uint32_t> m_bucket{0, 0, 0};  // m_bucket[b]: first token index in bucket b
};

}  // namespace ringscope
