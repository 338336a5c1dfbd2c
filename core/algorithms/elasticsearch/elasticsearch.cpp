// Elasticsearch's routing (elasticsearch.h): the key hash es-murmur3 and the algorithm
// "elasticsearch", whose nodes are an index's shards in order. MurmurHash3_x86_32 is
// libmurmurhash's; the bytes it hashes are the routing's UTF-16 code units, as Java's String
// holds them.

#include "elasticsearch.h"

#include <murmurhash.h>

#include <bit>
#include <string>

#include "elasticsearch_settings.h"
#include "elasticsearchplacement.h"
#include "ringscope/error.h"
#include "ringscope/json.h"
#include "ringscope/key_encoding.h"
#include "ringscope/keyset.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// Appends the code unit as ByteUtils.LITTLE_ENDIAN_CHAR writes it.
void appendUnit(std::string& out, uint32_t unit) {
    out += static_cast<char>(unit & 0xFF);
    out += static_cast<char>(unit >> 8);
}

// The code point of the UTF-8 sequence of `length` bytes at `text[at]`.
uint32_t codePoint(std::string_view text, size_t at, size_t length) {
    const auto byte = [&](size_t i) { return uint32_t(static_cast<unsigned char>(text[at + i])); };
    constexpr uint32_t kLeadMask[] = {0, 0, 0x1F, 0x0F, 0x07};
    uint32_t cp = byte(0) & kLeadMask[length];
    for (size_t i = 1; i < length; ++i) {
        cp = cp << 6 | (byte(i) & 0x3F);
    }
    return cp;
}

}  // namespace

