#include "command.h"

#include "ringscope/removedbuckets.h"

namespace ringscope::cli {

namespace {

// The statistics of the keys streamed through the placement, and how many there were.
Stats statsStreamed(const Opened& s, const KeyInput& input, const Limits& limits, uint64_t& count) {
    const std::vector<double> requests = zipfRequests(s.scenario, limits);
    const size_t r = s.placement.replicas();
    std::vector<NodeLoad> loads(s.placement.nodes().size());
    count = 0;
    naming(s.path, [&] {
        KeyStream stream(input, s.scenario, limits);
        KeyBatch batch;
        std::vector<uint64_t> sizes;
        std::vector<uint32_t> owners;
        while (stream.next(batch, sizes, kStreamBatch)) {
            owners.resize(batch.size() * r);
            routeBatch(s.placement, batch, stream.source(), owners);
            count += batch.size();
            for (size_t i = 0; i < batch.size(); ++i) {
                addKeyLoad(loads, owners[i * r], sizes[i],
                           requests.empty() ? 0 : requests[batch.first + i]);
            }
        }
        return 0;
    });
    const PopularitySpec& popularity = s.scenario.keys.popularity;
    return statsFromLoads(std::move(loads), count, hasZipf(s.scenario),
                          count ? popularity.requests / double(count) : 0.0, s.placement.weights(),
                          s.placement.servesNothing());
}

// "chi-square 3.2100 on 4 df, p = 0.5234 against the arcs": stats' line on the keys' spread.
// Two verdicts, each in its own sentence: the key hash against each node's part of the space
// (its arcs), and the structure (the ring's points) against the fair shares.
std::string chiSquareLine(const ChiSquare& c, const std::optional<StructureBalance>& balance,
                          std::span<const std::string> ids) {
    std::string text;
    if (c.untested) {
        text =
            "chi-square: - (the structure's own points decide how a perfect hash would share "
            "the keys and no exact share is known: an uneven spread says nothing about the key "
            "hash)\n";
    } else if (c.degreesOfFreedom == 0) {
        text = "chi-square: - (fewer than two nodes should hold keys)\n";
    } else {
        text = printed("chi-square %.4f on %u df, p = %.4g against %s", c.statistic,
                       c.degreesOfFreedom, c.pValue,
                       c.against.empty() ? "the target shares" : std::string(c.against).c_str());
        if (c.clustered()) {
            text += ": the keys cluster (p < 0.001), the key hash spreads these keys unevenly";
        } else if (c.leastExpected < 5) {
            text += " (fewer than 5 keys expected on a node: the test says little)";
        } else {
            text += ": consistent with a random key hash";
        }
        text += "\n";
    }
    if (balance) {
        text += printed(
            "%s against the fair shares: max %.4f (%s), min %.4f (%s): the placement's "
            "own balance, before any key\n",
            std::string(balance->what).c_str(), balance->maxOverTarget,
            ids[balance->maxNode].c_str(), balance->minOverTarget, ids[balance->minNode].c_str());
    }
    return text;
}

QJsonObject chiSquareJson(const ChiSquare& c, const std::optional<StructureBalance>& balance,
                          std::span<const std::string> ids) {
    QJsonObject o{{QStringLiteral("statistic"), jsonNumber(c.statistic)},
                  {QStringLiteral("degreesOfFreedom"), qint64(c.degreesOfFreedom)},
                  {QStringLiteral("pValue"), jsonNumber(c.pValue)},
                  {QStringLiteral("expected"),
                   c.againstKey.empty()
                       ? QStringLiteral("targetShares")
                       : QString::fromLatin1(c.againstKey.data(), qsizetype(c.againstKey.size()))},
                  {QStringLiteral("clustered"), c.clustered()}};
    if (c.untested) {
        o[QStringLiteral("untested")] = true;
    }
    if (balance) {
        o[QStringLiteral("structureBalance")] =
            QJsonObject{{QStringLiteral("maxOverTarget"), jsonNumber(balance->maxOverTarget)},
                        {QStringLiteral("maxNode"), QString::fromStdString(ids[balance->maxNode])},
                        {QStringLiteral("minOverTarget"), jsonNumber(balance->minOverTarget)},
                        {QStringLiteral("minNode"), QString::fromStdString(ids[balance->minNode])}};
    }
    return o;
}

// With unequal weights the ratios against each node's fair share come too (with equal weights
// they are the ratios against the mean).
QJsonObject spreadJson(const Spread& s, bool weighted) {
    QJsonObject o{{QStringLiteral("mean"), jsonNumber(s.mean)},
                  {QStringLiteral("maxOverMean"), jsonNumber(s.maxOverMean)},
                  {QStringLiteral("minOverMean"), jsonNumber(s.minOverMean)},
                  {QStringLiteral("stddevOverMean"), jsonNumber(s.stddevOverMean)}};
    if (weighted) {
        o[QStringLiteral("maxOverIdeal")] = jsonNumber(s.maxOverIdeal);
        o[QStringLiteral("minOverIdeal")] = jsonNumber(s.minOverIdeal);
        o[QStringLiteral("stddevOverIdeal")] = jsonNumber(s.stddevOverIdeal);
    }
    return o;
}

// What stats adds for a production profile: bounded loads (each node's load against its
// capacity, the keys that landed away from their first choice), and what the placement says
// about itself (PlacementFacts: Maglev's table entries against M·w/Σw, Redis Cluster's slots).
struct ProfileStats {
    std::optional<BoundedLoadResult> bounded;
    PlacementFacts facts;
};

// Bounded loads place the key set together, so they come only with a loaded key set.
ProfileStats profileStats(const Placement& placement, const Loaded* loaded) {
    return {loaded ? placement.boundedLoads(loaded->hashed) : std::nullopt, placement.facts()};
}

void addProfileJson(const ProfileStats& p, const Placement& placement, const Loaded* l,
                    QJsonArray& nodes, QJsonObject& root) {
    using Kind = PlacementFacts::Column::Kind;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const auto n = static_cast<uint32_t>(i);
        QJsonObject node = nodes[i].toObject();
        if (p.bounded) {
            node[QStringLiteral("load")] = jsonNumber(p.bounded->load[n]);
            node[QStringLiteral("capacity")] = jsonNumber(p.bounded->capacity[n]);
        }
        for (const PlacementFacts::Column& c : p.facts.columns) {
            const QString key = QString::fromStdString(c.key);
            switch (c.kind) {
                case Kind::Count:
                    node[key] = jsonCount(c.counts[n]);
                    break;
                case Kind::Number:
                    node[key] = jsonNumber(c.numbers[n]);
                    break;
                case Kind::Text:
                    node[key] = QString::fromStdString(c.texts[n]);
                    break;
            }
        }
        nodes[i] = node;
    }
    if (p.bounded) {
        QJsonArray displaced;
        for (const uint32_t k : p.bounded->displaced) {
            displaced.append(QString::fromStdString(l->keys.names[k]));
        }
        root[QStringLiteral("boundedLoad")] = QJsonObject{
            {QStringLiteral("factor"), jsonNumber(*placement.boundedLoadPercent() / 100.0)},
            {QStringLiteral("displaced"), qint64(p.bounded->displaced.size())},
            {QStringLiteral("overCapacity"), qint64(p.bounded->overCapacity.size())},
            {QStringLiteral("displacedKeys"), displaced}};
    }
    for (const auto& [key, value] : p.facts.summary.members()) {
        root[QString::fromStdString(key)] = toQJson(value);
    }
}

// A column of numbers is " %Nu" or " %N.Df" wide; a column of text is "  " and the text.
std::string factsHeader(const PlacementFacts& f) {
    std::string header;
    for (const PlacementFacts::Column& c : f.columns) {
        header += c.kind == PlacementFacts::Column::Kind::Text
                      ? "  " + c.title
                      : " " + rightAligned(c.title, static_cast<size_t>(c.width));
    }
    return header;
}

std::string factsRow(const PlacementFacts& f, uint32_t n) {
    std::string row;
    for (const PlacementFacts::Column& c : f.columns) {
        switch (c.kind) {
            case PlacementFacts::Column::Kind::Count:
                row += printed(" %*llu", c.width, static_cast<unsigned long long>(c.counts[n]));
                break;
            case PlacementFacts::Column::Kind::Number:
                row += printed(" %*.*f", c.width, c.decimals, c.numbers[n]);
                break;
            case PlacementFacts::Column::Kind::Text:
                row += "  " + c.texts[n];
                break;
        }
    }
    return row;
}

void printProfile(const ProfileStats& p, const Placement& placement, uint64_t keyCount,
                  size_t width, std::ostream& out) {
    const auto& nodes = placement.nodes();
    const auto rows = [&](const std::string& header, const auto& row) {
        out << std::left << std::setw(static_cast<int>(width)) << "node" << header << "\n";
        for (uint32_t n = 0; n < nodes.size(); ++n) {
            out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id << row(n) << "\n";
        }
    };
    if (p.bounded) {
        out << printed(
            "bounded loads, factor %.2f: %zu of %zu keys landed away from their first "
            "choice, %zu found no node with room\n",
            *placement.boundedLoadPercent() / 100.0, p.bounded->displaced.size(),
            static_cast<size_t>(keyCount), p.bounded->overCapacity.size());
        rows("            load        capacity", [&](uint32_t n) {
            return printed(" %15.1f %15.1f", p.bounded->load[n], p.bounded->capacity[n]);
        });
    }
    if (!p.facts.empty()) {
        out << p.facts.heading << "\n";
        rows(factsHeader(p.facts), [&](uint32_t n) { return factsRow(p.facts, n); });
    }
}

}  // namespace

