#include "command.h"

namespace ringscope::cli {

namespace {

// One pair of streamed clients: the second's nodes in the first's numbering (a rename moves
// nothing) and the nodes down on either side.
struct StreamedPair {
    const Opened& before;
    const Opened& after;
    std::vector<uint32_t> map;
    std::optional<DownSides> down;

    StreamedPair(const Opened& a, const Opened& b, NodeMatch match)
        : before(a),
          after(b),
          map(nodeRenumbering(b.placement, a.placement, match)),
          down(downSidesOf(a.placement, b.placement, map)) {}

    // Keys `from` to `to` of the batch, whose owners under each client are `a` and `b`, counted
    // into `part` (and `plan`); the changed keys' lines appended to `text` when given.
    void count(const KeyBatch& batch, std::span<const uint32_t> a, std::span<const uint32_t> b,
               std::span<const uint64_t> sizes, std::span<const double> requests, size_t from,
               size_t to, DiffResult& part, PlanCounter* plan, std::string* text) const {
        const size_t ra = before.placement.replicas(), rb = after.placement.replicas();
        std::vector<uint32_t> y(rb);
        for (size_t i = from; i < to; ++i) {
            const std::span<const uint32_t> x = a.subspan(i * ra, ra);
            const std::span<const uint32_t> now = b.subspan(i * rb, rb);
            std::transform(now.begin(), now.end(), y.begin(),
                           [this](uint32_t n) { return map[n]; });
            if (plan) {
                plan->count(x, y, sizes[i]);
            }
            const double req = requests.empty() ? 0 : requests[batch.first + i];
            if (part.count(x, y, sizes[i], req, down ? &*down : nullptr) && text) {
                *text += batch.key(i);
                *text += '\t';
                appendOwnerList(*text, before.placement, x);
                *text += '\t';
                appendOwnerList(*text, after.placement, now);
                *text += '\n';
            }
        }
    }
};

// Streams the keys once through every client's placement, each key routed once per client, and
// counts each pair's DiffResult; the first pair's changed keys' lines go to `out` in input order
// (none without `out`), its transfers into `plan`. Owners are kept for one batch at a time.
std::vector<DiffResult> diffStreamedPairs(std::span<const Opened* const> clients,
                                          std::span<const ClientPair> pairs, const KeyInput& input,
                                          const Limits& limits, std::ostream* out,
                                          PlanCounter* plan) {
    const Opened& first = *clients.front();
    std::vector<StreamedPair> streamed;
    std::vector<DiffResult> totals(pairs.size());
    for (size_t p = 0; p < pairs.size(); ++p) {
        const Opened& before = *clients[pairs[p].before];
        const Opened& after = *clients[pairs[p].after];
        const NodeMatch match = nodeMatch(before.scenario, after.scenario);
        streamed.emplace_back(before, after, match);
        totals[p].idealFraction = idealMovedFraction(before.placement, after.placement, match);
    }
    std::ostringstream discard;
    const std::vector<double> requests = zipfRequests(first.scenario, limits);
    KeyStream stream = naming(first.path, [&] { return KeyStream(input, first.scenario, limits); });
    for (const Opened* client : clients.subspan(1)) {  // the first was checked by the stream
        naming(client->path, [&] { stream.checkWorkOf(client->scenario); });
    }
    KeyBatch batch;
    std::vector<uint64_t> sizes;
    std::vector<std::vector<uint32_t>> owners(clients.size());
    std::vector<std::string> texts;
    // Per thread, per pair.
    std::vector<std::vector<DiffResult>> parts(workerThreads(),
                                               std::vector<DiffResult>(pairs.size()));
    const std::optional<DownSides>& planDown = streamed.front().down;
    if (plan) {
        *plan = PlanCounter(planDown);
    }
    std::vector<PlanCounter> planParts(plan ? parts.size() : 0, PlanCounter(planDown));
    // Stops once the output cannot be written: run() reports why.
    while ((!out || *out) &&
           naming(first.path, [&] { return stream.next(batch, sizes, kStreamBatch); })) {
        for (size_t c = 0; c < clients.size(); ++c) {
            owners[c].resize(batch.size() * clients[c]->placement.replicas());
            naming(clients[c]->path,
                   [&] { routeBatch(clients[c]->placement, batch, stream.source(), owners[c]); });
        }
        writeInOrder(batch.size(), texts, out ? *out : discard,
                     [&](size_t chunk, size_t from, size_t to, std::string& text) {
                         for (size_t p = 0; p < pairs.size(); ++p) {
                             streamed[p].count(batch, owners[pairs[p].before],
                                               owners[pairs[p].after], sizes, requests, from, to,
                                               parts[chunk][p],
                                               p == 0 && plan ? &planParts[chunk] : nullptr,
                                               p == 0 && out ? &text : nullptr);
                         }
                     });
        for (std::vector<DiffResult>& threadParts : parts) {
            for (size_t p = 0; p < pairs.size(); ++p) {
                totals[p].addCounts(threadParts[p]);
                threadParts[p] = DiffResult{};
            }
        }
        for (PlanCounter& part : planParts) {
            plan->add(part);
            part = PlanCounter(planDown);
        }
    }
    return totals;
}

}  // namespace

// The failover lines that diff writes to stderr and stats to stdout.
void printFailover(const DiffResult& d, const Placement& before, const Placement& after,
                   std::ostream& out) {
    const FailoverSummary s =
        summarizeFailover(d.failover, commonNodeIds(before, after), before, after, d.keys);
    const FailoverCounts& f = s.counts;
    out << "went down: " << joined(s.wentDown) << "; came back up: " << joined(s.cameUp) << "\n";
    out << "primary lost: " << f.primaryLost << " of " << s.keys << " keys\n";
    switch (s.rule) {
        case FailoverRule::PromoteReplica:
            out << "  taken over by the master's promoted replica: " << f.promoted
                << " (no slot moves to another master)\n";
            break;
        case FailoverRule::NextLive: {
            // Each key once: served by a node that held a copy, by one that copies it from a
            // live replica, or, with no live copy, by its new primary as a miss (a cache) or not
            // at all (a store).
            if (s.replicas > 1) {  // with one copy a key has none elsewhere
                out << "  served by a node holding a copy: " << f.takenOverByCopy << "\n";
                out << "  served by a node copying it from a live replica: "
                    << f.takenOver - f.takenOverByCopy << "\n";
            }
            const std::string bytes = saturatedTotalText(f.bytesWithoutCopy, f.bytesSaturated);
            switch (s.role) {
                case NodeRole::Cache:
                    out << "  no live copy, a cache miss at its new primary: " << f.noReplica
                        << " keys (" << bytes << " bytes from the origin)\n";
                    break;
                case NodeRole::Store:
                    out << "  no live copy, unavailable until a node holding it comes back: "
                        << f.noReplica << " keys, " << bytes << " bytes\n";
                    break;
            }
            out << "  new primaries:";
            const char* separator = " ";
            for (const auto& [id, keys] : s.newPrimaries) {
                out << separator << id << " " << keys;
                separator = ", ";
            }
            out << (f.newPrimaries.empty() ? " -\n" : "\n");
            break;
        }
    }
    out << "replica lost, primary kept: " << f.replicaLost << " keys\n";
    out << "bytes to re-replicate (restore R = " << s.replicas
        << "): " << saturatedTotalText(f.bytesToReplicate, f.bytesSaturated) << "\n";
    out << "handed back: " << f.handedBack << " keys, "
        << saturatedTotalText(f.bytesHandedBack, f.bytesSaturated) << " bytes\n";
    if (f.bytesSaturated) {
        out << kSaturatedNote;
    }
}

QJsonObject failoverJson(const DiffResult& d, const Placement& before, const Placement& after) {
    const FailoverSummary s =
        summarizeFailover(d.failover, commonNodeIds(before, after), before, after, d.keys);
    const FailoverCounts& f = s.counts;
    const auto list = [](const std::vector<std::string>& v) {
        QJsonArray a;
        for (const std::string& id : v) {
            a.append(QString::fromStdString(id));
        }
        return a;
    };
    QJsonObject newPrimaries;
    for (const auto& [id, keys] : s.newPrimaries) {
        newPrimaries[QString::fromStdString(id)] = qint64(keys);
    }
    QJsonObject o{
        {QStringLiteral("wentDown"), list(s.wentDown)},
        {QStringLiteral("cameUp"), list(s.cameUp)},
        {QStringLiteral("keys"), qint64(s.keys)},
        {QStringLiteral("primaryLost"), qint64(f.primaryLost)},
        {QStringLiteral("takenOver"), qint64(f.takenOver)},
        {QStringLiteral("takenOverByReplica"), qint64(f.takenOverByCopy)},
        {QStringLiteral("newPrimaries"), newPrimaries},
        {QStringLiteral("promoted"), qint64(f.promoted)},
        {QStringLiteral("noReplica"), qint64(f.noReplica)},
        {QStringLiteral("replicaLost"), qint64(f.replicaLost)},
        {QStringLiteral("bytesToReplicate"), jsonCount(f.bytesToReplicate)},
        // What a key with no live copy is: a miss served from the origin (a cache,
        // a proxy), or unavailable (a store); its bytes are counted as such.
        {QStringLiteral("noReplicaIs"),
         s.role == NodeRole::Cache ? QStringLiteral("cacheMiss") : QStringLiteral("unavailable")},
        {s.role == NodeRole::Cache ? QStringLiteral("bytesFromOrigin")
                                   : QStringLiteral("bytesUnavailable"),
         jsonCount(f.bytesWithoutCopy)},
        {QStringLiteral("handedBack"), qint64(f.handedBack)},
        {QStringLiteral("bytesHandedBack"), jsonCount(f.bytesHandedBack)}};
    if (f.bytesSaturated) {
        o[QStringLiteral("bytesSaturated")] = true;  // the true totals are larger
    }
    return o;
}

// Compares two scenarios over one key set: streamed when both route keys alone; the changed
// keys' lines go to `out` when given, and the transfers are counted into `plan` when given.
DiffResult compare(const Opened& before, const Opened& after, const Options& o, std::ostream* out,
                   PlanCounter* plan) {
    if (streams(o.keys, before.scenario, true, {&before.placement, &after.placement})) {
        const std::array<const Opened*, 2> clients{&before, &after};
        const std::array<ClientPair, 1> pair{{{0, 1}}};
        return diffStreamedPairs(clients, pair, o.keys, o.read.limits, out, plan).front();
    }
    const Loaded a = load(before, o);
    const Loaded b = load(after, o, &a.keys);
    const NodeMatch match = nodeMatch(before.scenario, after.scenario);
    DiffResult d =
        diff(before.placement, a.assignment, after.placement, b.assignment, a.keys, match);
    if (plan) {
        *plan = countTransfers(before.placement, a.assignment, after.placement, b.assignment,
                               a.keys, match);
    }
    if (out) {
        BlockWriter lines(*out);
        for (const size_t k : d.changed) {
            lines.text() += a.keys.names[k] + '\t' +
                            ownerList(before.placement, a.assignment.ownersOf(k)) + '\t' +
                            ownerList(after.placement, b.assignment.ownersOf(k)) + '\n';
            if (!lines.add()) {
                break;
            }
        }
        lines.flush();
    }
    return d;
}

std::vector<DiffResult> diffPairs(std::span<const Opened* const> clients,
                                  std::span<const ClientPair> pairs, const Options& o) {
    std::vector<const Placement*> placements;
    for (const Opened* client : clients) {
        placements.push_back(&client->placement);
    }
    if (streams(o.keys, clients.front()->scenario, true, placements)) {
        return diffStreamedPairs(clients, pairs, o.keys, o.read.limits, nullptr, nullptr);
    }
    std::vector<Loaded> loaded;
    loaded.reserve(clients.size());
    for (const Opened* client : clients) {
        loaded.push_back(load(*client, o, loaded.empty() ? nullptr : &loaded.front().keys));
        if (loaded.size() > 1) {  // the first client's keys serve all: the assignment stays
            loaded.back().keys = KeySet{};
            loaded.back().hashed = HashedKeys{};
        }
    }
    std::vector<DiffResult> results;
    for (const ClientPair& p : pairs) {
        const Opened& a = *clients[p.before];
        const Opened& b = *clients[p.after];
        results.push_back(diff(a.placement, loaded[p.before].assignment, b.placement,
                               loaded[p.after].assignment, loaded.front().keys,
                               nodeMatch(a.scenario, b.scenario)));
    }
    return results;
}

namespace {

// diff --matrix: the keys (and bytes) whose primary moved, by owner before (rows) and after
// (columns), with each row's and column's total.
constexpr size_t kMaxGridCells = 250'000;  // 500 x 500 nodes
void writePairGrid(const std::vector<PairCounts::Pair>& pairs, const std::vector<std::string>& ids,
                   bool bytes, bool bytesSaturated, std::ostream& out) {
    const bool saturated = bytes && bytesSaturated;  // sums of bytes stopped at 2^64 - 1
    std::vector<uint32_t> rows, columns;
    for (const PairCounts::Pair& p : pairs) {
        rows.push_back(p.from);
        columns.push_back(p.to);
    }
    for (auto* v : {&rows, &columns}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    const auto at = [](const std::vector<uint32_t>& v, uint32_t n) {
        return size_t(std::lower_bound(v.begin(), v.end(), n) - v.begin());
    };
    // A grid is for reading: past kMaxGridCells it is neither readable nor small (40,000 nodes
    // under mod-N asked for 1.6e9 cells). The pairs themselves are in the JSON, one per move.
    if (rows.size() * columns.size() > kMaxGridCells) {
        throw InputError("--matrix", "the grid would have " + std::to_string(rows.size()) +
                                         " rows x " + std::to_string(columns.size()) +
                                         " columns, more than " + std::to_string(kMaxGridCells) +
                                         " cells to print; --matrix --json lists the " +
                                         std::to_string(pairs.size()) + " node pairs instead");
    }
    std::vector<std::vector<uint64_t>> cells(rows.size(), std::vector<uint64_t>(columns.size()));
    std::vector<uint64_t> rowSums(rows.size()), columnSums(columns.size());
    uint64_t total = 0;
    for (const PairCounts::Pair& p : pairs) {
        const uint64_t v = bytes ? p.bytes : p.keys;
        cells[at(rows, p.from)][at(columns, p.to)] = v;
        rowSums[at(rows, p.from)] = saturatingAdd(rowSums[at(rows, p.from)], v);
        columnSums[at(columns, p.to)] = saturatingAdd(columnSums[at(columns, p.to)], v);
        total = saturatingAdd(total, v);
    }
    std::vector<std::vector<std::string>> table;
    table.push_back({bytes ? "bytes: before \\ after" : "keys: before \\ after"});
    for (const uint32_t c : columns) {
        table.back().push_back(idOf(ids, c));
    }
    table.back().push_back("total");
    for (size_t r = 0; r < rows.size(); ++r) {
        table.push_back({idOf(ids, rows[r])});
        for (const uint64_t v : cells[r]) {
            table.back().push_back(v ? saturatedTotalText(v, saturated) : ".");
        }
        table.back().push_back(saturatedTotalText(rowSums[r], saturated));
    }
    table.push_back({"total"});
    for (const uint64_t v : columnSums) {
        table.back().push_back(saturatedTotalText(v, saturated));
    }
    table.back().push_back(saturatedTotalText(total, saturated));
    std::vector<bool> right(columns.size() + 2, true);
    right[0] = false;
    out << alignedTable(table, right);
}

// diff --matrix --json, written as QJsonDocument writes it indented but one move at a time: its
// memory is the node ids', not the moves' (a million moves as one document took 950 MB).
void writeMatrixJson(const std::vector<PairCounts::Pair>& pairs,
                     const std::vector<std::string>& ids, const DiffResult& d, bool saturated,
                     std::ostream& out) {
    out << "{\n    \"bytesMoved\": " << jsonText(jsonCount(d.bytesMoved)) << ",\n";
    if (saturated) {  // byte totals stopped at 2^64 - 1: the true ones are larger
        out << "    \"bytesSaturated\": true,\n";
    }
    out << "    \"keys\": " << jsonText(jsonCount(d.keys)) << ",\n";
    out << "    \"moves\": [\n";
    for (size_t i = 0; i < pairs.size(); ++i) {
        const PairCounts::Pair& p = pairs[i];
        out << "        {\n            \"bytes\": " << jsonText(jsonCount(p.bytes))
            << ",\n            \"from\": " << jsonText(jsonId(ids, p.from))
            << ",\n            \"keys\": " << jsonText(jsonCount(p.keys))
            << ",\n            \"to\": " << jsonText(jsonId(ids, p.to)) << "\n        }"
            << (i + 1 < pairs.size() ? ",\n" : "\n");
    }
    out << "    ],\n    \"nodes\": [\n";
    for (size_t n = 0; n < ids.size(); ++n) {
        out << "        " << jsonText(QString::fromStdString(ids[n]))
            << (n + 1 < ids.size() ? ",\n" : "\n");
    }
    out << "    ],\n    \"primaryMoved\": " << jsonText(jsonCount(d.primaryMoved)) << ",\n";
    out << "    \"totalBytes\": " << jsonText(jsonCount(d.totalBytes)) << "\n}\n";
}

void writeMatrix(const PlanCounter& counter, const std::vector<std::string>& ids,
                 const DiffResult& d, bool sized, bool json, std::ostream& out) {
    const std::vector<PairCounts::Pair> pairs = counter.primaryPairs().pairs();
    if (json) {
        writeMatrixJson(pairs, ids, d, counter.saturated() || d.bytesSaturated, out);
        return;
    }
    if (pairs.empty()) {
        out << "no key changes its primary\n";
        return;
    }
    const bool saturated = counter.saturated() || d.bytesSaturated;
    writePairGrid(pairs, ids, false, false, out);
    if (sized) {
        out << "\n";
        writePairGrid(pairs, ids, true, saturated, out);
        if (saturated) {
            out << kSaturatedNote;
        }
    }
}

}  // namespace

int diffCommand(const Options& o, std::ostream& out, std::ostream& err) {
    expectScenarios(o, 2, "diff");
    if (o.json && !o.matrix) {
        throw InputError("--json", "diff writes JSON with --matrix (the node-pair counts)");
    }
    const Opened before = open(o.positional[0], o);
    const Opened after = open(o.positional[1], o, o.down);
    PlanCounter counter;
    const DiffResult d =
        compare(before, after, o, o.matrix ? nullptr : &out, o.matrix ? &counter : nullptr);
    if (o.matrix) {
        writeMatrix(counter,
                    commonNodeIds(before.placement, after.placement,
                                  nodeMatch(before.scenario, after.scenario)),
                    d, before.scenario.keys.sizes.kind != SizeSpec::Kind::None, o.json, out);
    }
    err << "primary moved: " << d.primaryMoved << " of " << d.keys << " keys ("
        << percent(d.movedFraction()) << "), ideal " << percent(d.idealFraction) << "\n"
        << "replica set changed, primary kept: " << d.replicaOnly << " keys\n";
    if (before.scenario.keys.sizes.kind != SizeSpec::Kind::None) {
        err << "bytes moved: " << saturatedTotalText(d.bytesMoved, d.bytesSaturated) << " of "
            << saturatedTotalText(d.totalBytes, d.bytesSaturated) << " ("
            << percent(d.bytesMovedFraction()) << ")\n";
        if (d.bytesSaturated) {
            err << kSaturatedNote;
        }
    }
    if (hasZipf(before.scenario)) {
        err << "requests moved: " << std::fixed << std::setprecision(1) << d.requestsMoved << "\n";
    }
    if (d.hasDown) {
        printFailover(d, before.placement, after.placement, err);
    }
    return 0;
}

}  // namespace ringscope::cli
