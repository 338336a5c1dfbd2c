#include "ringscope/ring.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace ringscope {

namespace {
constexpr unsigned kMaxIndexBits = 22;  // at most 4M buckets (16 MiB) in the radix table
}

Ring::Ring(uint64_t space, std::vector<RingToken> tokens) : m_space(space) {
    std::stable_sort(tokens.begin(), tokens.end(), [](const RingToken& a, const RingToken& b) {
        return a.position < b.position;
    });
    m_pos.reserve(tokens.size());
    m_node.reserve(tokens.size());
    m_index.reserve(tokens.size());
    for (const RingToken& t : tokens) {
        m_pos.push_back(t.position);
        m_node.push_back(t.node);
        m_index.push_back(t.index);
    }
    rebuildIndex();
}

size_t Ring::nearer(uint64_t x) const {
    const size_t next = successor(x);
    const size_t prev = predecessor(next);
    // Distances along the circle, modulo the space (2^64 wraps by itself).
    const auto along = [this](uint64_t from, uint64_t to) {
        const uint64_t d = to - from;
        return isFullSpace(m_space) || to >= from ? d : d + m_space;
    };
    const uint64_t dp = along(m_pos[prev], x);
    const uint64_t dn = along(x, m_pos[next]);
    return dp <= dn ? prev : next;
}

void Ring::rebuildIndex() {
    // Buckets of equal width over the space's high bits, about one token per bucket.
    const uint64_t maxPos = lastPosition(m_space);
    const unsigned spaceBits = std::max(1u, static_cast<unsigned>(std::bit_width(maxPos)));
    const unsigned want =
        std::min(kMaxIndexBits, static_cast<unsigned>(std::bit_width(m_pos.size() | 1)));
    m_shift = spaceBits > want ? spaceBits - want : 0;
    const uint64_t buckets = (maxPos >> m_shift) + 1;
    m_bucket.assign(buckets + 1, 0);
    size_t t = 0;
    for (uint64_t b = 0; b < buckets; ++b) {
        while (t < m_pos.size() && (m_pos[t] >> m_shift) < b) {
            ++t;
        }
        m_bucket[b] = static_cast<uint32_t>(t);
    }
    m_bucket[buckets] = static_cast<uint32_t>(m_pos.size());
}

void Ring::refreshBuckets(uint64_t fromBucket, uint64_t toBucket) {
    for (uint64_t b = fromBucket; b <= toBucket; ++b) {
        m_bucket[b] = static_cast<uint32_t>(lowerBound(b << m_shift));
    }
}

std::vector<uint64_t> Ring::positionsOf(uint32_t node) const {
    std::vector<std::pair<uint32_t, uint64_t>> found;  // origin index, position
    for (size_t t = 0; t < m_pos.size(); ++t) {
        if (m_node[t] == node) {
            found.emplace_back(m_index[t], m_pos[t]);
        }
    }
    std::sort(found.begin(), found.end());
    std::vector<uint64_t> positions;
    positions.reserve(found.size());
    for (const auto& f : found) {
        positions.push_back(f.second);
    }
    return positions;
}

size_t Ring::lowerBound(uint64_t x) const {
    return static_cast<size_t>(std::lower_bound(m_pos.begin(), m_pos.end(), x) - m_pos.begin());
}

double Ring::arcFraction(size_t i) const {
    if (m_pos.size() == 1) {
        return 1.0;
    }
    const uint64_t p = m_pos[predecessor(i)];
    const uint64_t q = m_pos[i];
    const uint64_t width = q - p;  // wraps modulo 2^64, then correct for a smaller space
    const double size = spaceSize(m_space);
    if (i == 0) {
        return (size - double(p) + double(q)) / size;
    }
    return double(width) / size;
}

