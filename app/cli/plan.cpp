#include "command.h"

namespace ringscope::cli {

namespace {

void writePlanJson(const MigrationPlan& plan, const std::vector<std::string>& ids, const Options& o,
                   std::ostream& out) {
    QJsonArray moves;
    uint64_t totalKeys = 0, totalBytes = 0;
    for (const Transfer& t : plan.transfers) {
        QJsonObject m{{QStringLiteral("kind"), QString::fromLatin1(transferKindName(t.kind))},
                      {QStringLiteral("from"), jsonId(ids, t.from)},
                      {QStringLiteral("to"), jsonId(ids, t.to)},
                      {QStringLiteral("keys"), jsonCount(t.keys)},
                      {QStringLiteral("bytes"), jsonCount(t.bytes)}};
        if (t.inPlace()) {
            m[QStringLiteral("inPlace")] = true;  // a replica promoted: nothing is sent
        }
        if (plan.seconds) {
            m[QStringLiteral("seconds")] = jsonNumber(t.seconds);
        }
        moves.append(m);
        totalKeys = saturatingAdd(totalKeys, t.keys);
        totalBytes = saturatingAdd(totalBytes, t.bytes);
    }
    QJsonArray nodes;
    for (size_t n = 0; n < plan.nodes.size(); ++n) {
        const NodeTraffic& t = plan.nodes[n];
        QJsonObject node{{QStringLiteral("id"), QString::fromStdString(ids[n])},
                         {QStringLiteral("outKeys"), jsonCount(t.outKeys)},
                         {QStringLiteral("outBytes"), jsonCount(t.outBytes)},
                         {QStringLiteral("inKeys"), jsonCount(t.inKeys)},
                         {QStringLiteral("inBytes"), jsonCount(t.inBytes)}};
        if (plan.seconds) {
            node[QStringLiteral("seconds")] = jsonNumber(t.seconds);
        }
        nodes.append(node);
    }
    const QJsonObject root{
        {QStringLiteral("moves"), moves},
        {QStringLiteral("nodes"), nodes},
        {QStringLiteral("totalKeys"), jsonCount(totalKeys)},
        {QStringLiteral("totalBytes"), jsonCount(totalBytes)},
        {QStringLiteral("primaryKeys"), jsonCount(plan.primaryKeys)},
        {QStringLiteral("primaryBytes"), jsonCount(plan.primaryBytes)},
        {QStringLiteral("copyKeys"), jsonCount(plan.copyKeys)},
        {QStringLiteral("copyBytes"), jsonCount(plan.copyBytes)},
        {QStringLiteral("sentKeys"), jsonCount(plan.sentKeys)},
        {QStringLiteral("sentBytes"), jsonCount(plan.sentBytes)},
        {QStringLiteral("unavailableKeys"), jsonCount(plan.unavailableKeys)},
        {QStringLiteral("unavailableBytes"), jsonCount(plan.unavailableBytes)},
        {QStringLiteral("bytesPerSecond"), o.bandwidth ? jsonNumber(*o.bandwidth) : QJsonValue()},
        {QStringLiteral("parallel"), qint64(o.parallel)},
        {QStringLiteral("seconds"), plan.seconds ? jsonNumber(*plan.seconds) : QJsonValue()}};
    QJsonObject written = root;
    if (plan.bytesSaturated) {
        written[QStringLiteral("bytesSaturated")] = true;  // byte totals and times: at least
    }
    out << QJsonDocument(written).toJson(QJsonDocument::Indented).toStdString();
}

void writePlanText(const MigrationPlan& plan, const std::vector<std::string>& ids,
                   const DiffResult& d, bool sized, const Options& o, std::ostream& out) {
    const bool sat = plan.bytesSaturated;
    out << "primaries: " << plan.primaryKeys << " of " << d.keys << " keys move, "
        << saturatedTotalText(plan.primaryBytes, sat) << " bytes\n"
        << "replica copies: " << plan.copyKeys << ", " << saturatedTotalText(plan.copyBytes, sat)
        << " bytes\n"
        << "sent: " << plan.sentKeys << " keys, " << saturatedTotalText(plan.sentBytes, sat)
        << " bytes";
    if (plan.inPlaceKeys) {
        out << " (" << plan.inPlaceKeys
            << " more promoted in place: their new primary held a copy)";
    }
    out << "\n";
    if (!sized) {
        out << "(the keys have no sizes: each counts as one byte; keys.sizes gives them theirs)\n";
    }
    if (plan.unavailableKeys) {
        out << "no live holder: " << plan.unavailableKeys << " keys, "
            << saturatedTotalText(plan.unavailableBytes, sat) << " bytes cannot be copied\n";
    }
    if (sat) {
        out << kSaturatedNote;
    }
    if (plan.seconds) {
        out << "duration: " << (sat ? "at least " : "") << planSecondsText(*plan.seconds)
            << " s at " << o.bandwidthText << " per node, " << o.parallel
            << (o.parallel == 1 ? " stream" : " streams") << " each";
        if (plan.busiestNode) {
            out << " (busiest: " << idOf(ids, *plan.busiestNode) << ")";
        }
        out << "\n";
    }
    if (plan.transfers.empty()) {
        return;
    }
    std::vector<std::vector<std::string>> moves{{"kind", "from", "to", "keys", "bytes"}};
    if (plan.seconds) {
        moves.front().push_back("seconds");
    }
    for (const Transfer& t : plan.transfers) {
        moves.push_back({transferKindName(t.kind), t.inPlace() ? "(in place)" : idOf(ids, t.from),
                         idOf(ids, t.to), std::to_string(t.keys),
                         saturatedTotalText(t.bytes, sat)});
        if (plan.seconds) {
            moves.back().push_back(t.sent() ? (sat ? ">=" : "") + planSecondsText(t.seconds) : "-");
        }
    }
    out << "\n" << alignedTable(moves, {false, false, false, true, true, true});
    std::vector<std::vector<std::string>> nodes{
        {"node", "out keys", "out bytes", "in keys", "in bytes"}};
    if (plan.seconds) {
        nodes.front().push_back("seconds");
    }
    for (size_t n = 0; n < plan.nodes.size(); ++n) {
        const NodeTraffic& t = plan.nodes[n];
        nodes.push_back({ids[n], std::to_string(t.outKeys), saturatedTotalText(t.outBytes, sat),
                         std::to_string(t.inKeys), saturatedTotalText(t.inBytes, sat)});
        if (plan.seconds) {
            nodes.back().push_back((sat ? ">=" : "") + planSecondsText(t.seconds));
        }
    }
    out << "\n" << alignedTable(nodes, {false, true, true, true, true, true});
}

}  // namespace

int planCommand(const Options& o, std::ostream& out) {
    expectScenarios(o, 2, "plan");
    if (o.json && o.csv) {
        throw InputError("--csv", "give --json or --csv, not both");
    }
    if (o.parallel > 1 && !o.bandwidth) {
        throw InputError("--parallel", "streams share a node's bandwidth: give --bandwidth too");
    }
    const Opened before = open(o.positional[0], o);
    const Opened after = open(o.positional[1], o, o.down);
    PlanCounter counter;
    const DiffResult d = compare(before, after, o, nullptr, &counter);
    const std::vector<std::string> ids = commonNodeIds(before.placement, after.placement,
                                                       nodeMatch(before.scenario, after.scenario));
    std::optional<Bandwidth> bandwidth;
    if (o.bandwidth) {
        bandwidth = Bandwidth{*o.bandwidth, o.parallel};
    }
    const MigrationPlan plan = migrationPlan(counter, ids.size(), bandwidth);
    if (o.json) {
        writePlanJson(plan, ids, o, out);
    } else if (o.csv) {
        out << planCsv(plan, ids);
    } else {
        writePlanText(plan, ids, d, before.scenario.keys.sizes.kind != SizeSpec::Kind::None, o,
                      out);
    }
    return 0;
}

}  // namespace ringscope::cli
