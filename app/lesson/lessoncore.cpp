#include "lessoncore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "membershipchange.h"
#include "ringscope/assign.h"
#include "ringscope/diff.h"
#include "ringscope/hash.h"
#include "ringscope/placement.h"
#include "ringscope/stats.h"
#include "scenarioedits.h"
#include "scenariojson.h"

using namespace Qt::StringLiterals;

namespace ringscope::lesson {

namespace {

constexpr char kPresetDir[] = ":/presets";

// RFC 7386 JSON Merge Patch: objects merge recursively, null deletes, anything else replaces.
QJsonObject mergePatch(QJsonObject target, const QJsonObject& patch) {
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        if (it.value().isNull()) {
            target.remove(it.key());
        } else if (it.value().isObject() && target.value(it.key()).isObject()) {
            target[it.key()] = mergePatch(target.value(it.key()).toObject(), it.value().toObject());
        } else {
            target[it.key()] = it.value();
        }
    }
    return target;
}

QJsonObject toObject(const Scenario& scenario) {
    return QJsonDocument::fromJson(scenarioToJson(scenario)).object();
}

size_t nodeOf(const Scenario& s, const std::string& id) {
    for (size_t n = 0; n < s.nodes.size(); ++n) {
        if (s.nodes[n].id == id) {
            return n;
        }
    }
    std::string known;
    for (const NodeSpec& node : s.nodes) {
        known += (known.empty() ? "" : ", ") + node.id;
    }
    throw InputError("node",
                     "no node " + quotedText(id, kQuotedIdBytes) + " here (nodes: " + known + ")");
}

Scenario withTokenMoved(const Scenario& s, size_t node, uint64_t from, uint64_t to) {
    Scenario out = s;
    auto& tokens = out.nodes[node].tokens;
    const auto it = std::find(tokens.begin(), tokens.end(), from);
    if (it == tokens.end()) {
        throw InputError("from", "node \"" + s.nodes[node].id + "\" has no explicit token at " +
                                     std::to_string(from));
    }
    *it = to;
    validate(out);
    return out;
}

}  // namespace

std::string messageOf(const InputError& error) {
    return error.message();  // data, not cut from what(): an empty message cut past the end
}

void rethrowWithin(const std::string& where, const InputError& error) {
    // A field inside the place ("steps[0].scenario.keys.count"), or a file it read
    // ("steps[0].scenario: keys.txt:3").
    const std::string inner = error.where();
    InputError within(inner.empty() ? where : where + (error.hasSource() ? ": " : ".") + inner,
                      messageOf(error));
    within.waivableAs(error);
    throw within;
}

Scenario scenarioFromObject(const QJsonObject& object, const Limits& limits) {
    return scenarioFromJson(QJsonDocument(object).toJson(QJsonDocument::Compact), limits);
}

QStringList presetNames() {
    QStringList names;
    for (const QFileInfo& file : QDir(QString::fromLatin1(kPresetDir))
                                     .entryInfoList({u"*.json"_s}, QDir::Files, QDir::Name)) {
        names << file.completeBaseName();
    }
    return names;
}

Scenario presetScenario(const QString& name, const Limits& limits) {
    const QStringList names = presetNames();
    if (!names.contains(name)) {  // a name, never a path into the resources or elsewhere
        throw InputError("", "no preset " + quotedText(name.toStdString(), kQuotedIdBytes) +
                                 " (presets: " + names.join(u", "_s).toStdString() + ")");
    }
    const QString path = QString::fromLatin1(kPresetDir) + u'/' + name + u".json"_s;
    ReadOptions options;
    options.limits = limits;
    try {
        return loadScenarioFile(path, options);
    } catch (const InputError& e) {
        InputError refusal("", "the preset does not load: " + std::string(e.what()));
        refusal.waivableAs(e);
        throw refusal;
    }
}

Scenario applyEdit(const Scenario& s, const Edit& edit, const Limits& limits) {
    switch (edit.op) {
        case EditOp::AddNode: {
            // The node as the file reads it, then added as the window adds it (edits::addNode:
            // into the bucket removed last, where the algorithm removes buckets in place).
            QJsonObject o = toObject(s);
            QJsonArray nodes = o[u"nodes"].toArray();
            nodes.append(edit.fields);
            o[u"nodes"] = nodes;
            const Scenario read = scenarioFromObject(o, limits);
            Scenario out = s;
            edits::addNode(out, read.nodes.back());
            validate(out);
            return out;
        }
        case EditOp::RemoveNode:
            return withoutNode(s, nodeOf(s, edit.node), edit.removal);
        case EditOp::MoveToken:
            return withTokenMoved(s, nodeOf(s, edit.node), edit.from, edit.to);
        case EditOp::Set: {
            for (const QString& field : {u"format"_s, u"nodes"_s}) {
                if (edit.fields.contains(field)) {
                    throw InputError(field.toStdString(),
                                     "\"set\" cannot change this; use add-node, remove-node or "
                                     "set-node for nodes");
                }
            }
            return scenarioFromObject(mergePatch(toObject(s), edit.fields), limits);
        }
        case EditOp::SetNode: {
            const bool every = edit.node == "*";
            const size_t only = every ? 0 : nodeOf(s, edit.node);
            QJsonObject o = toObject(s);
            QJsonArray nodes = o[u"nodes"].toArray();
            for (qsizetype n = 0; n < nodes.size(); ++n) {
                if (every || static_cast<size_t>(n) == only) {
                    nodes[n] = mergePatch(nodes[n].toObject(), edit.fields);
                }
            }
            o[u"nodes"] = nodes;
            return scenarioFromObject(o, limits);
        }
    }
    return s;
}

