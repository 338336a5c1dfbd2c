#include "migrationanalysis.h"

#include <cstdio>

#include "ringscope/keychange.h"
#include "ringscope/limits.h"
#include "ringscope/scenario.h"

namespace ringscope {

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        return text;
    }
    std::string out = "\"";
    for (const char c : text) {
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return out + "\"";
}

MigrationExplanation planFrame(const Computed& before, const Computed& after, NodeMatch match) {
    MigrationExplanation out;
    out.ids = commonNodeIds(before.placement, after.placement, match);
    out.nodes = before.scenario.nodes;
    const std::vector<uint32_t> map = nodeRenumbering(after.placement, before.placement, match);
    for (size_t n = 0; n < map.size() && n < after.scenario.nodes.size(); ++n) {
        if (map[n] >= out.nodes.size()) {
            out.nodes.resize(map[n] + 1);
            out.nodes[map[n]] = after.scenario.nodes[n];
        }
    }
    out.keys = after.keys ? after.keys->size() : 0;
    out.sized = after.scenario.keys.sizes.kind != SizeSpec::Kind::None;
    out.changed = before.scenario != after.scenario;
    return out;
}

MigrationExplanation explainMigration(const Computed& before, const Computed& after,
                                      std::optional<Bandwidth> bandwidth) {
    const NodeMatch match = nodeMatch(before.scenario, after.scenario);
    MigrationExplanation out = planFrame(before, after, match);
    const KeySet empty;
    const PlanCounter counter =
        countTransfers(before.placement, before.assignment, after.placement, after.assignment,
                       after.keys ? *after.keys : empty, match);
    out.plan = migrationPlan(counter, out.ids.size(), bandwidth);
    return out;
}

std::string planSecondsText(double seconds) {
    // At least 1bit/s (parseRate) keeps 2^64 bytes within 1.5e20 s: 21 digits and 3 decimals,
    // whole in this buffer (a 32-byte one cut 6.5e305 to its first 31 digits).
    char text[512];
    std::snprintf(text, sizeof text, "%.3f", seconds);
    return text;
}

std::string planCsv(const MigrationPlan& plan, const std::vector<std::string>& ids) {
    std::string out = "kind,from,to,keys,bytes,seconds\n";
    for (const Transfer& t : plan.transfers) {
        out += transferKindName(t.kind);
        out += ',';
        out += t.from < ids.size() ? csvField(ids[t.from]) : std::string();
        out += ',';
        out += t.to < ids.size() ? csvField(ids[t.to]) : std::string("-");
        // A byte sum that stopped at 2^64 - 1 (and the time from it) is a lower bound: ">=".
        const std::string atLeast = plan.bytesSaturated ? ">=" : "";
        out += ',' + std::to_string(t.keys) + ',' +
               saturatedTotalText(t.bytes, plan.bytesSaturated) + ',';
        if (plan.seconds) {
            out += atLeast + planSecondsText(t.seconds);
        }
        out += '\n';
    }
    return out;
}

}  // namespace ringscope
