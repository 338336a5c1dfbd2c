#include "command.h"

namespace ringscope::cli {

namespace {

std::string ratio(double r) {
    return printed("%.4f", r);
}

// The summary's lines, as text ("steady hit ratio: 0.8660") or JSON members.
void writeSummaryText(const ReplayOutcome& r, const ReplayRequest& request, std::ostream& out) {
    const ReplaySummary& s = r.summary;
    out << "requests: " << request.requests << " in intervals of " << r.interval << ", seed "
        << request.seed << "\n";
    if (!r.at) {
        out << "steady hit ratio (second half): " << ratio(s.steady) << "\n";
        return;
    }
    out << "change at request " << *r.at << "\n"
        << "steady hit ratio before (requests " << *r.at / 2 << "-" << *r.at
        << "): " << ratio(s.steady) << "\n"
        << "deepest interval after: " << ratio(s.deepest) << " (ending at request " << s.deepestEnd
        << ")\n"
        << "extra origin requests (against the fleet after the change, there from the start): "
        << s.extraOrigin << "\n"
        << "back within 1 % of steady: "
        << (s.recovered ? std::to_string(*s.recovered) + " requests after the change"
                        : std::string("not within the run"))
        << "\n";
}

void writeText(const ReplayOutcome& r, const ReplayRequest& request, std::ostream& out) {
    writeSummaryText(r, request, out);
    std::vector<std::vector<std::string>> rows{{"end", "requests", "hits", "hit ratio", "origin"}};
    for (const ReplayInterval& i : r.run.intervals) {
        rows.push_back({std::to_string(i.end), std::to_string(i.requests), std::to_string(i.hits),
                        ratio(i.hitRatio()), std::to_string(i.misses())});
    }
    out << "\n" << alignedTable(rows, {true, true, true, true, true});
    out << "(--csv or --json give each node's requests and hit ratio per interval)\n";
}

void writeCsv(const ReplayOutcome& r, std::ostream& out) {
    out << "end,requests,hits,misses,hit_ratio,origin";
    for (const std::string& id : r.ids) {
        out << ',' << csvField("requests " + id) << ',' << csvField("hit_ratio " + id);
    }
    out << '\n';
    const size_t caches = r.run.caches;
    for (size_t row = 0; row < r.run.intervals.size(); ++row) {
        const ReplayInterval& i = r.run.intervals[row];
        out << i.end << ',' << i.requests << ',' << i.hits << ',' << i.misses() << ','
            << ratio(i.hitRatio()) << ',' << i.misses();
        for (size_t c = 0; c < r.ids.size(); ++c) {
            const uint64_t n = c < caches ? r.run.cacheRequests[row * caches + c] : 0;
            const uint64_t h = c < caches ? r.run.cacheHits[row * caches + c] : 0;
            out << ',' << n << ',' << (n ? ratio(double(h) / double(n)) : std::string());
        }
        out << '\n';
    }
}

void writeJson(const ReplayOutcome& r, const ReplayRequest& request, std::ostream& out) {
    QJsonArray ids;
    for (const std::string& id : r.ids) {
        ids.append(QString::fromStdString(id));
    }
    QJsonArray intervals;
    const size_t caches = r.run.caches;
    for (size_t row = 0; row < r.run.intervals.size(); ++row) {
        const ReplayInterval& i = r.run.intervals[row];
        QJsonArray nodes;
        for (size_t c = 0; c < caches; ++c) {
            nodes.append(QJsonObject{
                {QStringLiteral("requests"), jsonCount(r.run.cacheRequests[row * caches + c])},
                {QStringLiteral("hits"), jsonCount(r.run.cacheHits[row * caches + c])}});
        }
        intervals.append(QJsonObject{{QStringLiteral("end"), jsonCount(i.end)},
                                     {QStringLiteral("requests"), jsonCount(i.requests)},
                                     {QStringLiteral("hits"), jsonCount(i.hits)},
                                     {QStringLiteral("hitRatio"), jsonNumber(i.hitRatio())},
                                     {QStringLiteral("origin"), jsonCount(i.misses())},
                                     {QStringLiteral("nodes"), nodes}});
    }
    const ReplaySummary& s = r.summary;
    QJsonObject summary{{QStringLiteral("steadyHitRatio"), jsonNumber(s.steady)}};
    if (r.at) {
        summary[QStringLiteral("deepestHitRatio")] = jsonNumber(s.deepest);
        summary[QStringLiteral("deepestEnd")] = jsonCount(s.deepestEnd);
        summary[QStringLiteral("extraOrigin")] = qint64(s.extraOrigin);
        summary[QStringLiteral("recoveredAfter")] =
            s.recovered ? jsonCount(*s.recovered) : QJsonValue();
    }
    const CacheSpec& c = request.cache;
    const QJsonObject root{
        {QStringLiteral("requests"), jsonCount(request.requests)},
        {QStringLiteral("interval"), jsonCount(r.interval)},
        {QStringLiteral("seed"), jsonCount(request.seed)},
        {QStringLiteral("at"), r.at ? jsonCount(*r.at) : QJsonValue()},
        {QStringLiteral("cache"),
         QJsonObject{{QStringLiteral("entries"), c.entries ? jsonCount(c.entries) : QJsonValue()},
                     {QStringLiteral("bytes"), c.bytes ? jsonCount(c.bytes) : QJsonValue()},
                     {QStringLiteral("ttl"), c.ttl ? jsonCount(c.ttl) : QJsonValue()},
                     {QStringLiteral("keepCache"), c.keepCache}}},
        {QStringLiteral("nodes"), ids},
        {QStringLiteral("summary"), summary},
        {QStringLiteral("intervals"), intervals}};
    out << QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

ReplayRequest requestOf(const Options& o) {
    if (o.positional.empty() || o.positional.size() > 2) {
        throw InputError("simulate", "expected BEFORE [AFTER --at REQ]\n" + usage());
    }
    if (!o.requests) {
        throw InputError("--requests", "give the requests to replay (--requests N)");
    }
    if (!o.cache.entries && !o.cache.bytes) {
        throw InputError("--cache", "give each node's cache: --cache ENTRIES or --cache-bytes B");
    }
    if (o.cache.entries && o.cache.bytes) {
        throw InputError("--cache-bytes", "give --cache or --cache-bytes, not both");
    }
    if ((o.positional.size() == 2) != o.at.has_value()) {
        throw InputError("--at", o.at ? "a change needs AFTER, the scenario it changes to"
                                      : "give the request the change takes effect at (--at REQ)");
    }
    if (o.json && o.csv) {
        throw InputError("--csv", "give --json or --csv, not both");
    }
    return ReplayRequest{*o.requests, o.interval.value_or(0), o.seed.value_or(0), o.cache};
}

}  // namespace

int simulate(const Options& o, std::ostream& out) {
    const ReplayRequest request = requestOf(o);
    // --down marks AFTER's nodes with a change, else the one scenario's.
    const bool changes = o.positional.size() == 2;
    const Opened before = open(o.positional[0], o, changes ? std::vector<std::string>() : o.down);
    const Loaded a = load(before, o);
    std::optional<Opened> after;
    std::optional<Loaded> b;
    if (changes) {
        after = open(o.positional[1], o, o.down);
        b = load(*after, o, &a.keys);
    }
    std::optional<Fleet> changed;
    if (after) {
        changed.emplace(Fleet{after->placement, b->assignment});
    }
    const NodeMatch match = after ? nodeMatch(before.scenario, after->scenario) : NodeMatch::ById;
    const auto run = [&] {
        try {
            return replayFleet(a.keys, before.scenario.keys.seed, request,
                               Fleet{before.placement, a.assignment}, changed, o.at.value_or(0),
                               match);
        } catch (const InputError& e) {
            // The replay's fields are this command's options ("interval" is --interval).
            throw e.hasSource() || e.field() == "keys" ? e
                                                       : InputError("--" + e.field(), e.message());
        }
    };
    const ReplayOutcome r = run();
    if (o.json) {
        writeJson(r, request, out);
    } else if (o.csv) {
        writeCsv(r, out);
    } else {
        writeText(r, request, out);
    }
    return 0;
}

}  // namespace ringscope::cli