std::vector<double> setupCounts(const Scenario& s) {
    std::vector<double> out{double(s.nodes.size()), double(s.replicas)};
    switch (s.keys.kind) {
        case KeySetSpec::Kind::Pattern:
            out.push_back(double(s.keys.count));
            break;
        case KeySetSpec::Kind::List:
            out.push_back(double(s.keys.list.size()));
            break;
        case KeySetSpec::Kind::File:
            break;
    }
    for (const NodeSpec& node : s.nodes) {
        if (node.vnodes) {
            out.push_back(double(*node.vnodes));
        }
    }
    return out;
}

std::vector<double> setupNumbers(const Scenario& s) {
    std::vector<double> out = setupCounts(s);
    for (const NodeSpec& node : s.nodes) {
        out.push_back(node.weight);
        for (const uint64_t t : node.tokens) {
            out.push_back(double(t));
        }
    }
    if (s.keys.kind == KeySetSpec::Kind::Pattern && s.keys.count > 0) {
        out.push_back(double(s.keys.start));  // "keys 0-99"
        out.push_back(double(s.keys.start + s.keys.count - 1));
    }
    algorithmOf(s).definingNumbers(s, out);  // "M = 13"
    if (s.boundedLoadPercent) {
        out.push_back(*s.boundedLoadPercent / 100.0);  // "c = 1.25"
        out.push_back(double(*s.boundedLoadPercent));  // hash_balance_factor 125
    }
    if (s.space != kSpace32 && !isFullSpace(s.space)) {
        out.push_back(double(s.space));  // "a 0-99 space"
        out.push_back(0);
        out.push_back(double(s.space - 1));
    }
    return out;
}

std::vector<std::string> nodeIds(const Scenario& s) {
    std::vector<std::string> ids;
    for (const NodeSpec& node : s.nodes) {
        ids.push_back(node.id);
    }
    return ids;
}

std::vector<uint64_t> explicitTokens(const Scenario& s, std::string_view node) {
    for (const NodeSpec& n : s.nodes) {
        if (n.id == node) {
            return n.tokens;
        }
    }
    return {};
}

// ---- Worked ----------------------------------------------------------------------------------

struct Worked::Impl {
    Scenario scenario;
    Limits limits;
    Placement placement;
    KeySet keys;
    HashedKeys hashed;
    Assignment assignment;
    Stats stats;
    std::optional<BoundedLoadResult> bounded;

    const BoundedLoadResult& boundedLoads() const {
        if (!bounded) {
            throw InputError("", "the scenario places keys without bounded loads");
        }
        return *bounded;
    }
};

