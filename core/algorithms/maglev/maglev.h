#pragma once
// Maglev hashing (Eisenbud et al., "Maglev: A Fast and Reliable Software Network Load Balancer",
// NSDI 2016, §3.4 pseudocode listing 1) exactly as Envoy builds it: OriginalMaglevTable in
// source/extensions/load_balancing_policies/maglev/maglev_lb.cc (MaglevTable::
// constructMaglevTableInternal, OriginalMaglevTable::constructImplementationInternals and
// chooseHost), with the weights of source/common/upstream/thread_aware_lb_impl.cc.
//
//   * weights are normalised w/Σw (envoy_weights.h); nodes are sorted by id, bytewise;
//   * node n's permutation is offset + j·skip (mod M), offset = xxh64(id, 0) mod M,
//     skip = xxh64(id, 1) mod (M − 1) + 1;
//   * round r = 1, 2, … visits the nodes in sorted order; a node takes its next free entry when
//     r·w ≥ target, and then target += max normalised weight (Envoy's double arithmetic);
//   * a key with 64-bit hash h goes to table[h mod M]; Envoy's retry attempt a ≥ 1 looks up
//     h XOR (2^64 − a).
//
// Tested against the tables in Envoy's
// test/extensions/load_balancing_policies/maglev/maglev_lb_test.cc (Basic, BasicWithHostName,
// Weighted, the locality-weighted cases and BasicWithRetryHostPredicate) and its non-prime error.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ringscope {

inline constexpr uint64_t kMaglevDefaultTableSize = 65537;  // MaglevTable::DefaultTableSize
inline constexpr uint64_t kMaglevMaxTableSize = 5000011;    // maglev.proto: table_size lte
// Envoy's exact message for a table size that is not prime.
inline constexpr const char* kMaglevNotPrimeMessage =
    "The table size of maglev must be prime number";

// True for a prime n. Envoy's Primes::isPrime also calls 1 prime (and then divides by M − 1 = 0
// while building); here 0 and 1 are not prime. O(√n).
bool isPrime(uint64_t n);

// Envoy's check of a table size: a prime of at most 5000011. Throws InputError
// ("maglev.tableSize") with Envoy's text otherwise. O(√M).
void checkMaglevTableSize(uint64_t tableSize);

// One node's permutation of the table: entry j of its preference list is (offset + j·skip) mod M.
struct MaglevPermutation {
    uint64_t offset = 0;
    uint64_t skip = 0;
    bool operator==(const MaglevPermutation&) const = default;
};

// One step of the fill: in `round`, `node` took table entry `entry` after passing `skipped`
// entries of its permutation that other nodes already held.
struct MaglevFillStep {
    uint32_t round = 0;
    uint32_t node = 0;
    uint64_t entry = 0;
    uint64_t skipped = 0;
    bool operator==(const MaglevFillStep&) const = default;
};

namespace detail {
// n mod d for every 64-bit n without a division instruction: the quotient by one high multiply
// with a magic number (Granlund & Montgomery, "Division by Invariant Integers using
// Multiplication", PLDI 1994, in libdivide's round-up form), then n − q·d. It is what a compiler
// emits for a constant divisor, for a divisor known only at run time.
class FastMod {
public:
    FastMod() = default;
    explicit FastMod(uint64_t d);
    uint64_t operator()(uint64_t n) const { return n - quotient(n) * m_d; }
    uint64_t quotient(uint64_t n) const {
        if (m_magic == 0) {
            return n >> m_shift;  // a power of two
        }
        const auto q = static_cast<uint64_t>((static_cast<U128>(m_magic) * n) >> 64);
        return m_add ? (((n - q) >> 1) + q) >> m_shift : q >> m_shift;
    }

private:
    __extension__ typedef unsigned __int128 U128;  // GCC and Clang; __extension__ for -Wpedantic
    uint64_t m_d = 1;
    uint64_t m_magic = 0;
    unsigned m_shift = 0;
    bool m_add = false;
};
}  // namespace detail

