#pragma once
// A straight port of Envoy's OriginalMaglevTable build loop
// (source/extensions/load_balancing_policies/maglev/maglev_lb.cc): shared_ptr hosts, a
// TableBuildEntry per host, the permutation recomputed with a division on every probe. It is the
// oracle for ringscope::MaglevTable in the tests and the baseline of BM_MaglevBuildEnvoyLoop.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "ringscope/hash.h"

namespace reference {

struct EnvoyHost {
    std::string key;  // what Envoy hashes (address or hostname)
    uint32_t index;   // position in the caller's host list
};
using EnvoyHostPtr = std::shared_ptr<const EnvoyHost>;

struct EnvoyTableBuildEntry {
    EnvoyHostPtr host;
    uint64_t offset;
    uint64_t skip;
    double weight;
    double targetWeight = 0;
    uint64_t next = 0;
    uint64_t count = 0;
};

// Envoy's table: one host pointer per entry. `weights` are Envoy's normalised weights.
inline std::vector<EnvoyHostPtr> envoyMaglevTable(const std::vector<EnvoyHostPtr>& hosts,
                                                  const std::vector<double>& weights,
                                                  uint64_t tableSize) {
    double maxWeight = 0;
    std::vector<std::tuple<std::string, EnvoyHostPtr, double>> sorted;
    for (size_t i = 0; i < hosts.size(); ++i) {
        sorted.emplace_back(hosts[i]->key, hosts[i], weights[i]);
        maxWeight = std::max(maxWeight, weights[i]);
    }
    std::sort(sorted.begin(), sorted.end());
    std::vector<EnvoyTableBuildEntry> entries;
    for (const auto& [key, host, weight] : sorted) {
        entries.push_back({host, ringscope::xxh64(key) % tableSize,
                           ringscope::xxh64(key, 1) % (tableSize - 1) + 1, weight});
    }
    const auto permutation = [&](const EnvoyTableBuildEntry& e) {
        return (e.offset + e.skip * e.next) % tableSize;
    };
    std::vector<EnvoyHostPtr> table(tableSize);
    uint64_t tableIndex = 0;
    for (uint32_t iteration = 1; tableIndex < tableSize; ++iteration) {
        for (uint64_t i = 0; i < entries.size() && tableIndex < tableSize; i++) {
            EnvoyTableBuildEntry& entry = entries[i];
            if (iteration * entry.weight < entry.targetWeight) {
                continue;
            }
            entry.targetWeight += maxWeight;
            uint64_t c = permutation(entry);
            while (table[c] != nullptr) {
                entry.next++;
                c = permutation(entry);
            }
            table[c] = entry.host;
            entry.next++;
            entry.count++;
            tableIndex++;
        }
    }
    return table;
}

inline std::vector<EnvoyHostPtr> envoyHosts(const std::vector<std::string>& keys) {
    std::vector<EnvoyHostPtr> hosts;
    for (size_t i = 0; i < keys.size(); ++i) {
        hosts.push_back(std::make_shared<const EnvoyHost>(EnvoyHost{keys[i], uint32_t(i)}));
    }
    return hosts;
}

}  // namespace reference
