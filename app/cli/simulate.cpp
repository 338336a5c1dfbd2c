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
    out << (r.changes.size() > 1 ? "changes at requests " : "change at request ");
    for (size_t c = 0; c < r.changes.size(); ++c) {
        out << (c ? ", " : "") << r.changes[c];
    }
    out << "\n"
        << "steady hit ratio before (requests " << *r.at / 2 << "-" << *r.at
        << "): " << ratio(s.steady) << "\n"
        << "deepest interval after: " << ratio(s.deepest) << " (ending at request " << s.deepestEnd
        << ")\n"
        << "extra origin requests (against the fleet as the last change leaves it, there from the "
           "start): "
        << s.extraOrigin << "\n"
        << "back within 1 % of steady after the first change: "
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
    QJsonArray changes;
    for (const uint64_t at : r.changes) {
        changes.append(jsonCount(at));
    }
    const CacheSpec& c = request.cache;
    const QJsonObject root{
        {QStringLiteral("requests"), jsonCount(request.requests)},
        {QStringLiteral("interval"), jsonCount(r.interval)},
        {QStringLiteral("seed"), jsonCount(request.seed)},
        {QStringLiteral("at"), r.at ? jsonCount(*r.at) : QJsonValue()},
        {QStringLiteral("changes"), changes},
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
    if (o.positional.empty()) {
        throw InputError("simulate", "expected BEFORE [AFTER --at REQ]...\n" + usage());
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
    if (o.at.size() + 1 != o.positional.size()) {
        throw InputError("--at", o.at.size() + 1 > o.positional.size()
                                     ? "each --at needs a scenario the fleet changes to"
                                     : "give the request each change takes effect at (--at REQ "
                                       "for each scenario after the first)");
    }
    if (o.json && o.csv) {
        throw InputError("--csv", "give --json or --csv, not both");
    }
    return ReplayRequest{*o.requests, o.interval.value_or(0), o.seed.value_or(0), o.cache, true};
}

}  // namespace

int simulate(const Options& o, std::ostream& out) {
    const ReplayRequest request = requestOf(o);
    // --down marks the last scenario's nodes down.
    std::vector<Opened> opened;
    for (size_t i = 0; i < o.positional.size(); ++i) {
        opened.push_back(open(o.positional[i], o,
                              i + 1 == o.positional.size() ? o.down : std::vector<std::string>()));
    }
    std::vector<Loaded> loaded;
    loaded.reserve(opened.size());
    std::vector<Fleet> fleets;
    for (size_t i = 0; i < opened.size(); ++i) {
        loaded.push_back(load(opened[i], o, i ? &loaded.front().keys : nullptr));
        fleets.emplace_back(
            opened[i].placement, loaded.back().assignment, i ? o.at[i - 1] : 0,
            i ? nodeMatch(opened[i - 1].scenario, opened[i].scenario) : NodeMatch::ById);
    }
    const auto run = [&] {
        try {
            return replayFleet(loaded.front().keys, opened.front().scenario.keys.seed, request,
                               fleets);
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
