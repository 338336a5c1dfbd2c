#include "command.h"

namespace ringscope::cli {

namespace {

// Marks the nodes named by --down as down. Throws InputError for an id the scenario lacks.
// O(N + D): the ids indexed once.
void markDown(Scenario& scenario, const std::vector<std::string>& ids) {
    if (ids.empty()) {
        return;
    }
    std::unordered_map<std::string_view, size_t> index;
    index.reserve(scenario.nodes.size());
    for (size_t n = 0; n < scenario.nodes.size(); ++n) {
        index.emplace(scenario.nodes[n].id, n);
    }
    for (const std::string& id : ids) {
        const auto node = index.find(id);
        if (node == index.end()) {
            std::string known;
            for (const NodeSpec& n : scenario.nodes) {
                if (known.size() > kQuotedIdBytes * 8) {  // a list, not a second copy of the file
                    known += ", …";
                    break;
                }
                known += (known.empty() ? "" : ", ") + n.id;
            }
            throw InputError("--down", "no node " + quotedText(id, kQuotedIdBytes) +
                                           " (the nodes: " + known + ")");
        }
        scenario.nodes[node->second].down = true;
    }
}

}  // namespace

// `--key-encoding`, when given, overrides the scenario's keyEncoding; `down` lists the nodes to
// mark down.
Opened open(const std::string& path, const Options& options, const std::vector<std::string>& down) {
    return naming(path, [&] {
        Opened o{path, loadScenarioFile(QString::fromStdString(path), options.read), {}};
        if (options.keyEncoding) {
            o.scenario.keyEncoding = *options.keyEncoding;
        }
        markDown(o.scenario, down);
        o.placement = Placement::build(o.scenario, options.read.limits);
        return o;
    });
}

// The same scenario with every node up: what a failure is measured against.
Opened allUp(const Opened& o, const Limits& limits) {
    Opened up = o;
    for (NodeSpec& node : up.scenario.nodes) {
        node.down = false;
    }
    up.placement = naming(o.path, [&] { return Placement::build(up.scenario, limits); });
    return up;
}

Loaded load(const Opened& o, const Options& options, const KeySet* sharedKeys) {
    return naming(o.path, [&] {
        Loaded l;
        if (sharedKeys) {
            checkKeyWork(o.scenario, keyVolume(sharedKeys->names), options.read.limits);
            l.keys = *sharedKeys;
        } else {
            l.keys = resolveKeys(options.keys, o.scenario, options.read.limits);
        }
        l.hashed = hashKeys(l.keys, o.placement.keyHashing());
        l.assignment = assign(o.placement, l.keys.names, l.hashed);
        return l;
    });
}

bool hasZipf(const Scenario& s) {
    return s.keys.popularity.kind == PopularitySpec::Kind::Zipf;
}

// Keys stream a batch at a time unless a placement places the key set together, or the
// statistics need Zipf popularity (which ranks the whole key set) over keys still to be read.
bool streams(const KeyInput& input, const Scenario& keysOf, bool needsRequests,
             const std::vector<const Placement*>& placements) {
    const bool countKnown = input.empty() && keysOf.keys.kind != KeySetSpec::Kind::File;
    if (needsRequests && hasZipf(keysOf) && !countKnown) {
        return false;
    }
    return std::all_of(placements.begin(), placements.end(),
                       [](const Placement* p) { return p->routesKeysAlone(); });
}

// Per key, its Zipf requests (the scenario's own key set), or empty without popularity.
std::vector<double> zipfRequests(const Scenario& s, const Limits& limits) {
    return hasZipf(s) ? generateKeys(s.keys, limits).requests : std::vector<double>{};
}

}  // namespace ringscope::cli
