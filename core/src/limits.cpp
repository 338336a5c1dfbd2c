#include "ringscope/limits.h"

#include <algorithm>
#include <cmath>

#include "ringscope/keyset.h"
#include "ringscope/placements/rendezvousplacement.h"
#include "ringscope/placements/ringplacement.h"
#include "ringscope/scenario.h"

namespace ringscope {

namespace {

// The sum of the decimal lengths of first, first + 1, ..., last (inclusive). O(20).
uint64_t digitsBetween(uint64_t first, uint64_t last) {
    uint64_t sum = 0;
    uint64_t low = 0;
    for (uint64_t digits = 1, high = 9; low <= last; ++digits) {  // [low, high] have `digits`
        const uint64_t from = std::max(low, first);
        const uint64_t to = std::min(high, last);
        if (from <= to) {
            sum = saturatingAdd(sum, saturatingMul(to - from + 1, digits));
        }
        if (high == UINT64_MAX) {
            break;
        }
        low = high + 1;
        high = high > UINT64_MAX / 10 ? UINT64_MAX : high * 10 + 9;
    }
    return sum;
}

// "VALUE" or "VALUE" with a K, M or G suffix (2^10, 2^20, 2^30).
std::optional<uint64_t> parseAmount(std::string_view text) {
    uint64_t scale = 1;
    if (!text.empty()) {
        switch (text.back()) {
            case 'K':
            case 'k':
                scale = uint64_t{1} << 10;
                break;
            case 'M':
                scale = uint64_t{1} << 20;
                break;
            case 'G':
                scale = uint64_t{1} << 30;
                break;
        }
    }
    if (scale != 1) {
        text.remove_suffix(1);
    }
    const auto value = parseDecimalU64(text);
    if (!value || saturatingMul(*value, scale) == UINT64_MAX) {
        return std::nullopt;
    }
    return *value * scale;
}

}  // namespace

void Limits::parse(std::string_view assignment, const std::string& option) {
    const size_t equals = assignment.find('=');
    const std::string_view name = assignment.substr(0, equals);
    const auto limit = valueIn(kLimitRows, name);
    if (!limit) {
        throw InputError(option, "unknown limit " + quotedText(name) +
                                     " (one of: " + choicesIn(kLimitRows) + ")");
    }
    const auto value = equals == std::string_view::npos
                           ? std::nullopt
                           : parseAmount(assignment.substr(equals + 1));
    if (!value) {
        throw InputError(option, "expected " + std::string(name) +
                                     "=VALUE, VALUE a whole number (K, M or G for 2^10, 2^20, "
                                     "2^30), not " +
                                     quotedText(assignment));
    }
    set(*limit, *value);
}

InputError limitError(const Limits& limits, Limit limit, uint64_t amount, std::string field,
                      std::string_view what) {
    InputError error(std::move(field), "needs " + std::to_string(amount) + " " + std::string(what) +
                                           ", more than the limit " +
                                           std::string(limitName(limit)) + " = " +
                                           std::to_string(limits[limit]));
    error.waivable({Waiver::Kind::RaiseLimit, limit, amount, {}});
    return error;
}

void checkLimit(const Limits& limits, Limit limit, uint64_t amount, std::string field,
                std::string_view what) {
    if (amount > limits[limit]) {
        throw limitError(limits, limit, amount, std::move(field), what);
    }
}

KeyVolume keyVolume(const KeySetSpec& spec) {
    KeyVolume volume;
    switch (spec.kind) {
        case KeySetSpec::Kind::Pattern: {
            volume.keys = spec.count;
            if (spec.count == 0) {
                break;
            }
            const uint64_t indexes = placeholderCount(spec.pattern);
            const uint64_t fixed = spec.pattern.size() - indexes * kIndexPlaceholder.size();
            // Indices run start, start + 1, ... (a spec whose indices would pass 2^64 - 1 is
            // refused by checkKeyDecoration; the sum below stays right if one got here).
            const uint64_t last = spec.start + (spec.count - 1);
            const uint64_t digits =
                last >= spec.start
                    ? digitsBetween(spec.start, last)
                    : saturatingAdd(digitsBetween(spec.start, UINT64_MAX), digitsBetween(0, last));
            volume.bytes =
                saturatingAdd(saturatingMul(spec.count, fixed), saturatingMul(indexes, digits));
            const uint64_t widest = last >= spec.start ? std::to_string(last).size() : 20;
            volume.longest = saturatingAdd(fixed, saturatingMul(indexes, widest));
            break;
        }
        case KeySetSpec::Kind::List:
            volume.keys = spec.list.size();
            for (const std::string& key : spec.list) {
                volume.bytes = saturatingAdd(volume.bytes, key.size());
                volume.longest = std::max<uint64_t>(volume.longest, key.size());
            }
            break;
        case KeySetSpec::Kind::File:
            break;
    }
    return volume;
}

void checkKeyVolume(const KeyVolume& volume, const Limits& limits, const std::string& countField,
                    const std::string& sizeField) {
    checkLimit(limits, Limit::Keys, volume.keys, countField, "keys");
    checkLimit(limits, Limit::StringBytes, volume.longest, sizeField, "bytes in its longest key");
    checkLimit(limits, Limit::KeyBytes, volume.bytes, sizeField, "bytes of keys");
}

namespace {

// Maglev fills its table in rounds; each round offers every node one entry, and a node takes
// it when its weight has caught up with the largest one, so the table of M entries takes about
// M x (largest weight / total weight) rounds of N steps (maglev.h).
uint64_t maglevFillSteps(const Scenario& s) {
    double total = 0, largest = 0;
    for (const NodeSpec& node : s.nodes) {
        total += node.weight;
        largest = std::max(largest, node.weight);
    }
    const double rounds = std::ceil(static_cast<double>(s.maglevTableSize) * (largest / total)) + 1;
    const double steps = rounds * static_cast<double>(s.nodes.size());
    return std::isfinite(steps) && steps < 0x1p63 ? static_cast<uint64_t>(steps) : UINT64_MAX;
}

}  // namespace

void checkPlacementWork(const Scenario& s, const Limits& limits) {
    checkLimit(limits, Limit::Nodes, s.nodes.size(), "nodes", "nodes");
    if (s.algorithm == Algorithm::Maglev && !s.nodes.empty()) {
        checkLimit(limits, Limit::MaglevWork, maglevFillSteps(s), "maglev.tableSize",
                   "steps to fill the Maglev table (rounds x nodes)");
    }
    if (s.algorithm != Algorithm::Ring) {
        return;
    }
    const RingCost cost = ringCost(s);
    if (cost.tokens > limits[Limit::Tokens]) {  // name the node that asks for the most
        const InputError error =
            limitError(limits, Limit::Tokens, cost.tokens, "", "ring tokens in all");
        throw nodeError(s, cost.largestNode, "", error.message()).waivable(*error.waiver());
    }
    checkLimit(limits, Limit::TokenNameBytes, cost.nameBytes,
               s.tokenScheme == TokenScheme::Named ? "tokens.name" : "nodes",
               "bytes of token names to hash");
    checkLimit(limits, Limit::TokenReplicas,
               saturatingMul(cost.tokens, static_cast<uint64_t>(std::max<int64_t>(1, s.replicas))),
               "replicas", "replica table entries (ring tokens x replicas)");
}

void checkKeyWork(const Scenario& s, uint64_t keys, const Limits& limits) {
    checkLimit(limits, Limit::KeyReplicas,
               saturatingMul(keys, static_cast<uint64_t>(std::max<int64_t>(1, s.replicas))),
               "replicas", "owner entries (keys x replicas)");
    if (isRendezvous(s.algorithm)) {
        checkLimit(limits, Limit::RendezvousWork, saturatingMul(keys, s.nodes.size()), "nodes",
                   "rendezvous digests (keys x nodes)");
    }
    if (s.boundedLoadPercent) {
        checkLimit(limits, Limit::BoundedLoadWork, saturatingMul(keys, s.nodes.size()),
                   "boundedLoad", "steps of bounded-load walks at worst (keys x nodes)");
    }
}

void checkWork(const Scenario& s, const Limits& limits) {
    const KeyVolume volume = keyVolume(s.keys);
    switch (s.keys.kind) {
        case KeySetSpec::Kind::Pattern:
            checkKeyVolume(volume, limits, "keys.count", "keys.pattern");
            break;
        case KeySetSpec::Kind::List:
            checkKeyVolume(volume, limits, "keys.list", "keys.list");
            break;
        case KeySetSpec::Kind::File:
            break;  // its reader checks it
    }
    checkPlacementWork(s, limits);
    checkKeyWork(s, volume.keys, limits);
}

}  // namespace ringscope
