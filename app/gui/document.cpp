#include "document.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

#include "commands.h"
#include "qstrings.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "scenarioedits.h"
#include "scenariojson.h"

namespace ringscope {

namespace {

// Work units (see computeCost) below which a change is computed right away on the UI thread:
// a node edit over a million cached keys is one O(K + T) sweep, a few tens of milliseconds.
constexpr uint64_t kSyncCost = 1'500'000;

}  // namespace

Document::Document(QObject* parent) : QObject(parent) {
    m_cur = compute(defaultScenario(), nullptr);
    install(m_cur, Install::Replace);
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

Document::~Document() {
    stopJob();
}

Scenario Document::defaultScenario() {
    Scenario s;
    s.title = "Seed 000: A@20, B@60, C@90 in 0-99";
    s.space = 100;
    s.keyHash = HashKind::Identity;
    for (const auto& [id, token] : {std::pair{"A", 20}, {"B", 60}, {"C", 90}}) {
        NodeSpec node;
        node.id = id;
        node.tokens = {static_cast<uint64_t>(token)};
        s.nodes.push_back(node);
    }
    s.keys.pattern = "{i}";
    s.keys.count = 100;
    return s;
}

// ---------------------------------------------------------------------------------------------
// State

uint32_t Document::primaryOf(size_t key) const {
    if (isRing()) {
        return m_live.ring().empty() ? kNoOwner : m_live.ownerOf(key);
    }
    return m_cur->assignment.primary(key);
}

std::vector<uint64_t> Document::keyCountsPerNode() const {
    std::vector<uint64_t> counts(placement().nodes().size(), 0);
    if (isRing()) {
        const auto live = m_live.keysPerNode();  // kept current by every live edit
        std::copy_n(live.begin(), std::min(live.size(), counts.size()), counts.begin());
    } else {
        for (size_t k = 0; k < keys().size(); ++k) {
            ++counts[m_cur->assignment.primary(k)];
        }
    }
    return counts;
}

QString Document::ownersText(size_t key) const {
    return qs(ownerList(placement(), m_cur->assignment.ownersOf(key)));
}

QString Document::baselineOwnersText(size_t key) const {
    return qs(ownerList(m_base->placement, m_base->assignment.ownersOf(key)));
}

KeyChange Document::keyChange(size_t key) const {
    if (primaryOf(key) != m_basePrimary[key]) {
        return KeyChange::Primary;
    }
    return m_replicaOnly[key] ? KeyChange::ReplicaOnly : KeyChange::None;
}

MoveSummary Document::moveSummary() const {
    MoveSummary s;
    s.keys = keys().size();
    s.primaryMoved = isRing() ? m_live.movedCount() : m_movedNonRing;
    s.replicaOnly = m_replicaOnlyCount;
    s.ideal = m_ideal;
    return s;
}

std::vector<uint32_t> Document::changedKeys() const {
    std::vector<uint32_t> out;
    for (size_t k = 0; k < keys().size(); ++k) {
        if (keyChange(k) != KeyChange::None) {
            out.push_back(static_cast<uint32_t>(k));
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Baseline and selection

void Document::refreshBaseline() {
    const Placement& base = m_base->placement;
    std::vector<uint32_t>& map = m_baseMap;
    map.assign(base.nodes().size(), kNoOwner);
    for (size_t n = 0; n < map.size(); ++n) {
        map[n] = placement().nodeIndex(base.nodes()[n].id).value_or(kNoOwner);
    }
    const Assignment& a = m_cur->assignment;
    const Assignment& b = m_base->assignment;
    const size_t count = keys().size();
    m_basePrimary.resize(count);
    m_replicaOnly.assign(count, 0);
    m_movedNonRing = 0;
    m_replicaOnlyCount = 0;
    const bool replicated = a.replicas > 1 || b.replicas > 1;
    for (size_t k = 0; k < count; ++k) {
        const uint32_t before = map[b.primary(k)];
        m_basePrimary[k] = before;
        const bool moved = a.primary(k) != before;
        m_movedNonRing += moved ? 1 : 0;
        if (moved || !replicated) {
            continue;
        }
        const auto now = a.ownersOf(k);
        const auto then = b.ownersOf(k);
        bool same = now.size() == then.size();
        for (size_t i = 0; same && i < then.size(); ++i) {
            same = std::find(now.begin(), now.end(), map[then[i]]) != now.end();
        }
        m_replicaOnly[k] = same ? 0 : 1;
        m_replicaOnlyCount += same ? 0 : 1;
    }
    if (isRing()) {
        m_live.setBaseline(m_basePrimary);
    }
    m_ideal = idealMovedFraction(base, placement());
}

void Document::pinBaseline() {
    m_base = m_cur;
    m_pinned = true;
    refreshBaseline();
    emit baselineChanged();
}

void Document::pinBaselineScenario(const Scenario& baseline) {
    if (!sameKeySet(baseline, scenario())) {
        throw InputError("baseline", "the baseline's key set differs from the scenario's");
    }
    m_base = compute(baseline, m_cur);
    m_pinned = true;
    refreshBaseline();
    emit baselineChanged();
}

void Document::unpinBaseline() {
    m_pinned = false;
    emit baselineChanged();
}

void Document::setSelectedKey(std::optional<size_t> key) {
    if (key && *key >= keys().size()) {
        key.reset();
    }
    if (key == m_selected) {
        return;
    }
    m_selected = key;
    refreshWalk();
    emit selectedKeyChanged();
}

void Document::refreshWalk() {
    m_walk = {};
    if (!m_selected || !isRing() || m_live.ring().empty()) {
        return;
    }
    const Ring& ring = m_live.ring();
    m_walk.key = *m_selected;
    m_walk.position = hashedKeys().position[*m_selected];
    ring.walk(ring.successor(m_walk.position), placement().replicas(), placement().zoneOf(),
              m_walk.visited, m_walk.chosen);
}

// ---------------------------------------------------------------------------------------------
// Computing and installing scenarios

void Document::install(ComputedPtr computed, Install kind) {
    ComputedPtr previous = std::exchange(m_cur, std::move(computed));
    if (kind == Install::Replace || !previous) {
        m_base = m_cur;
        m_pinned = false;
    } else if (!m_pinned) {
        m_base = previous;  // "before the last change"
    }
    if (!sameKeySet(m_base->scenario, m_cur->scenario)) {
        m_base = m_cur;  // owners of different key sets cannot be compared key by key
    }
    m_drag.reset();
    m_lastRanges.clear();
    if (isRing()) {
        m_live = LiveRing(placement().ring(), hashedKeys());
        m_liveOrigins = placement().tokenOrigins();
    } else {
        m_live = LiveRing();
        m_liveOrigins.clear();
    }
    if (m_selected && *m_selected >= keys().size()) {
        m_selected.reset();
        emit selectedKeyChanged();
    }
    refreshBaseline();
    refreshWalk();
    if (kind == Install::Replace) {
        m_selectedNodeId.clear();  // another document: nothing of it is selected yet
    }
    const bool nodeMoved = followSelectedNode(
        previous ? std::optional<size_t>(previous->scenario.nodes.size()) : std::nullopt);
    emit scenarioChanged();
    emit baselineChanged();
    if (nodeMoved) {
        emit selectedNodeChanged();
    }
}

// Finds the selected node again after the scenario changed: by id, else (same node count) at the
// same place, for a rename and its undo. True if the selection changed.
bool Document::followSelectedNode(std::optional<size_t> previousNodeCount) {
    const auto& nodes = scenario().nodes;
    const std::optional<size_t> was = m_selectedNode;
    std::optional<size_t> now;
    if (!m_selectedNodeId.empty()) {
        const auto byId = std::find_if(nodes.begin(), nodes.end(),
                                       [&](const NodeSpec& n) { return n.id == m_selectedNodeId; });
        if (byId != nodes.end()) {
            now = size_t(byId - nodes.begin());
        } else if (was && *was < nodes.size() && previousNodeCount == nodes.size()) {
            now = was;
        }
    }
    m_selectedNode = now;
    m_selectedNodeId = now ? nodes[*now].id : std::string();
    return now != was;
}

void Document::setSelectedNode(std::optional<size_t> node) {
    if (node && *node >= scenario().nodes.size()) {
        node.reset();
    }
    if (node == m_selectedNode) {
        return;
    }
    m_selectedNode = node;
    m_selectedNodeId = node ? scenario().nodes[*node].id : std::string();
    emit selectedNodeChanged();
}

void Document::applyScenario(const Scenario& scenario) {
    if (m_precomputed && m_precomputed->scenario == scenario) {
        stopJob();
        install(std::exchange(m_precomputed, nullptr), Install::Edit);
        return;
    }
    m_precomputed.reset();
    if (scenario == m_cur->scenario) {
        stopJob();  // back to what is shown: nothing to compute
        return;
    }
    request(scenario, Install::Edit, {});
}

void Document::request(const Scenario& scenario, Install kind, std::function<void()> onInstalled) {
    stopJob();
    if (computeCost(scenario, m_cur.get()) <= kSyncCost) {
        try {
            install(compute(scenario, m_cur), kind);
        } catch (const std::exception& e) {
            reject(e);
            return;
        }
        if (onInstalled) {
            onInstalled();
        }
        return;
    }
    m_pendingKind = kind;
    m_pendingScenario = scenario;
    m_onInstalled = std::move(onInstalled);
    m_watcher = new QFutureWatcher<ComputeJob>(this);
    connect(m_watcher, &QFutureWatcher<ComputeJob>::progressValueChanged, this,
            &Document::progressChanged);
    connect(m_watcher, &QFutureWatcher<ComputeJob>::finished, this, &Document::finishJob);
    m_watcher->setFuture(
        QtConcurrent::run([scenario, previous = m_cur](QPromise<ComputeJob>& promise) {
            promise.setProgressRange(0, 100);
            ComputeJob job;
            try {
                job.computed = compute(scenario, previous, [&](int percent) {
                    promise.setProgressValue(percent);
                    return !promise.isCanceled();
                });
            } catch (const std::exception& e) {
                job.error = QString::fromStdString(e.what());
            }
            promise.addResult(std::move(job));
        }));
    emit busyChanged(true);
}

void Document::finishJob() {
    if (!m_watcher) {
        return;
    }
    QFutureWatcher<ComputeJob>* watcher = std::exchange(m_watcher, nullptr);
    watcher->disconnect(this);
    watcher->deleteLater();
    const bool hasResult = !watcher->isCanceled() && watcher->future().resultCount() > 0;
    const ComputeJob job = hasResult ? watcher->result() : ComputeJob{};
    emit busyChanged(false);
    if (!job.computed) {
        if (!job.error.isEmpty()) {
            emit inputRejected(job.error);
        }
        if (m_pendingKind == Install::Edit) {
            revertFailedEdit(m_pendingScenario);
        }
        return;
    }
    install(job.computed, m_pendingKind);
    if (auto done = std::exchange(m_onInstalled, nullptr)) {
        done();
    }
}

void Document::stopJob() {
    if (!m_watcher) {
        return;
    }
    QFutureWatcher<ComputeJob>* watcher = std::exchange(m_watcher, nullptr);
    watcher->disconnect(this);
    watcher->cancel();
    watcher->waitForFinished();
    delete watcher;
    m_onInstalled = nullptr;
    emit busyChanged(false);
}

void Document::cancelComputation() {
    if (!m_watcher) {
        return;
    }
    stopJob();
    if (m_pendingKind == Install::Edit) {
        revertFailedEdit(m_pendingScenario);
    }
}

void Document::revertFailedEdit(const Scenario& failed) {
    // The command that asked for `failed` is on the stack but never took effect: step back over
    // it (its "before" is what is shown, so the undo computes nothing).
    const int top = m_undo.index() - 1;
    const auto* command =
        top >= 0 ? dynamic_cast<const ScenarioCommand*>(m_undo.command(top)) : nullptr;
    if (command && command->after() == failed) {
        m_undo.undo();
    }
}

void Document::waitForIdle() {
    if (m_watcher) {
        m_watcher->waitForFinished();
        finishJob();
    }
}

void Document::reject(const std::exception& error) {
    emit inputRejected(QString::fromStdString(error.what()));
}

// ---------------------------------------------------------------------------------------------
// Edits

bool Document::pushScenario(const Scenario& next, const QString& text) {
    if (isBusy()) {
        emit inputRejected(tr("Still computing the last change; wait for it or cancel it."));
        return false;
    }
    if (next == scenario()) {
        return true;
    }
    try {
        if (computeCost(next, m_cur.get()) <= kSyncCost) {
            m_precomputed = compute(next, m_cur);
        } else {
            Placement::build(next);  // validate now; the rest runs in the background
        }
    } catch (const std::exception& e) {
        m_precomputed.reset();
        reject(e);
        return false;
    }
    m_undo.push(new ScenarioCommand(this, scenario(), next, text));
    return true;
}

bool Document::edit(const QString& text, const std::function<void(Scenario&)>& change) {
    Scenario next = scenario();
    try {
        change(next);
    } catch (const std::exception& e) {
        reject(e);
        return false;
    }
    return pushScenario(next, text);
}

bool Document::addNode(std::optional<NodeSpec> node) {
    NodeSpec spec;
    try {
        spec = node ? *node : edits::suggestedNode(scenario(), placement());
    } catch (const std::exception& e) {
        reject(e);
        return false;
    }
    if (!edit(tr("Add node %1").arg(qs(spec.id)), [&](Scenario& s) { s.nodes.push_back(spec); })) {
        return false;
    }
    // The new node is the one the next "+ vnode" is meant for: found now, or by install() once
    // it is computed in the background.
    m_selectedNodeId = spec.id;
    m_selectedNode.reset();
    if (!isBusy()) {
        followSelectedNode(std::nullopt);
    }
    emit selectedNodeChanged();
    return true;
}

bool Document::removeNode(size_t node) {
    if (node >= scenario().nodes.size()) {
        return false;
    }
    return edit(tr("Remove node %1").arg(qs(scenario().nodes[node].id)), [&](Scenario& s) {
        if (s.nodes.size() == 1) {
            throw InputError(nodeWhere(s, node), "the last node cannot be removed");
        }
        s.nodes.erase(s.nodes.begin() + static_cast<std::ptrdiff_t>(node));
        s.jumpBuckets.clear();
        s.replicas = std::min<int64_t>(s.replicas, static_cast<int64_t>(s.nodes.size()));
    });
}

bool Document::renameNode(size_t node, const QString& id) {
    return edit(tr("Rename node to %1").arg(id),
                [&](Scenario& s) { s.nodes.at(node).id = id.trimmed().toStdString(); });
}

bool Document::setNodeWeight(size_t node, double weight) {
    return edit(tr("Set weight of %1").arg(qs(scenario().nodes.at(node).id)),
                [&](Scenario& s) { s.nodes.at(node).weight = weight; });
}

bool Document::setNodeZone(size_t node, const QString& zone) {
    return edit(tr("Set zone of %1").arg(qs(scenario().nodes.at(node).id)),
                [&](Scenario& s) { s.nodes.at(node).zone = zone.trimmed().toStdString(); });
}

bool Document::setNodeVnodes(size_t node, int64_t vnodes) {
    return edit(tr("Set vnodes of %1").arg(qs(scenario().nodes.at(node).id)), [&](Scenario& s) {
        s.nodes.at(node).tokens.clear();
        s.nodes.at(node).vnodes = vnodes;
    });
}

bool Document::setNodeColor(size_t node, std::optional<uint32_t> rgb) {
    return edit(rgb ? tr("Colour %1").arg(qs(scenario().nodes.at(node).id))
                    : tr("Automatic colour for %1").arg(qs(scenario().nodes.at(node).id)),
                [&](Scenario& s) { s.nodes.at(node).color = rgb; });
}

bool Document::addVnode(size_t node) {
    return edit(tr("Add a vnode to %1").arg(qs(scenario().nodes.at(node).id)),
                [&](Scenario& s) { edits::addVnode(s, placement(), node); });
}

bool Document::removeVnode(size_t node) {
    return edit(tr("Remove a vnode of %1").arg(qs(scenario().nodes.at(node).id)),
                [&](Scenario& s) { edits::removeVnode(s, node); });
}

bool Document::setNodeTokensText(size_t node, const QString& text) {
    return edit(tr("Set tokens of %1").arg(qs(scenario().nodes.at(node).id)), [&](Scenario& s) {
        const std::string where = nodeWhere(s, node) + ".tokens";
        QString t = text.trimmed();
        const bool vnodes = t.contains(u"vnode") || (s.nodes[node].vnodes && !t.contains(u','));
        t.remove(QStringLiteral("vnodes")).remove(QStringLiteral("vnode"));
        std::vector<uint64_t> values;
        for (const QString& part :
             t.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) {
            const auto value = parseDecimalU64(part.toStdString());
            if (!value) {
                throw InputError(where, "\"" + part.toStdString() + "\" is not a position");
            }
            values.push_back(*value);
        }
        if (values.empty()) {
            throw InputError(where, "give at least one token position or a vnode count");
        }
        if (vnodes) {
            if (values.size() != 1) {
                throw InputError(where, "give one vnode count");
            }
            s.nodes[node].tokens.clear();
            s.nodes[node].vnodes = static_cast<int64_t>(std::min<uint64_t>(values[0], INT64_MAX));
        } else {
            edits::setNodeTokens(s, node, std::move(values));
        }
    });
}

bool Document::addToken(size_t node, uint64_t position) {
    return edit(tr("Add token of %1 at %2").arg(qs(scenario().nodes.at(node).id)).arg(position),
                [&](Scenario& s) { edits::addToken(s, placement(), node, position); });
}

bool Document::removeToken(size_t token) {
    if (token >= m_liveOrigins.size()) {
        return false;
    }
    const TokenOrigin origin = m_liveOrigins[token];
    return edit(tr("Remove a token of %1").arg(qs(scenario().nodes.at(origin.node).id)),
                [&](Scenario& s) { edits::removeToken(s, placement(), origin); });
}

bool Document::setReplicas(int replicas) {
    return edit(tr("Set replicas to %1").arg(replicas),
                [&](Scenario& s) { s.replicas = replicas; });
}

bool Document::setZoneAware(bool on) {
    return edit(on ? tr("Zone-aware replicas") : tr("Zone-blind replicas"),
                [&](Scenario& s) { s.zoneAware = on; });
}

// ---------------------------------------------------------------------------------------------
// Dragging a token

std::optional<size_t> Document::draggedToken() const {
    return m_drag ? std::optional<size_t>(m_drag->token) : std::nullopt;
}

bool Document::beginTokenDrag(size_t token) {
    if (!isRing() || isBusy() || m_drag || token >= m_live.ring().size()) {
        return false;
    }
    if (!m_pinned && m_base != m_cur) {
        m_base = m_cur;  // the baseline is the state before this drag
        refreshBaseline();
        emit baselineChanged();
    }
    m_drag = Drag{token, m_liveOrigins[token], m_live.ring().position(token)};
    m_lastRanges.clear();
    return true;
}

void Document::dragTokenTo(uint64_t position) {
    if (!m_drag) {
        return;
    }
    const Ring& ring = m_live.ring();
    const size_t token = m_drag->token;
    if (ring.position(token) == position || (ring.space() != 0 && position >= ring.space())) {
        return;
    }
    // A position holds one token: the drag waits until it is past an occupied one.
    const size_t at = ring.lowerBound(position);
    if (at < ring.size() && ring.position(at) == position) {
        return;
    }
    size_t now = token;
    m_lastRanges = m_live.moveToken(token, position, &now);
    if (now != token) {  // it crossed a neighbour: erased and re-inserted
        const TokenOrigin origin = m_liveOrigins[token];
        m_liveOrigins.erase(m_liveOrigins.begin() + static_cast<std::ptrdiff_t>(token));
        m_liveOrigins.insert(m_liveOrigins.begin() + static_cast<std::ptrdiff_t>(now), origin);
    }
    m_drag->token = now;
    refreshLiveReplicas(now != token);
    refreshWalk();
    emit liveAssignmentChanged();
}

void Document::refreshLiveReplicas(bool crossed) {
    const size_t r = m_cur->assignment.replicas;
    if (r <= 1) {
        return;
    }
    // A token's replica set depends only on the order of the tokens. A move between neighbours
    // changes the owning token of the swept keys only; a move past a neighbour reorders tokens,
    // so every key is checked (up to kLiveReplicaKeys; past that, release recomputes them).
    constexpr size_t kLiveReplicaKeys = 250'000;
    const Ring& ring = m_live.ring();
    const auto zones = placement().zoneOf();
    const auto positions = m_live.sortedPositions();
    const auto order = m_live.sortedKeys();
    if (crossed && positions.size() > kLiveReplicaKeys) {
        return;
    }
    std::vector<uint32_t> table(crossed ? ring.size() * r : r);
    for (size_t t = 0; crossed && t < ring.size(); ++t) {
        ring.replicasFrom(t, {table.data() + t * r, r}, zones);
    }
    const auto update = [&](size_t rank) {
        const size_t key = order[rank];
        const size_t token = ring.successor(positions[rank]);
        const uint32_t* now = table.data();
        if (crossed) {
            now += token * r;
        } else {
            ring.replicasFrom(token, {table.data(), r}, zones);
        }
        bool flag = false;
        if (now[0] == m_basePrimary[key]) {  // a primary move is counted as such, not here
            const auto then = m_base->assignment.ownersOf(key);
            bool same = then.size() == r;
            for (size_t i = 0; same && i < then.size(); ++i) {
                same = std::find(now, now + r, m_baseMap[then[i]]) != now + r;
            }
            flag = !same;
        }
        m_replicaOnlyCount += flag ? 1 : 0;
        m_replicaOnlyCount -= m_replicaOnly[key] ? 1 : 0;
        m_replicaOnly[key] = flag ? 1 : 0;
    };
    if (crossed) {
        for (size_t rank = 0; rank < positions.size(); ++rank) {
            update(rank);
        }
        return;
    }
    for (const KeyRange& range : m_lastRanges) {
        for (size_t rank = range.first; rank < range.last; ++rank) {
            update(rank);
        }
    }
}

bool Document::endTokenDrag() {
    if (!m_drag) {
        return false;
    }
    const Drag drag = *std::exchange(m_drag, std::nullopt);
    const uint64_t position = m_live.ring().position(drag.token);
    if (position == drag.start) {
        emit liveAssignmentChanged();
        return false;
    }
    std::vector<std::pair<uint32_t, uint64_t>> tokens;
    for (size_t t = 0; t < m_liveOrigins.size(); ++t) {
        if (m_liveOrigins[t].node == drag.origin.node) {
            tokens.emplace_back(m_liveOrigins[t].index, m_live.ring().position(t));
        }
    }
    std::sort(tokens.begin(), tokens.end());
    std::vector<uint64_t> positions;
    for (const auto& t : tokens) {
        positions.push_back(t.second);
    }
    Scenario next = scenario();
    edits::setNodeTokens(next, drag.origin.node, std::move(positions));
    const QString text =
        tr("Move token of %1 to %2").arg(qs(next.nodes[drag.origin.node].id)).arg(position);
    if (!pushScenario(next, text)) {
        install(m_cur, Install::Edit);  // rebuild the live ring from the committed state
        return false;
    }
    return true;
}

void Document::cancelTokenDrag() {
    if (!m_drag) {
        return;
    }
    const Drag drag = *m_drag;
    dragTokenTo(drag.start);
    m_drag.reset();
    emit liveAssignmentChanged();
}

// ---------------------------------------------------------------------------------------------
// Files

void Document::setPath(const QString& path) {
    if (path != m_path) {
        m_path = path;
        emit filePathChanged(path);
    }
}

QString Document::fileFolder() const {
    return m_path.isEmpty() || m_path.startsWith(u':') ? QString()
                                                       : QFileInfo(m_path).absolutePath();
}

void Document::newDocument() {
    replaceScenario(defaultScenario(), QString(), false);
}

bool Document::replaceScenario(const Scenario& scenario, const QString& path, bool modified) {
    request(scenario, Install::Replace, [this, path, modified] {
        m_undo.clear();
        setPath(path);
        if (modified) {
            m_undo.resetClean();
        }
        emit modifiedChanged(isModified());
    });
    // Either it is installed already, or it is being computed in the background.
    return isBusy() || m_cur->scenario == scenario;
}

bool Document::openFile(const QString& path) {
    try {
        return replaceScenario(loadScenarioFile(path), path, false);
    } catch (const std::exception& e) {
        reject(e);
        return false;
    }
}

bool Document::saveFile(const QString& path) {
    waitForIdle();
    try {
        saveScenarioFile(scenario(), path);
    } catch (const std::exception& e) {
        reject(e);
        return false;
    }
    m_undo.setClean();
    setPath(path);
    return true;
}

}  // namespace ringscope
