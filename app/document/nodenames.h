#pragma once
// Node ids as people number them: "node-07", "api-c", "10.0.1.4", "A", "10.0.0.2:11211", "a1".
// The number at the end of an id gives a new node its name (node-100 after node-99, api-d after
// api-c); all the numbers of an id give a node its colour (node-07 and api-h take the eighth
// colour, 10.0.0.2:11211 and 10.0.0.3:11211 neighbouring ones), so both follow the id and not the
// node's place in the list.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ringscope/scenario.h"

namespace ringscope {

struct NodeNumber {
    enum class Kind : uint8_t { Digits, Lower, Upper };
    std::string prefix;  // "node-", "api-", "10.0.1.", ""
    Kind kind = Kind::Digits;
    uint64_t value = 0;   // digits as written; letters count from 0: a, b, …, z, aa, ab, …
    size_t width = 1;     // digits written, leading zeros included ("07": 2)
    bool padded = false;  // written with leading zeros
};

// The number at the end of an id: a run of digits, or one or two letters of one case after the
// start or a non-letter ("api-c", "AB"). nullopt for ids without one ("alpha", "cache").
std::optional<NodeNumber> parseNodeNumber(std::string_view id);
// All the numbers of an id — its digit runs and its letter runs of one or two letters of one case
// that stand alone ("a1": a and 1; "api-h": h; "10.0.0.2:11211": 10, 0, 0, 2 and 11211) — read as
// the digits of one number in base kIdNumberBase, the last one lowest, except that a port
// ("HOST:PORT") counts before its host: 11211, 10, 0, 0, 2. Ids that differ in one of their
// numbers by less than `modulus` (a pool of addresses, ports, zones, a series) get different
// values, whatever the others are, and hosts of one pool on one port neighbouring ones; an id
// whose only number is 7 gets 7. nullopt without a number ("alpha", "cache"). `modulus` is at
// most 2^32. O(length).
inline constexpr uint64_t kIdNumberBase = 13;  // odd: invertible modulo any power of two
std::optional<uint64_t> idNumber(std::string_view id, uint64_t modulus);

// The id for `number` (zero-padded to its width when the series is padded; letters go on from z
// to aa).
std::string nodeIdOf(const NodeNumber& number);

// A fresh id that continues the scenario's naming: one past the largest number of the last
// numbered node's series ("node-100" after "node-00".."node-99", "api-d" after "api-c"); "A" for an
// empty scenario, "node-N" when no id carries a number. O(N).
std::string nextNodeId(const Scenario& scenario);

}  // namespace ringscope
