#pragma once
// Apache Cassandra's Murmur3Partitioner and its signed 64-bit token space.
//
// The token of a partition key is Murmur3Partitioner.getToken
// (src/java/org/apache/cassandra/dht/Murmur3Partitioner.java): the first 64 bits of
// MurmurHash.hash3_x64_128(key, seed 0) (src/java/org/apache/cassandra/utils/MurmurHash.java),
// Long.MIN_VALUE mapped to Long.MAX_VALUE, and the empty key at the minimum token. Cassandra's
// port differs from Appleby's MurmurHash3_x64_128 in the tail: it reads each tail byte as a
// Java byte, sign-extended to a long before the shift, so bytes ≥ 0x80 set every higher bit.
//
// Tested against the token vectors of Cassandra's drivers (the DataStax C# driver's
// src/Cassandra.Tests/TokenTests.cs "inputs and result values from Cassandra", the Apache
// Cassandra Go driver's internal/murmur/murmur_test.go) and tokens computed by a Java 17 port of
// Cassandra's own MurmurHash.java (tests/core/data/murmur3_cassandra.tsv).

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "ringscope/space.h"

namespace ringscope {

// Cassandra's MurmurHash.hash3_x64_128: {h1, h2} as unsigned bit patterns. O(n).
std::array<uint64_t, 2> cassandraMurmur3(std::string_view bytes, uint64_t seed = 0);

// Murmur3Partitioner's token of the key bytes (key hash "murmur3-cassandra"). O(n).
int64_t murmur3CassandraToken(std::string_view bytes);

// The signed token space ("signed64", space.h): signed64ToPosition and positionToSigned64 place a
// token on the ordinary Ring (space 2^64) so that it owns (previous token, token] exactly as
// Cassandra does.

}  // namespace ringscope