namespace {

// What stats reports, gathered once for its JSON and its text.
struct StatsReport {
    const Opened& opened;
    const Stats& s;
    uint64_t keyCount = 0;
    const std::optional<DiffResult>& failover;  // with down nodes, against every node up
    const std::optional<Opened>& up;
    const ProfileStats& profile;
    const Loaded* loaded;  // the keys when they were loaded, not streamed
};

void writeStatsJson(const StatsReport& r, std::ostream& out) {
    const auto& [opened, s, keyCount, failover, up, profile, l] = r;
    const auto& nodes = opened.placement.nodes();
    QJsonArray list;
    for (size_t n = 0; n < nodes.size(); ++n) {
        QJsonObject node{{QStringLiteral("id"), QString::fromStdString(nodes[n].id)},
                         {QStringLiteral("keys"), qint64(s.nodes[n].keys)},
                         {QStringLiteral("share"), jsonNumber(s.nodes[n].share)},
                         {QStringLiteral("bytes"), jsonCount(s.nodes[n].bytes)},
                         {QStringLiteral("requests"), jsonNumber(s.nodes[n].requests)}};
        if (s.nodes[n].bytesSaturated) {
            node[QStringLiteral("bytesSaturated")] = true;  // the true total is larger
        }
        if (!s.evenIdeals()) {
            node[QStringLiteral("fairShare")] = jsonNumber(s.nodes[n].fairShare);
        }
        if (nodes[n].down) {
            node[QStringLiteral("down")] = true;
        }
        if (n < opened.placement.removed().size() && opened.placement.removed()[n]) {
            node[QStringLiteral("removed")] = true;  // in place: it keeps its bucket
        }
        list.append(node);
    }
    QJsonObject root{{QStringLiteral("keys"), qint64(keyCount)},
                     {QStringLiteral("nodes"), list},
                     {QStringLiteral("keySpread"), spreadJson(s.keys, s.weighted)},
                     {QStringLiteral("byteSpread"), spreadJson(s.bytes, s.weighted)},
                     {QStringLiteral("requestSpread"), spreadJson(s.requests, s.weighted)}};
    if (s.weighted) {
        root[QStringLiteral("weighted")] = true;
    }
    root[QStringLiteral("chiSquare")] =
        chiSquareJson(chiSquareOf(opened.placement, s), structureBalance(opened.placement),
                      opened.placement.nodeIds());
    if (failover) {
        root[QStringLiteral("failover")] = failoverJson(*failover, up->placement, opened.placement);
    }
    addProfileJson(profile, opened.placement, l, list, root);
    root[QStringLiteral("nodes")] = list;
    out << QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

void writeStatsText(const StatsReport& r, std::ostream& out) {
    const auto& [opened, s, keyCount, failover, up, profile, l] = r;
    const auto& nodes = opened.placement.nodes();
    size_t width = 4;
    for (const auto& n : nodes) {
        width = std::max(width, n.id.size());
    }
    // Unequal weights or a node down: each node's fair share w/Σw is its ideal, shown next to
    // its share (a down node's is 0), and with unequal weights the spread is measured against it.
    const bool ideals = !s.evenIdeals();
    out << std::left << std::setw(static_cast<int>(width)) << "node"
        << (ideals ? "        keys    share    ideal           bytes        requests\n"
                   : "        keys    share           bytes        requests\n");
    bool saturated = false;
    for (size_t n = 0; n < nodes.size(); ++n) {
        const std::string ideal =
            ideals ? "  " + format::percent(s.nodes[n].fairShare, 2).rightJustified(7).toStdString()
                   : std::string();
        saturated = saturated || s.nodes[n].bytesSaturated;
        std::string row = printed(
            " %11llu  %7s%s  %14s  %14.1f\n", static_cast<unsigned long long>(s.nodes[n].keys),
            format::percent(s.nodes[n].share, 2).toStdString().c_str(), ideal.c_str(),
            saturatedTotalText(s.nodes[n].bytes, s.nodes[n].bytesSaturated).c_str(),
            s.nodes[n].requests);
        if (n < opened.placement.removed().size() && opened.placement.removed()[n]) {
            // The next node added takes the bucket removed last (removedbuckets.h).
            const auto* state = opened.placement.stateAs<RemovedBucketsPlacement>();
            const bool next = state && state->removedOrder().back() == n;
            row.insert(row.size() - 1,
                       next ? "  removed: the next node added takes its bucket" : "  removed");
        } else if (nodes[n].down) {
            row.insert(row.size() - 1, opened.placement.servesNothing().empty()
                                           ? "  down: its promoted replica serves its slots"
                                           : "  down");
        }
        out << std::left << std::setw(static_cast<int>(width)) << nodes[n].id << row;
    }
    const auto spread = [&](const char* what, const Spread& sp) {
        out << (s.weighted ? printed("%-8s max/ideal %.4f  min/ideal %.4f  stddev/ideal %.4f\n",
                                     what, sp.maxOverIdeal, sp.minOverIdeal, sp.stddevOverIdeal)
                           : printed("%-8s max/mean %.4f  min/mean %.4f  stddev/mean %.4f\n", what,
                                     sp.maxOverMean, sp.minOverMean, sp.stddevOverMean));
    };
    out << "total " << keyCount << " keys on " << nodes.size() << " nodes";
    if (s.someDown) {
        const auto idle = opened.placement.servesNothing();
        out << " (" << nodes.size() - static_cast<size_t>(std::count(idle.begin(), idle.end(), 1))
            << (opened.placement.removed().empty()
                    ? " serving; a down node's fair share is 0)"
                    : " serving; a removed or down node's fair share is 0)");
    }
    out << (s.weighted ? "; unequal weights: each node against its fair share w/sum(w)\n" : "\n");
    spread("keys", s.keys);
    spread("bytes", s.bytes);
    spread("requests", s.requests);
    out << chiSquareLine(chiSquareOf(opened.placement, s), structureBalance(opened.placement),
                         opened.placement.nodeIds());
    if (saturated) {
        out << kSaturatedNote;
    }
    printProfile(profile, opened.placement, keyCount, width, out);
    if (failover) {
        out << "failover, against every node up:\n";
        printFailover(*failover, up->placement, opened.placement, out);
    }
}

}  // namespace

int stats(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "stats");
    const Opened opened = open(o.positional[0], o, o.down);
    // With down nodes, the failover against the same scenario with every node up.
    std::optional<DiffResult> failover;
    std::optional<Opened> up;
    if (opened.placement.anyDown()) {
        up = allUp(opened, o.read.limits);
        failover = compare(*up, opened, o, nullptr);
    }
    uint64_t keyCount = 0;
    Stats s;
    std::optional<Loaded> loaded;
    if (streams(o.keys, opened.scenario, true, {&opened.placement})) {
        s = statsStreamed(opened, o.keys, o.read.limits, keyCount);
    } else {
        loaded = load(opened, o);
        s = computeStats(opened.placement, loaded->assignment, loaded->keys);
        keyCount = loaded->keys.size();
    }
    const Loaded* l = loaded ? &*loaded : nullptr;
    const ProfileStats profile =
        naming(opened.path, [&] { return profileStats(opened.placement, l); });
    const StatsReport report{opened, s, keyCount, failover, up, profile, l};
    if (o.json) {
        writeStatsJson(report, out);
    } else {
        writeStatsText(report, out);
    }
    return 0;
}

}  // namespace ringscope::cli
