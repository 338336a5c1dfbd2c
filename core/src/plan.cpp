#include "ringscope/plan.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <tuple>

#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/limits.h"

namespace ringscope {

namespace {

uint64_t cellKey(uint32_t from, uint32_t to) {
    return (uint64_t{from} << 32) | to;
}

// Sums that stop at 2^64 - 1 rather than wrap; true when this one stopped there.
bool addTo(uint64_t& total, uint64_t amount) {
    const bool stops = amount > UINT64_MAX - total;
    total = saturatingAdd(total, amount);
    return stops;
}

// A node's outgoing transfers sharing its rate: they start longest first, at most `streams`
// at once, and those running share `bytesPerSecond` equally, so the node always sends at its
// whole rate and is done after its bytes / rate whatever `streams` is. Sets each transfer's
// seconds, from its start to its end.
void shareRate(std::vector<Transfer*> transfers, double bytesPerSecond, uint32_t streams) {
    std::stable_sort(transfers.begin(), transfers.end(),
                     [](const Transfer* a, const Transfer* b) { return a->bytes > b->bytes; });
    struct Running {
        Transfer* transfer;
        double left;  // bytes
        double start;
    };
    std::vector<Running> running;
    size_t next = 0;
    double now = 0;
    const size_t lanes = std::max<uint32_t>(1, streams);
    while (next < transfers.size() || !running.empty()) {
        while (running.size() < lanes && next < transfers.size()) {
            running.push_back({transfers[next], double(transfers[next]->bytes), now});
            ++next;
        }
        double least = running.front().left;
        for (const Running& r : running) {
            least = std::min(least, r.left);
        }
        now += least * double(running.size()) / bytesPerSecond;
        for (Running& r : running) {
            r.left -= least;  // exactly 0 for those that had `least` left
            if (r.left == 0) {
                r.transfer->seconds = now - r.start;
            }
        }
        std::erase_if(running, [](const Running& r) { return r.left == 0; });
    }
}

}  // namespace

const char* transferKindName(TransferKind kind) {
    switch (kind) {
        case TransferKind::Primary:
            return "primary";
        case TransferKind::Copy:
            return "copy";
    }
    return "";
}

void PairCounts::add(uint32_t from, uint32_t to, uint64_t bytes) {
    Cell& cell = m_cells[cellKey(from, to)];
    ++cell.keys;
    m_saturated = addTo(cell.bytes, bytes) || m_saturated;
}

void PairCounts::add(const PairCounts& other) {
    other.m_cells.forEach([this](uint64_t key, const Cell& cell) {
        Cell& mine = m_cells[key];
        mine.keys += cell.keys;
        m_saturated = addTo(mine.bytes, cell.bytes) || m_saturated;
    });
    m_saturated = m_saturated || other.m_saturated;
}

std::vector<PairCounts::Pair> PairCounts::pairs() const {
    std::vector<Pair> out;
    out.reserve(m_cells.size());
    m_cells.forEach([&out](uint64_t key, const Cell& cell) {
        out.push_back(
            {static_cast<uint32_t>(key >> 32), static_cast<uint32_t>(key), cell.keys, cell.bytes});
    });
    std::sort(out.begin(), out.end(), [](const Pair& a, const Pair& b) {
        return std::tie(a.from, a.to) < std::tie(b.from, b.to);
    });
    return out;
}

bool PlanCounter::isLive(uint32_t node) const {
    return !m_down || (!m_down->isDown(node) && !m_down->wasDown(node));
}

void PlanCounter::count(std::span<const uint32_t> x, std::span<const uint32_t> y, uint64_t bytes) {
    if (y.empty() || std::equal(x.begin(), x.end(), y.begin(), y.end())) {
        return;
    }
    const auto held = [&x](uint32_t n) { return std::find(x.begin(), x.end(), n) != x.end(); };
    uint32_t source = kNoSource;
    for (const uint32_t n : x) {
        if (isLive(n)) {
            source = n;
            break;
        }
    }
    auto& primary = m_transfers[static_cast<size_t>(TransferKind::Primary)];
    auto& copy = m_transfers[static_cast<size_t>(TransferKind::Copy)];
    if (x.empty() || x[0] != y[0]) {
        m_primaries.add(x.empty() ? kNoSource : x[0], y[0], bytes);
        primary.add(held(y[0]) ? y[0] : source, y[0], bytes);
    }
    for (size_t i = 1; i < y.size(); ++i) {
        if (!held(y[i]) && y[i] != y[0]) {
            copy.add(source, y[i], bytes);
        }
    }
}

void PlanCounter::add(const PlanCounter& other) {
    for (size_t kind = 0; kind < 2; ++kind) {
        m_transfers[kind].add(other.m_transfers[kind]);
    }
    m_primaries.add(other.m_primaries);
}

std::vector<Transfer> PlanCounter::transfers() const {
    std::vector<Transfer> out;
    for (size_t kind = 0; kind < 2; ++kind) {
        for (const PairCounts::Pair& p : m_transfers[kind].pairs()) {
            Transfer t;
            t.kind = static_cast<TransferKind>(kind);
            t.from = p.from;
            t.to = p.to;
            t.keys = p.keys;
            t.bytes = p.bytes;
            out.push_back(t);
        }
    }
    return out;  // by kind, then from and to: pairs() sorts
}

PlanCounter countTransfers(const Placement& before, const Assignment& a, const Placement& after,
                           const Assignment& b, const KeySet& keys, NodeMatch match) {
    const std::vector<uint32_t> map = nodeRenumbering(after, before, match);
    PlanCounter counter(downSidesOf(before, after, map));
    std::vector<uint32_t> y(b.replicas);
    for (size_t k = 0; k < a.size(); ++k) {
        const auto owners = b.ownersOf(k);
        std::transform(owners.begin(), owners.end(), y.begin(),
                       [&map](uint32_t n) { return map[n]; });
        counter.count(a.ownersOf(k), y, keys.sizeOf(k));
    }
    return counter;
}

double parseRate(std::string_view text, const std::string& option) {
    const auto fail = [&]() -> double {
        throw InputError(option, "expected a rate per second such as " + std::string(kRateForms) +
                                     ", got " + quotedText(text));
    };
    std::string_view rest = text;
    while (!rest.empty() && rest.front() == ' ') {
        rest.remove_prefix(1);
    }
    size_t numberEnd = 0;
    while (numberEnd < rest.size() &&
           (std::isdigit(static_cast<unsigned char>(rest[numberEnd])) || rest[numberEnd] == '.')) {
        ++numberEnd;
    }
    const std::string number(rest.substr(0, numberEnd));
    if (number.empty() || std::count(number.begin(), number.end(), '.') > 1 || number == ".") {
        return fail();
    }
    double value = 0;  // not strtod: the locale's decimal point must not matter
    if (std::from_chars(number.data(), number.data() + number.size(), value).ptr !=
        number.data() + number.size()) {
        return fail();
    }
    rest.remove_prefix(numberEnd);
    while (!rest.empty() && rest.front() == ' ') {
        rest.remove_prefix(1);
    }
    for (const std::string_view per : {"/s", "ps"}) {
        if (rest.size() > per.size() && rest.ends_with(per)) {
            rest.remove_suffix(per.size());
            break;
        }
    }
    struct Unit {
        std::string_view name;
        double bytes;
    };
    static constexpr Unit kUnits[] = {
        {"", 1},
        {"B", 1},
        {"kB", 1e3},
        {"KB", 1e3},
        {"MB", 1e6},
        {"GB", 1e9},
        {"TB", 1e12},
        {"KiB", 1024.0},
        {"MiB", 1048576.0},
        {"GiB", 1073741824.0},
        {"TiB", 1099511627776.0},
        {"bit", 0.125},
        {"kbit", 125},
        {"Kbit", 125},
        {"Mbit", 125e3},
        {"Gbit", 125e6},
        {"Tbit", 125e9},
        {"Kb", 125},
        {"kb", 125},
        {"Mb", 125e3},
        {"Gb", 125e6},
        {"Tb", 125e9},
    };
    for (const Unit& unit : kUnits) {
        if (rest == unit.name) {
            const double rate = value * unit.bytes;
            if (!(rate > 0)) {
                throw InputError(option, "a rate must be more than 0, got " + quotedText(text) +
                                             " (write it as " + std::string(kRateForms) + ")");
            }
            // Below one bit a second a plan's time overflows (1e-300 B/s gave "inf s"); at it,
            // 2^64 bytes take 1.5e20 s, a number still printed whole.
            if (rate < kMinRateBytes) {
                throw InputError(
                    option, "a rate must be at least 1bit/s (0.125 B/s), got " + quotedText(text));
            }
            return std::isfinite(rate) ? rate : fail();
        }
    }
    return fail();
}

MigrationPlan migrationPlan(const PlanCounter& counter, size_t nodes,
                            std::optional<Bandwidth> bandwidth) {
    MigrationPlan plan;
    plan.transfers = counter.transfers();
    bool& sat = plan.bytesSaturated;
    sat = counter.saturated();
    plan.nodes.resize(nodes);
    std::vector<std::vector<Transfer*>> outgoing(nodes);
    for (Transfer& t : plan.transfers) {
        const bool primary = t.kind == TransferKind::Primary;
        addTo(primary ? plan.primaryKeys : plan.copyKeys, t.keys);
        sat = addTo(primary ? plan.primaryBytes : plan.copyBytes, t.bytes) || sat;
        if (t.inPlace()) {
            addTo(plan.inPlaceKeys, t.keys);
        }
        if (t.from == kNoSource) {
            addTo(plan.unavailableKeys, t.keys);
            sat = addTo(plan.unavailableBytes, t.bytes) || sat;
            continue;
        }
        if (!t.sent() || t.from >= nodes || t.to >= nodes) {
            continue;
        }
        addTo(plan.sentKeys, t.keys);
        sat = addTo(plan.sentBytes, t.bytes) || sat;
        NodeTraffic& from = plan.nodes[t.from];
        NodeTraffic& to = plan.nodes[t.to];
        addTo(from.outKeys, t.keys);
        sat = addTo(from.outBytes, t.bytes) || sat;
        addTo(to.inKeys, t.keys);
        sat = addTo(to.inBytes, t.bytes) || sat;
        outgoing[t.from].push_back(&t);
    }
    if (bandwidth) {
        double busiest = 0;
        for (size_t n = 0; n < nodes; ++n) {
            NodeTraffic& node = plan.nodes[n];
            shareRate(std::move(outgoing[n]), bandwidth->bytesPerSecond, bandwidth->streams);
            node.seconds =
                double(std::max(node.outBytes, node.inBytes)) / bandwidth->bytesPerSecond;
            if (node.seconds > busiest) {
                busiest = node.seconds;
                plan.busiestNode = uint32_t(n);
            }
        }
        plan.seconds = busiest;
    }
    return plan;
}

}  // namespace ringscope