class MaglevTable {
public:
    // An empty table: no nodes, no entries (lookups are not allowed).
    MaglevTable() = default;
    // Builds Envoy's table over `ids` (the exact strings Envoy hashes) with weights (> 0), of
    // prime size 2 ≤ M ≤ 5000011. Node numbers everywhere are indices into `ids` (the caller's
    // order), not the sorted order. With `fill`, every step of the fill is appended to it, in
    // order. Throws InputError: "maglev.tableSize" with Envoy's not-prime text, or naming the
    // node with an empty id or a bad weight. Cost O(M log M) expected (each node walks its own
    // permutation past taken entries), O(M) memory; N > M leaves some nodes without entries.
    MaglevTable(std::span<const std::string> ids, std::span<const double> weights,
                uint64_t tableSize = kMaglevDefaultTableSize,
                std::vector<MaglevFillStep>* fill = nullptr);

    uint64_t size() const { return m_entries.size(); }
    size_t nodeCount() const { return m_perm.size(); }

    // The node of table entry i.
    uint32_t entry(uint64_t i) const { return m_entries[i]; }
    std::span<const uint32_t> entries() const { return m_entries; }

    // The node for a key with 64-bit hash h: table[h mod M] on the full hash. O(1), no allocation;
    // the remainder by multiplication (detail::FastMod) rather than a division.
    uint32_t lookup(uint64_t hash) const { return m_entries[m_mod(hash)]; }

    // Envoy's retry attempt (chooseHost(hash, attempt)): attempt 0 is lookup(hash), attempt
    // a ≥ 1 is lookup(hash XOR (2^64 − a)). O(1).
    uint32_t retry(uint64_t hash, uint64_t attempt) const {
        return lookup(attempt == 0 ? hash : hash ^ (~uint64_t{0} - attempt + 1));
    }

    // Attempts after which the retry walk has looked at every table entry: the attempts
    // 1 … 2^k (2^k ≥ M) XOR the hash with a block of 2^k consecutive values, which covers every
    // residue mod M. So the walk reaches every node that holds an entry.
    uint64_t retryAttemptsToCoverTable() const { return m_coverAttempts; }

    // Replicas by the retry walk: attempts 0, 1, 2, … taking each node not taken yet, until
    // `out` is full or the walk has covered the table. Returns how many were written (fewer
    // than out.size() only if fewer nodes hold entries). Expected O(R) for R ≪ N, worst O(M).
    // Nodes marked in `down` (node -> 1, or empty) are passed over, as Envoy's retry passes over
    // a host that failed.
    size_t replicas(uint64_t hash, std::span<uint32_t> out,
                    std::span<const uint8_t> down = {}) const;

    // For a teaching view: the node's permutation, its entries in the table, and its ideal
    // share M·w/Σw.
    MaglevPermutation permutation(uint32_t node) const { return m_perm[node]; }
    uint64_t entryCount(uint32_t node) const { return m_count[node]; }
    double idealEntries(uint32_t node) const {
        return static_cast<double>(m_entries.size()) * m_normalized[node];
    }
    double normalizedWeight(uint32_t node) const { return m_normalized[node]; }
    // The nodes in the order the fill visits them (sorted by id).
    std::span<const uint32_t> fillOrder() const { return m_order; }

private:
    detail::FastMod m_mod;
    std::vector<uint32_t> m_entries;
    std::vector<MaglevPermutation> m_perm;  // by node
    std::vector<uint64_t> m_count;          // by node
    std::vector<double> m_normalized;       // by node
    std::vector<uint32_t> m_order;          // sorted by id
    uint64_t m_coverAttempts = 0;
};

// Table entries that changed node between two tables of one size: entry i moved when its node's
// id differs (each table numbers its own nodes, so ids are compared, not numbers). This is what a
// membership change costs Maglev before any key is looked up; Eisenbud et al. §3.4 aim for
// about 1/N. With `moved`, the entries themselves are appended to it, ascending. Throws
// InputError ("maglev.tableSize") when the sizes differ. O(M + N).
uint64_t maglevEntriesMoved(const MaglevTable& before, std::span<const std::string> idsBefore,
                            const MaglevTable& after, std::span<const std::string> idsAfter,
                            std::vector<uint64_t>* moved = nullptr);

}  // namespace ringscope