namespace {

// The replica walk of SPEC §2 along the tokens `order` gives (a fresh walk per lap, each token
// once). Calls visit(token) for each token of the first lap, and returns the picked nodes in
// pick order. Zone-aware: the first lap takes only nodes in zones not used yet; if replicas are
// still missing, a second lap takes distinct nodes in walk order.
template <typename Order, typename Visit>
std::vector<std::pair<uint32_t, size_t>> pickAlong(const Ring& ring, Order order, size_t replicas,
                                                   std::span<const uint32_t> zoneOf,
                                                   std::span<const uint8_t> down, Visit visit) {
    std::vector<std::pair<uint32_t, size_t>> picked;  // node, token
    const auto isPicked = [&](uint32_t node) {
        return std::any_of(picked.begin(), picked.end(), [&](auto& p) { return p.first == node; });
    };
    const auto zoneUsed = [&](uint32_t node) {
        return std::any_of(picked.begin(), picked.end(),
                           [&](auto& p) { return zoneOf[p.first] == zoneOf[node]; });
    };
    const size_t laps = zoneOf.empty() ? 1 : 2;
    for (size_t lap = 0; lap < laps && picked.size() < replicas; ++lap) {
        const bool newZonesOnly = !zoneOf.empty() && lap == 0;
        auto next = order();
        for (size_t step = 0; step < ring.size() && picked.size() < replicas; ++step) {
            const size_t i = next();
            const uint32_t node = ring.node(i);
            const bool take = (down.empty() || !down[node]) && !isPicked(node) &&
                              !(newZonesOnly && zoneUsed(node));
            if (take) {
                picked.emplace_back(node, i);
            }
            if (lap == 0) {
                visit(i);
            }
        }
    }
    return picked;
}

// Clockwise from token `start`.
template <typename Visit>
std::vector<std::pair<uint32_t, size_t>> pick(const Ring& ring, size_t start, size_t replicas,
                                              std::span<const uint32_t> zoneOf,
                                              std::span<const uint8_t> down, Visit visit) {
    const auto clockwise = [&] {
        return [&ring, i = start, first = true]() mutable {
            i = first ? i : ring.next(i);
            first = false;
            return i;
        };
    };
    return pickAlong(ring, clockwise, replicas, zoneOf, down, visit);
}

}  // namespace

size_t Ring::replicasFrom(size_t start, std::span<uint32_t> out, std::span<const uint32_t> zoneOf,
                          std::span<const uint8_t> down) const {
    if (m_pos.empty()) {
        return 0;
    }
    const auto picked = pick(*this, start, out.size(), zoneOf, down, [](size_t) {});
    for (size_t i = 0; i < picked.size(); ++i) {
        out[i] = picked[i].first;
    }
    return picked.size();
}

size_t Ring::nearestFrom(uint64_t x, std::span<uint32_t> out, std::span<const uint32_t> zoneOf,
                         std::span<const uint8_t> down) const {
    if (m_pos.empty()) {
        return 0;
    }
    const auto along = [this](uint64_t from, uint64_t to) {
        const uint64_t d = to - from;
        return isFullSpace(m_space) || to >= from ? d : d + m_space;
    };
    // Outward from x: the nearer of the next token before and the next token after, the one
    // before on a tie, as nearer() chooses the first.
    const auto outward = [&] {
        return
            [this, &along, x, after = successor(x), before = predecessor(successor(x))]() mutable {
                if (along(m_pos[before], x) <= along(x, m_pos[after])) {
                    const size_t t = before;
                    before = predecessor(before);
                    return t;
                }
                const size_t t = after;
                after = next(after);
                return t;
            };
    };
    const auto picked = pickAlong(*this, outward, out.size(), zoneOf, down, [](size_t) {});
    for (size_t i = 0; i < picked.size(); ++i) {
        out[i] = picked[i].first;
    }
    return picked.size();
}

void Ring::walk(size_t start, size_t replicas, std::span<const uint32_t> zoneOf,
                std::vector<size_t>& visited, std::vector<bool>& chosen,
                std::span<const uint8_t> down) const {
    visited.clear();
    chosen.clear();
    if (m_pos.empty() || replicas == 0) {
        return;
    }
    const auto picked =
        pick(*this, start, replicas, zoneOf, down, [&](size_t token) { visited.push_back(token); });
    // Keep the first lap up to the last token that was picked (on either lap).
    size_t keep = 0;
    chosen.assign(visited.size(), false);
    for (const auto& [node, token] : picked) {
        for (size_t v = 0; v < visited.size(); ++v) {
            if (visited[v] == token) {
                chosen[v] = true;
                keep = std::max(keep, v + 1);
                break;
            }
        }
    }
    visited.resize(keep);
    chosen.resize(keep);
}

size_t Ring::insert(RingToken token) {
    const size_t at = static_cast<size_t>(
        std::upper_bound(m_pos.begin(), m_pos.end(), token.position) - m_pos.begin());
    m_pos.insert(m_pos.begin() + static_cast<std::ptrdiff_t>(at), token.position);
    m_node.insert(m_node.begin() + static_cast<std::ptrdiff_t>(at), token.node);
    m_index.insert(m_index.begin() + static_cast<std::ptrdiff_t>(at), token.index);
    rebuildIndex();
    return at;
}

