#include "document.h"

#include <QFileInfo>
#include <QThreadPool>

#include <algorithm>
#include <cmath>

#include "commands.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/diff.h"
#include "ringscope/error.h"
#include "ringscope/removedbuckets.h"
#include "ringscope/work.h"
#include "scenarioedits.h"
#include "scenariojson.h"

namespace ringscope {

Document::Document(QObject* parent) : QObject(parent) {
    connect(&m_runner, &ComputeRunner::finished, this, &Document::installPending);
    connect(&m_runner, &ComputeRunner::failed, this, &Document::pendingFailed);
    connect(&m_runner, &ComputeRunner::busyChanged, this, &Document::busyChanged);
    connect(&m_runner, &ComputeRunner::progressChanged, this, &Document::progressChanged);
    install({compute(defaultScenario(), nullptr), nullptr}, Install::Replace);
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

Document::~Document() {
    // Going away with a computation running (the window closed while ten million keys load):
    // nobody is left to tell, and the window that would hear it is half gone; nor is anyone
    // left to wait for it.
    const QSignalBlocker quiet(this);
    m_runner.abandon();
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
        return liveRing().ring().empty() ? kNoOwner : liveRing().ownerOf(key);
    }
    return m_cur->assignment.primary(key);
}

std::vector<uint64_t> Document::keyCountsPerNode() const {
    return primaryCounts(*m_cur, liveRing());
}

RingSnapshot Document::ringSnapshot() const {
    RingSnapshot s = ringscope::ringSnapshot(*m_cur, m_drag, m_baseline);
    s.selectedKey = m_selected;
    s.selectedNode = m_selectedNode;
    s.walk = &m_walk;
    s.withholdCounts = m_questionOpen;
    if (const ClientComparison* c = clientComparison()) {
        s.clientB = c->b.get();
        s.disagreeing = c->disagreeing;
    }
    return s;
}

void Document::setClientView(std::optional<ClientView> view) {
    if (view == m_clientView) {
        return;
    }
    m_clientView = std::move(view);
    if (!m_clientView) {
        m_moreClients.clear();
    }
    emit clientViewChanged();
    if (!m_clientView && m_clientComparison) {
        setClientComparison(nullptr);
    }
}

void Document::setMoreClients(std::vector<ClientView> clients) {
    if (!m_clientView) {
        clients.clear();
    }
    if (clients == m_moreClients) {
        return;
    }
    m_moreClients = std::move(clients);
    emit clientViewChanged();
}

const ClientComparison* Document::clientComparison() const {
    return m_clientView && m_clientComparison && m_clientComparison->a == m_cur
               ? m_clientComparison.get()
               : nullptr;
}

void Document::setClientComparison(std::shared_ptr<const ClientComparison> comparison) {
    if (comparison == m_clientComparison) {
        return;  // the same answer again (no second client after each edit): nothing to redraw
    }
    m_clientComparison = std::move(comparison);
    emit clientComparisonChanged();
}

QString Document::ownersText(size_t key) const {
    return qs(ownerList(placement(), m_cur->assignment.ownersOf(key)));
}

QString Document::baselineOwnersText(size_t key) const {
    return qs(ownerList(baselinePlacement(), baselineAssignment().ownersOf(key)));
}

MoveSummary Document::moveSummary() const {
    return m_baseline.summary();
}

std::vector<uint32_t> Document::changedKeys() const {
    const ChangeTracker& changes = m_baseline.changes();
    std::vector<uint32_t> out;
    out.reserve(changes.primaryMoved() + changes.replicaOnly());
    changes.forEachChanged([&](size_t k, KeyChange) { out.push_back(static_cast<uint32_t>(k)); });
    return out;
}

// ---------------------------------------------------------------------------------------------
// Baseline and selection

void Document::pinBaseline() {
    m_baseline.pin(m_cur);
    emit baselineChanged();
}

void Document::pinBaselineScenario(const Scenario& baseline) {
    m_baseline.pinScenario(baseline, m_cur, m_read.limits);
    emit baselineChanged();
}

void Document::unpinBaseline() {
    m_baseline.unpin();
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
    if (m_selected && drawsRing()) {
        m_walk = replicaWalk(liveRing().ring(), *m_selected, hashedKeys().positionOf(*m_selected),
                             placement().replicas(), placement().zoneOf(), placement().down());
    }
}

// ---------------------------------------------------------------------------------------------
// Computing and installing scenarios

namespace {
// Lets go of computations on a pool thread, where nothing else holds them: at ten million keys
// freeing one (its owners and keys) takes milliseconds the window would otherwise wait for.
void releaseInBackground(std::vector<ComputedPtr> done) {
    std::ranges::sort(done);
    done.erase(std::unique(done.begin(), done.end()), done.end());  // one held twice is one
    std::erase_if(done, [](const ComputedPtr& c) { return !c || c.use_count() > 1; });
    if (!done.empty()) {
        QThreadPool::globalInstance()->start([done = std::move(done)]() mutable { done.clear(); });
    }
}
}  // namespace

void Document::install(ComputedStep step, Install kind) {
    ComputedPtr previous = std::exchange(m_cur, std::move(step.current));
    m_drag.reset(*m_cur, previous.get());
    // Another document's key k is another key: its replica walk is not carried over.
    if (m_selected && (*m_selected >= keys().size() || kind == Install::Replace)) {
        m_selected.reset();
        emit selectedKeyChanged();
    }
    ComputedPtr oldBaseline = m_baseline.baseline();
    m_baseline.arrive(step.from, m_cur, kind);
    refreshWalk();
    if (kind == Install::Replace) {
        m_selectedNodeId.clear();  // another document: nothing of it is selected yet
    }
    const bool nodeMoved = followSelectedNode(
        previous ? std::optional<size_t>(previous->scenario.nodes.size()) : std::nullopt);
    emit scenarioChanged();  // and with it the baseline (see document.h)
    if (kind == Install::Replace) {
        emit replaced();
    }
    if (nodeMoved) {
        emit selectedNodeChanged();
    }
    releaseInBackground({std::move(previous), std::move(oldBaseline), std::move(step.from)});
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

void Document::setQuestionOpen(bool open) {
    if (open != m_questionOpen) {
        m_questionOpen = open;
        emit questionOpenChanged(open);
    }
}

void Document::applyScenario(const Scenario& scenario, const Scenario* from) {
    if (from && !m_baseline.measures(*from, scenario)) {
        from = nullptr;  // pinned, or other keys: nothing to work out for it
    }
    if (isShown(scenario, from)) {
        m_precomputed.reset();
        m_runner.cancel();  // back to what is shown: nothing to compute
        return;
    }
    request(scenario, from, Install::Step, {});
}

// True if `scenario`, measured from `from`, is what the document shows already.
bool Document::isShown(const Scenario& scenario, const Scenario* from) const {
    if (scenario != m_cur->scenario) {
        return false;
    }
    if (m_baseline.isPinned()) {
        return true;
    }
    return from ? *from == baselineScenario() : m_baseline.baseline() == m_cur;
}

void Document::request(const Scenario& scenario, const Scenario* from, Install kind,
                       std::function<void()> onInstalled, WaiverQuestion ask,
                       const ReadOptions* read, std::function<void()> onFailed) {
    m_pending = {kind,
                 scenario,
                 std::move(onInstalled),
                 std::move(ask),
                 read ? *read : m_read,
                 ++m_requests,
                 std::move(onFailed)};
    // What is at hand: the edit just validated, the state shown and what it is measured against.
    std::vector<ComputedPtr> known{std::exchange(m_precomputed, nullptr), m_cur,
                                   m_baseline.baseline()};
    ComputedStep done;
    try {
        done = m_runner.run(scenario, from, std::move(known), m_pending.read.limits);
    } catch (const std::exception& e) {
        const Failure failure = Failure::of(e);
        if (!askAgain(failure)) {
            failPending(failure);
        }
        return;
    }
    if (done.current) {
        installPending(std::move(done));
    } else if (kind == Install::Replace && isBusy()) {
        emit loading(shownText(scenario.title));
    }
}

void Document::installPending(ComputedStep step) {
    m_read = m_pending.read;  // a replaced document's limits hold from when it is shown
    m_pending.onFailed = nullptr;
    install(std::move(step), m_pending.kind);
    if (auto done = std::exchange(m_pending.onInstalled, nullptr)) {
        done();
    }
}

// An open's key file is counted as the computation reads it, not before: what it refuses that
// the user may lift (its keys past the limit) is asked about then, and on yes the same scenario
// is computed again with the limit lifted. True when that is done, or when something else was
// asked for while the question was open (this failure is then of no account); false when there
// is nothing to ask or the answer is no.
bool Document::askAgain(const Failure& failure) {
    if (!failure.waivable || !m_pending.ask) {
        return false;
    }
    Pending asked = m_pending;  // the question runs events, which may ask for something else
    const bool yes = asked.ask(*failure.waivable);
    if (m_pending.serial != asked.serial) {
        return true;
    }
    if (!yes) {
        return false;
    }
    asked.read.waive(*failure.waivable->waiver());
    request(asked.scenario, nullptr, asked.kind, std::move(asked.onInstalled), std::move(asked.ask),
            &asked.read, std::move(asked.onFailed));
    return true;
}

void Document::failPending(const Failure& failure) {
    m_pending.onInstalled = nullptr;
    const std::function<void()> failed = std::exchange(m_pending.onFailed, nullptr);
    if (!failure.isEmpty()) {
        reject(failure);
    }
    if (failed) {
        failed();
    }
}

void Document::pendingFailed(const Failure& failure) {
    if (askAgain(failure)) {
        return;
    }
    failPending(failure);
    if (m_pending.kind == Install::Step) {
        revertFailedEdit(m_pending.scenario);
    }
}

void Document::cancelComputation() {
    if (!isBusy()) {
        return;
    }
    m_runner.cancel();
    m_pending.onInstalled = nullptr;
    m_pending.onFailed = nullptr;
    if (m_pending.kind == Install::Step) {
        revertFailedEdit(m_pending.scenario);
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

std::optional<QString> Document::loadingTitle() const {
    if (isBusy() && m_pending.kind == Install::Replace) {
        return shownText(m_pending.scenario.title);
    }
    return std::nullopt;
}

void Document::waitForIdle() {
    while (isBusy()) {
        m_runner.wait();  // a refusal lifted when it finishes computes again
    }
}

void Document::reject(const std::exception& error) {
    reject(Failure::of(error));
}

void Document::reject(const Failure& failure) {
    m_lastRejection = failure;
    emit inputRejected(failure.text);
}

// ---------------------------------------------------------------------------------------------
// Edits

namespace {

// A node's colour comes from its id, probing past colours nodes before it took (ringcolors.h):
// removing or renaming one node could hand another node a colour of its own. So every node of
// `after` that was in `before` (by id, or renamed in place: the same count, the same index) keeps
// the colour it had, written down where the ids alone would now give another.
void keepNodeColors(const Scenario& before, Scenario& after) {
    const std::vector<QColor> was = nodeColors(before.nodes);
    const std::vector<QColor> now = nodeColors(after.nodes);
    // A node added into a bucket removed in place (removedbuckets.h) is a new node, not a rename.
    const auto order = algorithmOf(before).removedInPlace(before);
    const std::vector<uint8_t> refilled =
        removed::mask(RemovedOrder(order.begin(), order.end()), before.nodes.size());
    for (size_t n = 0; n < after.nodes.size(); ++n) {
        NodeSpec& node = after.nodes[n];
        std::optional<size_t> old;
        for (size_t m = 0; m < before.nodes.size() && !old; ++m) {
            if (before.nodes[m].id == node.id) {
                old = m;
            }
        }
        if (!old && before.nodes.size() == after.nodes.size() && !refilled[n]) {
            old = n;  // renamed in place
        }
        // A colour the edit itself set or took away (Colour…, back to the palette's) stays so.
        if (old && !node.color && !before.nodes[*old].color && now[n] != was[*old]) {
            node.color = was[*old].rgb() & 0xFFFFFFu;
        }
    }
}

}  // namespace

bool Document::pushScenario(const Scenario& edited, const QString& text) {
    if (isBusy()) {
        reject(Failure::message(tr("Still computing the last change; wait for it or cancel it.")));
        return false;
    }
    Scenario next = edited;
    keepNodeColors(scenario(), next);
    if (next == scenario()) {
        return true;
    }
    try {
        if (ComputeRunner::isCheap(next, m_cur.get())) {
            m_precomputed = compute(next, m_cur, {}, m_read.limits);
        } else {
            // Validate and check the cost now; the work itself runs in the background.
            checkWork(next, m_read.limits);
            Placement::build(next, m_read.limits);
        }
    } catch (const std::exception& e) {
        m_precomputed.reset();
        reject(e);
        return false;
    }
    m_undo.push(new ScenarioCommand(
        [this](const Scenario& s, const Scenario* from) { applyScenario(s, from); }, &m_undo,
        scenario(), next, text));
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
    if (!edit(tr("Add node %1").arg(qs(spec.id)), [&](Scenario& s) { edits::addNode(s, spec); })) {
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
    const QString id = qs(scenario().nodes[node].id);
    // Replicas shrink to the nodes left (edits::removeNode): the step's name says so.
    const int64_t replicas = scenario().replicas;
    Scenario next = scenario();
    try {
        edits::removeNode(next, node);
    } catch (const std::exception& e) {
        reject(e);
        return false;
    }
    const int64_t left = next.replicas;
    const QString text =
        left < replicas ? tr("Remove node %1 (replicas %2 → %3)").arg(id).arg(replicas).arg(left)
                        : tr("Remove node %1").arg(id);
    if (!pushScenario(std::move(next), text)) {
        return false;
    }
    if (left < replicas) {
        emit notice(tr("Removed %1: %2 nodes are left, so the replicas went down from %3 to %2.")
                        .arg(id)
                        .arg(left)
                        .arg(replicas));
    }
    return true;
}

bool Document::renameNode(size_t node, const QString& id) {
    return edit(tr("Rename node to %1").arg(id),
                [&](Scenario& s) { s.nodes.at(node).id = id.trimmed().toStdString(); });
}

bool Document::setNodeWeight(size_t node, double weight) {
    if (node < scenario().nodes.size() && !(weight > 0 && std::isfinite(weight))) {
        // In the user's words: what a weight of 0 would mean, and what to do instead.
        reject(Failure::message(
            tr("The node's weight must be more than 0: a weight is the node's share of the "
               "keys, and %1 would hold none with 0. To take %1 out of service, remove it or "
               "mark it down.")
                .arg(qs(scenario().nodes[node].id))));
        return false;
    }
    const NodeSpec& spec = scenario().nodes.at(node);
    const QString id = qs(spec.id);
    // On a ring whose tokens are written out, a weight places nothing: say so, or the edit
    // seems to have done nothing.
    const bool placesNothing = scenario().algorithm == Algorithm::Ring && !spec.tokens.empty();
    if (!edit(tr("Set weight of %1").arg(id),
              [&](Scenario& s) { s.nodes.at(node).weight = weight; })) {
        return false;
    }
    if (placesNothing) {
        emit notice(tr("%1's tokens are written out, so its weight places no token and no key "
                       "moves: the weight sets only %1's fair share. To give it more keys, add "
                       "vnodes or drag its tokens.")
                        .arg(id));
    }
    return true;
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

bool Document::setNodeDown(size_t node, bool down) {
    const QString id = qs(scenario().nodes.at(node).id);
    return edit(down ? tr("Mark %1 down").arg(id) : tr("Bring %1 up").arg(id),
                [&](Scenario& s) { s.nodes.at(node).down = down; });
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
        edits::setNodeTokensText(s, node, text.trimmed().toStdString());
    });
}

bool Document::addToken(size_t node, uint64_t position) {
    return edit(tr("Add token of %1 at %2").arg(qs(scenario().nodes.at(node).id)).arg(position),
                [&](Scenario& s) { edits::addToken(s, placement(), node, position); });
}

bool Document::removeToken(size_t token) {
    if (token >= liveRing().ring().size()) {
        return false;
    }
    const TokenOrigin origin = liveRing().ring().origin(token);
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

bool Document::beginTokenDrag(size_t token) {
    if (!isRing() || isBusy() || !m_drag.begin(token)) {
        return false;
    }
    if (m_baseline.startFrom(m_cur)) {  // the baseline is the state before this drag
        emit baselineChanged();
    }
    return true;
}

void Document::dragTokenTo(uint64_t position) {
    if (m_drag.moveTo(position, placement(), m_baseline.tracker())) {
        refreshWalk();
        emit liveAssignmentChanged();
    }
}

bool Document::endTokenDrag() {
    if (!isDragging()) {
        return false;
    }
    const auto release = m_drag.end();
    if (!release) {
        dragChangedNothing();
        emit liveAssignmentChanged();
        return false;
    }
    Scenario next = scenario();
    edits::setNodeTokens(next, release->node, release->positions);
    const QString text =
        tr("Move token of %1 to %2").arg(qs(next.nodes[release->node].id)).arg(release->position);
    if (!pushScenario(next, text)) {
        m_drag.reset(*m_cur);  // rebuild the live ring from the committed state
        refreshWalk();
        dragChangedNothing();
        emit scenarioChanged();
        return false;
    }
    return true;
}

void Document::cancelTokenDrag() {
    if (!isDragging()) {
        return;
    }
    m_drag.cancel(placement(), m_baseline.tracker());
    refreshWalk();
    dragChangedNothing();
    emit liveAssignmentChanged();
}

// The state shown is again the one the last step produced: so is the highlight.
void Document::dragChangedNothing() {
    if (m_baseline.resume(m_cur)) {
        emit baselineChanged();
    }
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
    newDocument(defaultScenario());
}

void Document::newDocument(const Scenario& scenario) {
    replaceScenario(scenario, QString(), false);
}

bool Document::replaceScenario(const Scenario& scenario, const QString& path, bool modified,
                               const ReadOptions& options, std::function<void()> shown,
                               std::function<void()> failed) {
    request(scenario, nullptr, Install::Replace, installedFrom(path, modified, std::move(shown)),
            {}, &options, std::move(failed));
    // Either it is installed already, or it is being computed in the background.
    return isBusy() || m_cur->scenario == scenario;
}

std::function<void()> Document::installedFrom(const QString& path, bool modified,
                                              std::function<void()> then) {
    return [this, path, modified, then = std::move(then)] {
        m_undo.clear();
        setPath(path);
        if (modified) {
            m_undo.resetClean();
        }
        emit modifiedChanged(isModified());
        if (then) {
            then();
        }
    };
}

bool Document::showScenario(const Scenario& scenario, const std::optional<Scenario>& baseline,
                            const Limits& limits) {
    if (baseline && !sameKeySet(*baseline, scenario)) {
        reject(Failure::message(tr("The baseline's key set differs from the scenario's.")));
        return false;
    }
    ReadOptions read;  // as a preset replaces the document: its own limits, no waivers
    read.limits = limits;
    request(
        scenario, nullptr, Install::Replace,
        [this, baseline] {
            m_undo.clear();
            setPath(QString());
            emit modifiedChanged(isModified());
            if (baseline) {
                try {
                    m_baseline.compareWith(*baseline, m_cur, m_read.limits);
                } catch (const std::exception& e) {
                    reject(e);  // shown without its baseline: nothing is highlighted as moved
                }
                emit baselineChanged();
            }
        },
        {}, &read);
    return isBusy() || m_cur->scenario == scenario;
}

bool Document::openFile(const QString& path, const WaiverQuestion& ask,
                        std::function<void()> opened) {
    try {
        ReadOptions options;  // each file starts from the defaults
        // Its key file is read once, by the computation, which asks `ask` about what it refuses.
        const Scenario scenario = loadScenarioFileAsking(path, options, ask, false);
        request(scenario, nullptr, Install::Replace, installedFrom(path, false, std::move(opened)),
                ask, &options);
        return isBusy() || m_cur->scenario == scenario;
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
