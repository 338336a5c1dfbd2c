#include "ringscope/bounded_load.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "ringscope/error.h"

namespace ringscope {

namespace {

constexpr char kFactorField[] = "boundedLoad.factor";
constexpr double kPercent = 100.0;

void checkFactor(double factor) {
    if (!(factor >= kMinBalanceFactorPercent / kPercent)) {
        throw InputError(kFactorField,
                         "the balance factor must be at least 1.00, not " + std::to_string(factor));
    }
    if (!(factor <= kMaxBalanceFactorPercent / kPercent)) {
        throw InputError(kFactorField, "the balance factor must be at most " +
                                           std::to_string(kMaxBalanceFactorPercent / kPercent) +
                                           ", not " + std::to_string(factor));
    }
}

}  // namespace

std::vector<double> keyLoadWeights(const HashedKeys& keys) {
    return keys.weight.empty() ? std::vector<double>(keys.size(), 1.0) : keys.weight;
}

void checkBalanceFactorPercent(uint32_t percent) {
    checkFactor(percent / kPercent);
}

uint32_t balanceFactorPercent(double factor) {
    checkFactor(factor);
    const double percent = factor * kPercent;
    const double rounded = std::round(percent);
    if (std::fabs(percent - rounded) > 1e-6) {
        char text[40];
        std::snprintf(text, sizeof text, "%.10g", factor);
        throw InputError(kFactorField,
                         std::string("give the factor in hundredths (1.25), as Envoy's "
                                     "hash_balance_factor (125) and HAProxy's "
                                     "hash-balance-factor do, not ") +
                             text);
    }
    return static_cast<uint32_t>(rounded);
}

namespace detail {

BoundedLoadState::BoundedLoadState(std::span<const double> nodeWeights, size_t keys,
                                   uint32_t factorPercent) {
    checkBalanceFactorPercent(factorPercent);
    if (nodeWeights.empty()) {
        throw InputError("nodes", "the node list is empty; add at least one node");
    }
    double sum = 0;
    for (const double w : nodeWeights) {
        sum += w;
    }
    // capacity = ceil(placed · factorPercent · w_n / (100 · Σw)): with integer weights every
    // operand is an exact integer below 2^53, so the one rounding of the division cannot push
    // an exact quotient past an integer, and ceil is exact.
    m_denominator = 100.0 * sum;
    for (const double w : nodeWeights) {
        m_share.push_back(static_cast<double>(factorPercent) * w);
    }
    m_seen.assign(nodeWeights.size(), 0);
    m_result.load.assign(nodeWeights.size(), 0);
    m_result.owner.reserve(keys);
    m_result.firstChoice.reserve(keys);
    m_result.probes.reserve(keys);
    m_result.chainStart.push_back(0);
}

double BoundedLoadState::capacityOf(uint32_t node) const {
    return std::ceil(m_result.placed * m_share[node] / m_denominator);
}

void BoundedLoadState::begin(uint32_t key, double weight) {
    m_key = key;
    m_weight = weight;
    m_result.placed += weight;
    m_landed = false;
    m_probes = 0;
    m_chain.clear();
}

bool BoundedLoadState::offer(uint32_t node) {
    if (m_seen[node] == m_key + 1) {
        return false;  // already full for this key
    }
    m_seen[node] = m_key + 1;
    ++m_probes;
    if (m_probes == 1) {
        m_result.firstChoice.push_back(node);
    }
    const double room = capacityOf(node) - m_result.load[node];
    if (m_weight <= room) {
        m_result.load[node] += m_weight;
        m_result.owner.push_back(node);
        m_landed = true;
        return true;
    }
    if (m_probes == 1 || room > m_bestRoom) {
        m_best = node;
        m_bestRoom = room;
    }
    m_chain.push_back(node);
    return false;
}

void BoundedLoadState::finish() {
    if (m_probes == 0) {
        throw InputError("nodes", "no node can take keys");
    }
    if (!m_landed) {
        // No walked node had room (only possible for unequal key weights, or a walk that does
        // not reach every node): the walked node with the most room takes it.
        m_result.load[m_best] += m_weight;
        m_result.owner.push_back(m_best);
        m_result.overCapacity.push_back(m_key);
        std::erase(m_chain, m_best);
    }
    m_result.probes.push_back(m_probes);
    if (m_result.owner.back() != m_result.firstChoice.back()) {
        m_result.displaced.push_back(m_key);
        m_result.chainNodes.insert(m_result.chainNodes.end(), m_chain.begin(), m_chain.end());
        m_result.chainStart.push_back(static_cast<uint32_t>(m_result.chainNodes.size()));
    }
}

BoundedLoadResult BoundedLoadState::take() {
    m_result.capacity.resize(m_share.size());
    for (uint32_t n = 0; n < m_share.size(); ++n) {
        m_result.capacity[n] = capacityOf(n);
    }
    return std::move(m_result);
}

}  // namespace detail

}  // namespace ringscope