std::vector<size_t> Ring::insertMany(std::vector<RingToken> tokens) {
    std::stable_sort(tokens.begin(), tokens.end(), [](const RingToken& a, const RingToken& b) {
        return a.position < b.position;
    });
    std::vector<uint64_t> pos;
    std::vector<uint32_t> node;
    std::vector<uint32_t> index;
    std::vector<size_t> added;
    pos.reserve(m_pos.size() + tokens.size());
    node.reserve(m_pos.size() + tokens.size());
    index.reserve(m_pos.size() + tokens.size());
    added.reserve(tokens.size());
    size_t i = 0;
    for (const RingToken& t : tokens) {
        while (i < m_pos.size() && m_pos[i] <= t.position) {  // new tokens go after equal ones
            pos.push_back(m_pos[i]);
            node.push_back(m_node[i]);
            index.push_back(m_index[i++]);
        }
        added.push_back(pos.size());
        pos.push_back(t.position);
        node.push_back(t.node);
        index.push_back(t.index);
    }
    const auto rest = static_cast<std::ptrdiff_t>(i);
    pos.insert(pos.end(), m_pos.begin() + rest, m_pos.end());
    node.insert(node.end(), m_node.begin() + rest, m_node.end());
    index.insert(index.end(), m_index.begin() + rest, m_index.end());
    m_pos = std::move(pos);
    m_node = std::move(node);
    m_index = std::move(index);
    rebuildIndex();
    return added;
}

size_t Ring::eraseNode(uint32_t node) {
    size_t kept = 0;
    for (size_t i = 0; i < m_pos.size(); ++i) {
        if (m_node[i] != node) {
            m_pos[kept] = m_pos[i];
            m_index[kept] = m_index[i];
            m_node[kept++] = m_node[i];
        }
    }
    const size_t erased = m_pos.size() - kept;
    m_pos.resize(kept);
    m_node.resize(kept);
    m_index.resize(kept);
    rebuildIndex();
    return erased;
}

void Ring::erase(size_t i) {
    m_pos.erase(m_pos.begin() + static_cast<std::ptrdiff_t>(i));
    m_node.erase(m_node.begin() + static_cast<std::ptrdiff_t>(i));
    m_index.erase(m_index.begin() + static_cast<std::ptrdiff_t>(i));
    rebuildIndex();
}

bool Ring::moveWithinNeighbours(size_t i, uint64_t position) {
    if (i >= m_pos.size()) {
        return false;
    }
    if ((i > 0 && position <= m_pos[i - 1]) || (i + 1 < m_pos.size() && position >= m_pos[i + 1]) ||
        !inSpace(position, m_space)) {
        return false;
    }
    const uint64_t from = std::min(position, m_pos[i]) >> m_shift;
    const uint64_t to = std::max(position, m_pos[i]) >> m_shift;
    m_pos[i] = position;
    refreshBuckets(from, to);
    return true;
}

size_t Ring::move(size_t i, uint64_t position) {
    const uint64_t old = m_pos[i];
    // Its index among the others, after equal positions (as insert places it).
    auto j =
        static_cast<size_t>(std::upper_bound(m_pos.begin(), m_pos.end(), position) - m_pos.begin());
    j -= j > i ? 1 : 0;
    const auto at = [](auto& v, size_t k) { return v.begin() + static_cast<std::ptrdiff_t>(k); };
    const auto shift = [&](auto& v) {
        if (j > i) {
            std::rotate(at(v, i), at(v, i + 1), at(v, j + 1));
        } else if (j < i) {
            std::rotate(at(v, j), at(v, i), at(v, i + 1));
        }
    };
    shift(m_pos);
    shift(m_node);
    shift(m_index);
    m_pos[j] = position;
    // A bucket counts the tokens below it: those between the old and the new bucket lose the
    // token (moving up) or gain it (moving down).
    const uint64_t from = old >> m_shift;
    const uint64_t to = position >> m_shift;
    for (uint64_t b = std::min(from, to) + 1; b <= std::max(from, to); ++b) {
        m_bucket[b] += to > from ? uint32_t(-1) : 1u;
    }
    return j;
}

}  // namespace ringscope
