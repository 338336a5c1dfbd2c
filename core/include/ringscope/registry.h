#pragma once
// The registry: every module (module.h) that Ringscope knows, in one place. Registering one is
// its enumerator, its accessor (defined in the module's folder) and its row below — this file
// and the module's sources in core/CMakeLists.txt, nothing else. The scenario codec, the limits,
// the command-line tool, the comparison, the lessons and the views iterate over these tables
// and ask the modules' traits.
//
// The enumerators are the scenario's closed sets (Scenario::algorithm, tokenScheme, keyHash);
// each table is indexed by them (checked at compile time), and its row order is the order in
// which lists, menus and "one of: …" messages show the modules.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/module.h"
#include "ringscope/names.h"

namespace ringscope {

enum class Algorithm : uint8_t {
    Ring,
    Rendezvous,
    WeightedRendezvous,
    NaiveDivRendezvous,
    NaiveMulRendezvous,
    Jump,
    JumpBack,
    ModN,
    Maglev,
    RedisCluster,
    MultiProbe,
    Anchor,
    Memento,
    Dx,
    Elasticsearch,
    Mcrouter
};

enum class TokenScheme : uint8_t {
    Named,
    Ketama,
    Envoy,
    Nginx,
    Haproxy,
    Groupcache,
    Twemproxy,
    Spymemcached
};

enum class HashKind : uint8_t {
    Identity,
    Fnv1a32,
    Fnv1a64,
    Md5,
    Sha256,
    Xxh64,
    Murmur3Cassandra,
    RedisSlot,
    Crc32,
    Sdbm,
    Djb2,
    Wt6,
    SdbmAvalanche,
    Djb2Avalanche,
    Wt6Avalanche,
    Crc32Avalanche,
    Murmur3x128,
    TwemproxyOneAtATime,
    TwemproxyFnv1_64,
    TwemproxyFnv1a_64,
    TwemproxyFnv1_32,
    TwemproxyCrc16,
    TwemproxyCrc32,
    TwemproxyHsieh,
    TwemproxyMurmur,
    TwemproxyJenkins,
    KafkaMurmur2,
    KafkaFnv1a,
    EsMurmur3
};

// The modules' accessors, each defined in its folder.
namespace modules {
const AlgorithmModule& ringAlgorithm();                     // algorithms/ring
const AlgorithmModule& rendezvousAlgorithm();               // algorithms/rendezvous
const AlgorithmModule& weightedRendezvousAlgorithm();       // algorithms/rendezvous
const AlgorithmModule& naiveDivideRendezvousAlgorithm();    // algorithms/rendezvous
const AlgorithmModule& naiveMultiplyRendezvousAlgorithm();  // algorithms/rendezvous
const AlgorithmModule& jumpAlgorithm();                     // algorithms/jump
const AlgorithmModule& jumpBackAlgorithm();                 // algorithms/jumpback
const AlgorithmModule& modNAlgorithm();                     // algorithms/modn
const AlgorithmModule& maglevAlgorithm();                   // algorithms/maglev
const AlgorithmModule& redisClusterAlgorithm();             // algorithms/redis-cluster
const AlgorithmModule& multiProbeAlgorithm();               // algorithms/multi-probe
const AlgorithmModule& anchorAlgorithm();                   // algorithms/anchor
const AlgorithmModule& mementoAlgorithm();                  // algorithms/memento
const AlgorithmModule& dxAlgorithm();                       // algorithms/dx
const AlgorithmModule& elasticsearchAlgorithm();            // algorithms/elasticsearch
const AlgorithmModule& mcrouterAlgorithm();                 // algorithms/mcrouter

const TokenSchemeModule& namedTokens();         // tokenschemes/named
const TokenSchemeModule& ketamaTokens();        // tokenschemes/ketama
const TokenSchemeModule& envoyTokens();         // tokenschemes/envoy
const TokenSchemeModule& nginxTokens();         // tokenschemes/nginx
const TokenSchemeModule& haproxyTokens();       // tokenschemes/haproxy
const TokenSchemeModule& groupcacheTokens();    // tokenschemes/groupcache
const TokenSchemeModule& twemproxyTokens();     // tokenschemes/twemproxy
const TokenSchemeModule& spymemcachedTokens();  // tokenschemes/spymemcached

const KeyHashModule& identityHash();             // keyhashes/identity
const KeyHashModule& fnv1a32Hash();              // keyhashes/fnv1a
const KeyHashModule& fnv1a64Hash();              // keyhashes/fnv1a
const KeyHashModule& md5Hash();                  // keyhashes/md5
const KeyHashModule& sha256Hash();               // keyhashes/sha256
const KeyHashModule& xxh64Hash();                // keyhashes/xxh64
const KeyHashModule& murmur3CassandraHash();     // keyhashes/cassandra
const KeyHashModule& redisSlotHash();            // keyhashes/redis-slot
const KeyHashModule& crc32Hash();                // keyhashes/crc32
const KeyHashModule& sdbmHash();                 // keyhashes/haproxy
const KeyHashModule& djb2Hash();                 // keyhashes/haproxy
const KeyHashModule& wt6Hash();                  // keyhashes/haproxy
const KeyHashModule& sdbmAvalancheHash();        // keyhashes/haproxy
const KeyHashModule& djb2AvalancheHash();        // keyhashes/haproxy
const KeyHashModule& wt6AvalancheHash();         // keyhashes/haproxy
const KeyHashModule& crc32AvalancheHash();       // keyhashes/haproxy
const KeyHashModule& murmur3x128Hash();          // keyhashes/murmur3-128
const KeyHashModule& twemproxyOneAtATimeHash();  // keyhashes/twemproxy
const KeyHashModule& twemproxyFnv1_64Hash();     // keyhashes/twemproxy
const KeyHashModule& twemproxyFnv1a_64Hash();    // keyhashes/twemproxy
const KeyHashModule& twemproxyFnv1_32Hash();     // keyhashes/twemproxy
const KeyHashModule& twemproxyCrc16Hash();       // keyhashes/twemproxy
const KeyHashModule& twemproxyCrc32Hash();       // keyhashes/twemproxy
const KeyHashModule& twemproxyHsiehHash();       // keyhashes/twemproxy
const KeyHashModule& twemproxyMurmurHash();      // keyhashes/twemproxy
const KeyHashModule& twemproxyJenkinsHash();     // keyhashes/twemproxy
const KeyHashModule& kafkaMurmur2Hash();         // keyhashes/kafka
const KeyHashModule& kafkaFnv1aHash();           // keyhashes/kafka
const KeyHashModule& esMurmur3Hash();            // algorithms/elasticsearch
}  // namespace modules

// A registry row: the enumerator and its module. Rows read as name tables (names.h): the name
// is the module's.
template <typename Id, typename Module>
struct Registered {
    Id value;
    const Module& (*module)();
    std::string_view name() const { return module().name(); }
};

inline constexpr Registered<Algorithm, AlgorithmModule> kAlgorithms[] = {
    {Algorithm::Ring, modules::ringAlgorithm},
    {Algorithm::Rendezvous, modules::rendezvousAlgorithm},
    {Algorithm::WeightedRendezvous, modules::weightedRendezvousAlgorithm},
    {Algorithm::NaiveDivRendezvous, modules::naiveDivideRendezvousAlgorithm},
    {Algorithm::NaiveMulRendezvous, modules::naiveMultiplyRendezvousAlgorithm},
    {Algorithm::Jump, modules::jumpAlgorithm},
    {Algorithm::JumpBack, modules::jumpBackAlgorithm},
    {Algorithm::ModN, modules::modNAlgorithm},
    {Algorithm::Maglev, modules::maglevAlgorithm},
    {Algorithm::RedisCluster, modules::redisClusterAlgorithm},
    {Algorithm::MultiProbe, modules::multiProbeAlgorithm},
    {Algorithm::Anchor, modules::anchorAlgorithm},
    {Algorithm::Memento, modules::mementoAlgorithm},
    {Algorithm::Dx, modules::dxAlgorithm},
    {Algorithm::Elasticsearch, modules::elasticsearchAlgorithm},
    {Algorithm::Mcrouter, modules::mcrouterAlgorithm},
};
static_assert(indexedByValue(kAlgorithms));

inline constexpr Registered<TokenScheme, TokenSchemeModule> kTokenSchemes[] = {
    {TokenScheme::Named, modules::namedTokens},
    {TokenScheme::Ketama, modules::ketamaTokens},
    {TokenScheme::Envoy, modules::envoyTokens},
    {TokenScheme::Nginx, modules::nginxTokens},
    {TokenScheme::Haproxy, modules::haproxyTokens},
    {TokenScheme::Groupcache, modules::groupcacheTokens},
    {TokenScheme::Twemproxy, modules::twemproxyTokens},
    {TokenScheme::Spymemcached, modules::spymemcachedTokens},
};
static_assert(indexedByValue(kTokenSchemes));

inline constexpr Registered<HashKind, KeyHashModule> kKeyHashes[] = {
    {HashKind::Identity, modules::identityHash},
    {HashKind::Fnv1a32, modules::fnv1a32Hash},
    {HashKind::Fnv1a64, modules::fnv1a64Hash},
    {HashKind::Md5, modules::md5Hash},
    {HashKind::Sha256, modules::sha256Hash},
    {HashKind::Xxh64, modules::xxh64Hash},
    {HashKind::Murmur3Cassandra, modules::murmur3CassandraHash},
    {HashKind::RedisSlot, modules::redisSlotHash},
    {HashKind::Crc32, modules::crc32Hash},
    {HashKind::Sdbm, modules::sdbmHash},
    {HashKind::Djb2, modules::djb2Hash},
    {HashKind::Wt6, modules::wt6Hash},
    {HashKind::SdbmAvalanche, modules::sdbmAvalancheHash},
    {HashKind::Djb2Avalanche, modules::djb2AvalancheHash},
    {HashKind::Wt6Avalanche, modules::wt6AvalancheHash},
    {HashKind::Crc32Avalanche, modules::crc32AvalancheHash},
    {HashKind::Murmur3x128, modules::murmur3x128Hash},
    {HashKind::TwemproxyOneAtATime, modules::twemproxyOneAtATimeHash},
    {HashKind::TwemproxyFnv1_64, modules::twemproxyFnv1_64Hash},
    {HashKind::TwemproxyFnv1a_64, modules::twemproxyFnv1a_64Hash},
    {HashKind::TwemproxyFnv1_32, modules::twemproxyFnv1_32Hash},
    {HashKind::TwemproxyCrc16, modules::twemproxyCrc16Hash},
    {HashKind::TwemproxyCrc32, modules::twemproxyCrc32Hash},
    {HashKind::TwemproxyHsieh, modules::twemproxyHsiehHash},
    {HashKind::TwemproxyMurmur, modules::twemproxyMurmurHash},
    {HashKind::TwemproxyJenkins, modules::twemproxyJenkinsHash},
    {HashKind::KafkaMurmur2, modules::kafkaMurmur2Hash},
    {HashKind::KafkaFnv1a, modules::kafkaFnv1aHash},
    {HashKind::EsMurmur3, modules::esMurmur3Hash},
};
static_assert(indexedByValue(kKeyHashes));

inline constexpr auto kAllAlgorithms = valuesIn(kAlgorithms);
inline constexpr auto kAllTokenSchemes = valuesIn(kTokenSchemes);
inline constexpr auto kAllHashes = valuesIn(kKeyHashes);

inline const AlgorithmModule& moduleOf(Algorithm algorithm) {
    return rowOf(kAlgorithms, algorithm).module();
}
inline const TokenSchemeModule& moduleOf(TokenScheme scheme) {
    return rowOf(kTokenSchemes, scheme).module();
}
inline const KeyHashModule& moduleOf(HashKind hash) {
    return rowOf(kKeyHashes, hash).module();
}

// Names in files and on the command line, and back ("maglev", "ketama", "xxh64").
inline std::string_view algorithmName(Algorithm algorithm) {
    return moduleOf(algorithm).name();
}
inline std::optional<Algorithm> algorithmFromName(std::string_view name) {
    return valueIn(kAlgorithms, name);
}
inline std::string_view tokenSchemeName(TokenScheme scheme) {
    return moduleOf(scheme).name();
}
inline std::string_view hashName(HashKind hash) {
    return moduleOf(hash).name();
}
inline std::optional<HashKind> hashFromName(std::string_view name) {
    return valueIn(kKeyHashes, name);
}

// The names of the algorithms with a trait, as a message lists them: "\"ring\" and \"maglev\"".
template <typename Has>
std::string algorithmsWith(Has has) {
    std::vector<std::string> names;
    for (const auto& row : kAlgorithms) {
        if (has(row.module().traits())) {
            names.push_back("\"" + std::string(row.name()) + "\"");
        }
    }
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    }
    return out;
}

// The key hash `kind` of a key's bytes (SPEC §2 and §6; each module says what it computes),
// zero-extended to 64 bits; nullopt only for a non-decimal key under identity.
inline std::optional<uint64_t> hashKey(HashKind kind, std::string_view key) {
    return moduleOf(kind).hash(key);
}
// A hash value as its system writes it: murmur3-cassandra's signed token, every other hash as an
// unsigned decimal (redis-slot: the slot).
inline std::string formatHashValue(HashKind kind, uint64_t value) {
    return moduleOf(kind).format(value);
}

// Every importer the modules bring, in registry order.
std::vector<const Importer*> allImporters();
const Importer* importerNamed(std::string_view name);

}  // namespace ringscope