Worked::Worked(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Worked::~Worked() = default;

std::shared_ptr<const Worked> Worked::of(const Scenario& scenario, const Limits& limits) {
    auto d = std::make_unique<Impl>();
    d->scenario = scenario;
    d->limits = limits;
    d->placement = Placement::build(scenario, limits);
    d->keys = scenarioKeys(scenario, limits);
    d->hashed = hashKeys(d->keys, d->placement.keyHashing());
    d->assignment = assign(d->placement, d->keys.names, d->hashed);
    d->stats = computeStats(d->placement, d->assignment, d->keys);
    d->bounded = d->placement.boundedLoads(d->hashed);
    return std::shared_ptr<const Worked>(new Worked(std::move(d)));
}

const Scenario& Worked::scenario() const {
    return m_impl->scenario;
}
const Limits& Worked::limits() const {
    return m_impl->limits;
}
size_t Worked::keyCount() const {
    return m_impl->keys.size();
}
std::string Worked::keyName(size_t key) const {
    return m_impl->keys.names[key];
}
std::optional<size_t> Worked::keyIndex(std::string_view name) const {
    return m_impl->keys.names.find(name);
}
size_t Worked::nodeCount() const {
    return m_impl->placement.nodes().size();
}
const std::string& Worked::nodeId(size_t node) const {
    return m_impl->placement.nodes()[node].id;
}
std::optional<size_t> Worked::nodeIndex(std::string_view id) const {
    return m_impl->placement.nodeIndex(id);
}
size_t Worked::replicas() const {
    return m_impl->assignment.replicas;
}
size_t Worked::primary(size_t key) const {
    return m_impl->assignment.primary(key);
}
std::vector<size_t> Worked::owners(size_t key) const {
    const auto owners = m_impl->assignment.ownersOf(key);
    return {owners.begin(), owners.end()};
}
uint64_t Worked::position(size_t key) const {
    return m_impl->hashed.positionOf(key);
}
uint64_t Worked::hash64(size_t key) const {
    return m_impl->hashed.hash64[key];
}
uint64_t Worked::keysOf(size_t node) const {
    return m_impl->stats.nodes[node].keys;
}
double Worked::weightShare(size_t node) const {
    return m_impl->stats.nodes[node].fairShare;
}
double Worked::maxOverMean() const {
    return m_impl->stats.keys.maxOverMean;
}
double Worked::minOverMean() const {
    return m_impl->stats.keys.minOverMean;
}
double Worked::stddevOverMean() const {
    return m_impl->stats.keys.stddevOverMean;
}
bool Worked::isRing() const {
    return m_impl->placement.hasRing();
}
size_t Worked::tokenCount() const {
    return m_impl->placement.ring().size();
}
size_t Worked::tokensOf(size_t node) const {
    const auto nodes = m_impl->placement.ring().nodes();
    return static_cast<size_t>(std::count(nodes.begin(), nodes.end(), static_cast<uint32_t>(node)));
}

std::vector<Arc> Worked::arcsOf(size_t node) const {
    const Ring& ring = m_impl->placement.ring();
    std::vector<Arc> arcs;
    for (size_t i = 0; i < ring.size(); ++i) {
        if (ring.node(i) != node) {
            continue;
        }
        const Arc arc{ring.position(ring.predecessor(i)), ring.position(i)};
        if (!arcs.empty() && arcs.back().to == arc.from) {
            arcs.back().to = arc.to;
        } else {
            arcs.push_back(arc);
        }
    }
    // The arc that wraps past the top joins the first one when they meet.
    if (arcs.size() > 1 && arcs.back().to == arcs.front().from) {
        arcs.front().from = arcs.back().from;
        arcs.pop_back();
    }
    return arcs;
}

const Placement& Worked::placement() const {
    return m_impl->placement;
}

double Worked::balanceFactor() const {
    m_impl->boundedLoads();
    return *m_impl->placement.boundedLoadPercent() / 100.0;
}
uint64_t Worked::capacity(size_t node) const {
    return static_cast<uint64_t>(m_impl->boundedLoads().capacity[node]);
}
size_t Worked::displaced() const {
    return m_impl->boundedLoads().displaced.size();
}
size_t Worked::firstChoice(size_t key) const {
    return m_impl->boundedLoads().firstChoice[key];
}

// ---- Comparing -------------------------------------------------------------------------------

Change compare(const Worked& before, const Worked& after) {
    const Worked::Impl& a = *before.m_impl;
    const Worked::Impl& b = *after.m_impl;
    if (a.keys.names != b.keys.names) {
        throw InputError("",
                         "the two scenarios hold different keys, so no key can be said to "
                         "move; change the keys in a step of their own");
    }
    const DiffResult d = diff(a.placement, a.assignment, b.placement, b.assignment, a.keys);
    Change c;
    c.keys = d.keys;
    c.moved = d.primaryMoved;
    c.replicaOnly = d.replicaOnly;
    c.ideal = d.idealFraction;
    for (const size_t k : d.changed) {
        const std::string& from = before.nodeId(before.primary(k));
        const std::string& to = after.nodeId(after.primary(k));
        if (from != to) {
            c.movedKeys.push_back(k);
            ++c.movedFrom[from];
            ++c.movedTo[to];
        }
    }
    return c;
}

Change compareUnbounded(const Worked& before, const Worked& after) {
    const auto plain = [](const Scenario& from) {
        Scenario s = from;
        s.boundedLoadPercent.reset();
        return s;
    };
    return compare(*Worked::of(plain(before.scenario()), before.limits()),
                   *Worked::of(plain(after.scenario()), after.limits()));
}

Change compareUnder(const Worked& before, const Worked& after, std::string_view name) {
    const std::optional<Algorithm> named = algorithmFromName(name);
    if (!named) {
        throw InputError("", "unknown algorithm \"" + std::string(name) + "\"");
    }
    return compare(*Worked::of(asAlgorithm(before.scenario(), *named), before.limits()),
                   *Worked::of(asAlgorithm(after.scenario(), *named), after.limits()));
}

}  // namespace ringscope::lesson