std::optional<int32_t> esMurmur3(std::string_view utf8) {
    // The routing as Java's String holds it: a code unit a character below U+10000, a surrogate
    // pair above. One buffer a thread, as Murmur3HashFunction keeps its scratch.
    thread_local std::string units;
    units.clear();
    for (size_t at = 0; at < utf8.size();) {
        const auto c = static_cast<unsigned char>(utf8[at]);
        if (c < 0x80) {
            appendUnit(units, c);
            ++at;
            continue;
        }
        const size_t length = utf8SequenceLength(utf8, at);
        if (length == 0) {
            return std::nullopt;
        }
        const uint32_t cp = codePoint(utf8, at, length);
        if (cp >= 0x10000) {
            appendUnit(units, 0xD800 + ((cp - 0x10000) >> 10));
            appendUnit(units, 0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            appendUnit(units, cp);
        }
        at += length;
    }
    uint32_t out = 0;
    // A key is at most Limit::StringBytes long, far below 4 GiB of code units.
    lmmh_x86_32(units.data(), static_cast<unsigned int>(units.size()), 0, &out);
    return std::bit_cast<int32_t>(out);
}

uint32_t esDefaultRoutingShards(uint32_t shards) {
    // 32 - Integer.numberOfLeadingZeros(numShards - 1): ⌈log2 shards⌉.
    const int log2Shards = shards <= 1 ? 0 : std::bit_width(shards - 1);
    const int splits = std::max(1, 10 - log2Shards);
    return shards << splits;
}

EsRoute esRoute(int32_t hash, uint32_t routingShards, uint32_t shards) {
    EsRoute r;
    r.hash = hash;
    // Math.floorMod: the remainder with the divisor's sign.
    const int64_t mod = int64_t{hash} % int64_t{routingShards};
    r.slot = static_cast<uint32_t>(mod < 0 ? mod + routingShards : mod);
    r.factor = routingShards / shards;
    r.shard = r.slot / r.factor;
    return r;
}

std::optional<uint32_t> esNextSplit(uint32_t shards, uint32_t routingShards) {
    // shards times the least prime factor of routingShards / shards: trial division up to its
    // square root, at most 46,341 steps for any Java int.
    const uint32_t rest = routingShards / shards;
    if (rest < 2) {
        return std::nullopt;
    }
    uint32_t factor = rest;
    for (uint32_t d = 2; uint64_t{d} * d <= rest; ++d) {
        if (rest % d == 0) {
            factor = d;
            break;
        }
    }
    return shards * factor;
}

std::vector<uint32_t> esDivisors(uint32_t routingShards, size_t most) {
    std::vector<uint32_t> low, high;  // d and routingShards / d, for d up to the square root
    for (uint32_t d = 1; uint64_t{d} * d <= routingShards; ++d) {
        if (routingShards % d == 0) {
            low.push_back(d);
            if (d != routingShards / d) {
                high.push_back(routingShards / d);
            }
        }
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    if (low.size() > most) {
        low.resize(most);
    }
    return low;
}

uint32_t routingShardsOf(const Scenario& scenario) {
    const uint32_t own = scenario.params.get<ElasticsearchParams>().routingShards;
    // The node limit keeps the shards far below 2^30, where the default would leave a Java int.
    return own != 0 ? own : esDefaultRoutingShards(static_cast<uint32_t>(scenario.nodes.size()));
}

void ElasticsearchPlacement::route(const PlacementNodes& nodes, const KeyPoint& key,
                                   std::span<uint32_t> out) const {
    const size_t n = nodes.size();
    const auto hash = std::bit_cast<int32_t>(static_cast<uint32_t>(key.hash64));
    detail::followingBuckets(
        esRoute(hash, m_routingShards, static_cast<uint32_t>(n)).shard, n, out,
        [](size_t b) { return static_cast<uint32_t>(b); }, nodes.down);
}

namespace {

class EsMurmur3Hash final : public KeyHashModule {
public:
    EsMurmur3Hash() : KeyHashModule(HashKind::EsMurmur3, "es-murmur3", {}) {}
    // The Java int's 32 bits, zero-extended; nullopt for bytes that are not UTF-8.
    std::optional<uint64_t> hash(std::string_view bytes) const override {
        const auto h = esMurmur3(bytes);
        return h ? std::optional<uint64_t>(std::bit_cast<uint32_t>(*h)) : std::nullopt;
    }
    std::string rejection(std::string_view text, const KeyHashing& hashing) const override {
        if (hashing.encoding != KeyEncoding::Utf8 && !encodeKey(hashing.encoding, text)) {
            return KeyHashModule::rejection(text, hashing);
        }
        return "is not UTF-8 text (es-murmur3 hashes a routing string's UTF-16 code units)";
    }
};

class ElasticsearchModule final : public AlgorithmModule {
public:
    ElasticsearchModule()
        : AlgorithmModule(Algorithm::Elasticsearch, "elasticsearch",
                          QT_TRANSLATE_NOOP("Algorithm", "Elasticsearch"),
                          // A system's routing, not a candidate of Which algorithm?: as
                          // Redis Cluster, it is not compared.
                          {.weights = false,
                           .bucketsInNodeOrder = true,
                           .view = "elasticsearch",
                           .color = 0xD55E00}) {}  // vermillion (Okabe–Ito)

    // Elasticsearch hashes the routing string, whatever the scenario's key hash.
    void fixKeyHashing(KeyHashing& hashing) const override {
        hashing.hash = HashKind::EsMurmur3;
        hashing.encoding = KeyEncoding::Utf8;
        hashing.rawValues = false;
    }

    // "elasticsearch": {"routingShards": 1024}.
    void readParams(const json::Object& root, Scenario& s) const override {
        if (!root.contains("elasticsearch")) {
            return;
        }
        const json::Object& e = json::object(root["elasticsearch"], "elasticsearch");
        json::allowOnly(e, {"routingShards"}, "elasticsearch");
        if (e.contains("routingShards")) {
            const uint64_t r = json::unsignedInt(e["routingShards"], "elasticsearch.routingShards");
            if (r == 0 || r > kMaxRoutingShards) {
                throw InputError("elasticsearch.routingShards",
                                 "must be 1 to 2147483647 (a Java int), not " + std::to_string(r));
            }
            s.params.edit<ElasticsearchParams>().routingShards = static_cast<uint32_t>(r);
        }
    }
    FileFields fileFields() const override {
        static constexpr std::string_view kRoot[] = {"elasticsearch"};
        return {.root = kRoot};
    }
    void writeParams(const Scenario& s, json::Object& root) const override {
        const ElasticsearchParams& p = s.params.get<ElasticsearchParams>();
        if (p != ElasticsearchParams{}) {
            root.set("elasticsearch",
                     json::Object{{"routingShards", json::Value::count(p.routingShards)}});
        }
    }
    // index.number_of_routing_shards: at least the shards and a multiple of them
    // (IndexMetadata.getRoutingFactor).
    void validate(const Scenario& s) const override {
        const uint64_t shards = s.nodes.size();
        const uint32_t own = s.params.get<ElasticsearchParams>().routingShards;
        if (own == 0 || shards == 0) {
            return;
        }
        if (own < shards || own % shards != 0) {
            constexpr size_t kShown = 12;
            const std::vector<uint32_t> divisors = esDivisors(own, kShown + 1);
            std::string splits;
            for (size_t i = 0; i < divisors.size(); ++i) {
                splits += (i > 0 ? ", " : "") +
                          (i == kShown ? std::string("...") : std::to_string(divisors[i]));
            }
            throw InputError("elasticsearch.routingShards",
                             "the index's " + std::to_string(shards) + " shards must divide its " +
                                 std::to_string(own) +
                                 " routing shards (an index splits or shrinks only into a "
                                 "divisor of them: " +
                                 splits + ")");
        }
    }
    std::shared_ptr<const PlacementState> build(const Scenario& s,
                                                const PlacementNodes&) const override {
        return std::make_shared<ElasticsearchPlacement>(routingShardsOf(s));
    }
    void definingNumbers(const Scenario& s, std::vector<double>& out) const override {
        out.push_back(static_cast<double>(routingShardsOf(s)));
    }
    // An index's settings as the cluster returns them.
    std::span<const Importer> importers() const override { return kElasticsearchImporters; }

private:
    static constexpr uint64_t kMaxRoutingShards = 0x7FFFFFFF;
};

}  // namespace

const KeyHashModule& modules::esMurmur3Hash() {
    static const EsMurmur3Hash module;
    return module;
}

const AlgorithmModule& modules::elasticsearchAlgorithm() {
    static const ElasticsearchModule module;
    return module;
}

}  // namespace ringscope
