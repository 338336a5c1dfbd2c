#pragma once
// The one shared state object (hotspot's FilterAndZoomStack pattern): the scenario, its computed
// assignment, the baseline that "moved" is measured against, the selected key and the undo stack.
// Views subscribe to its signals and never to each other; every edit is an undo command.
// It is a hub over focused parts: a ComputeRunner (sync/async/cancel), a BaselineTracker (what
// moved) and a TokenDragSession (the live ring); edits themselves are scenarioedits functions.

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "baseline.h"
#include "clients.h"
#include "computed.h"
#include "computerunner.h"
#include "failure.h"
#include "ringscope/assign.h"
#include "ringsnapshot.h"
#include "scenariojson.h"
#include "tokendrag.h"

namespace ringscope {

inline constexpr uint32_t kNoOwner = ~uint32_t{0};

// How often a view that follows liveAssignmentChanged redraws during a drag: every frame for
// pictures, a few times a second for tables and lists (their text cannot be read faster).
inline constexpr int kLiveFrameMs = 16;
inline constexpr int kLiveTableMs = 60;
inline constexpr int kLiveListMs = 120;

class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    // Seed 000's ring: space 0-99, A@20, B@60, C@90, keys 0..99 with the identity key hash.
    static Scenario defaultScenario();

    // ---- The computed state (always consistent; replaced as a whole on scenarioChanged) ----
    const Scenario& scenario() const { return m_cur->scenario; }
    const Placement& placement() const { return m_cur->placement; }
    const KeySet& keys() const { return *m_cur->keys; }
    const HashedKeys& hashedKeys() const { return *m_cur->hashed; }
    const Assignment& assignment() const { return m_cur->assignment; }  // committed, K x R
    ComputedPtr computed() const { return m_cur; }
    // A ring whose owners follow its tokens (not with bounded loads, no node down): drag, live
    // arcs.
    bool isRing() const { return placement().ownsByPosition(); }
    // A ring drawn from its tokens: isRing(), or a ring with down nodes (tokens to click and
    // walks to show, but no drag).
    bool drawsRing() const { return placement().drawsRingArcs(); }
    // The ring as it is right now (moves live while a token is dragged), with each key's primary.
    // Each live token carries its origin: liveRing().ring().origin(t).
    const LiveRing& liveRing() const { return m_drag.live(); }
    // The primary of key k right now (live during a drag); kNoOwner if none.
    uint32_t primaryOf(size_t key) const;
    // Keys per node right now. O(K).
    std::vector<uint64_t> keyCountsPerNode() const;
    // What the ring picture is drawn from, now (valid until the next change).
    RingSnapshot ringSnapshot() const;
    // "B" or "B,C" — key k's owners (committed), and its owners in the baseline.
    QString ownersText(size_t key) const;
    QString baselineOwnersText(size_t key) const;

    // ---- Baseline: unless pinned, where the step that produced the current state started (the
    // undo stack's entry below it; a drag measures against its start while it runs) ----
    const Scenario& baselineScenario() const { return m_baseline.baseline()->scenario; }
    const Placement& baselinePlacement() const { return m_baseline.baseline()->placement; }
    const Assignment& baselineAssignment() const { return m_baseline.baseline()->assignment; }
    const ComputedPtr& baselineComputed() const { return m_baseline.baseline(); }
    bool isBaselinePinned() const { return m_baseline.isPinned(); }
    KeyChange keyChange(size_t key) const { return m_baseline.change(key); }
    // What a change of down nodes did to the key against the baseline (failover.h).
    Failover keyFailover(size_t key) const {
        return m_baseline.failover(key, m_cur->assignment.ownersOf(key));
    }
    const ChangeTracker& keyChanges() const { return m_baseline.changes(); }
    MoveSummary moveSummary() const;
    // Keys whose owners differ from the baseline (primary or replicas), in key order. O(K).
    std::vector<uint32_t> changedKeys() const;
    void pinBaseline();
    // Pins a given scenario as the baseline (e.g. a file); throws InputError.
    void pinBaselineScenario(const Scenario& baseline);
    void unpinBaseline();

    // ---- Client B (clients.h): a second client over the same keys, and where the two disagree.
    // The clients view works the comparison out and hands it back here for the ring to draw.
    const std::optional<ClientView>& clientView() const { return m_clientView; }
    void setClientView(std::optional<ClientView> view);
    // Clients C, D, …: more clients over the same keys, which the clients view compares with A,
    // B and one another (the ring draws B alone). None without a client B: clearing B clears them.
    const std::vector<ClientView>& moreClients() const { return m_moreClients; }
    void setMoreClients(std::vector<ClientView> clients);
    // The comparison of the current scenario with client B; null while there is none (no client
    // B, or not yet worked out for this scenario).
    const ClientComparison* clientComparison() const;
    void setClientComparison(std::shared_ptr<const ClientComparison> comparison);

    // ---- Selection ----
    std::optional<size_t> selectedKey() const { return m_selected; }
    void setSelectedKey(std::optional<size_t> key);
    // The selected key's replica walk on the live ring (empty without a ring or a selection).
    const ReplicaWalk& selectedWalk() const { return m_walk; }
    // The node the node actions work on: picked in the node table or by a token on the ring.
    // It follows its node through edits (by id; a rename keeps it) and clears when the node goes.
    std::optional<size_t> selectedNode() const { return m_selectedNode; }
    void setSelectedNode(std::optional<size_t> node);

    // ---- Predict, then reveal: while a question waits for its guess, the views keep back what
    // would give its answer away — what-ifs and their counts, keys per node, scores — and say so.
    bool isQuestionOpen() const { return m_questionOpen; }
    void setQuestionOpen(bool open);

    // ---- Edits: one undo step each; bad input emits inputRejected, changes nothing ----
    bool edit(const QString& text, const std::function<void(Scenario&)>& change);
    bool addNode(std::optional<NodeSpec> node = std::nullopt);
    bool removeNode(size_t node);
    bool renameNode(size_t node, const QString& id);
    bool setNodeWeight(size_t node, double weight);
    bool setNodeZone(size_t node, const QString& zone);
    bool setNodeVnodes(size_t node, int64_t vnodes);
    // A colour for the node (0xRRGGBB), or back to the palette's with nullopt.
    bool setNodeColor(size_t node, std::optional<uint32_t> rgb);
    // Marks the node down (it keeps its tokens and serves nothing) or brings it back up.
    bool setNodeDown(size_t node, bool down);
    bool addVnode(size_t node);
    bool removeVnode(size_t node);
    // "20, 45" (explicit positions) or "128 vnodes" (a bare number keeps a vnode node's kind).
    bool setNodeTokensText(size_t node, const QString& text);
    bool addToken(size_t node, uint64_t position);
    bool removeToken(size_t token);
    bool setReplicas(int replicas);
    bool setZoneAware(bool on);

    // ---- Token drag: begin records, moves update the live ring, end commits one step ----
    bool beginTokenDrag(size_t token);
    void dragTokenTo(uint64_t position);
    bool endTokenDrag();
    void cancelTokenDrag();
    bool isDragging() const { return m_drag.isDragging(); }
    std::optional<size_t> draggedToken() const { return m_drag.token(); }
    // Key ranges (position order) whose primary was recomputed by the last live change.
    std::span<const KeyRange> lastLiveRanges() const { return m_drag.lastRanges(); }

    // ---- Files ----
    QUndoStack* undoStack() { return &m_undo; }
    QString filePath() const { return m_path; }
    // The folder of the file (where relative key files live); empty when untitled or built in.
    QString fileFolder() const;
    bool isModified() const { return !m_undo.isClean(); }
    bool isBusy() const { return m_runner.isBusy(); }
    // While a scenario that replaces the document is worked out in the background (a big file
    // or preset): its title. The document still holds the one before until it arrives.
    std::optional<QString> loadingTitle() const;
    // An untitled document: the default scenario, or the one given (File → New builds it).
    void newDocument();
    void newDocument(const Scenario& scenario);
    // Replaces the document (open, preset, recovery). Large scenarios compute in the background;
    // on failure the current document stays and inputRejected says why.
    // `options` are the limits (and folder rule) the scenario was read with; its computations
    // keep to the same. `shown` runs once the scenario is shown (at once, or when its
    // computation in the background is installed), `failed` once its failure is reported
    // (neither when it is cancelled or something else is asked for first).
    bool replaceScenario(const Scenario& scenario, const QString& path, bool modified,
                         const ReadOptions& options = ReadOptions(),
                         std::function<void()> shown = {}, std::function<void()> failed = {});
    // Opens a scenario file; `ask` is asked when it goes past a limit or names a key file outside
    // its folder (see Waiver), and true lifts that refusal for this document.
    // `opened` runs once the file is shown (after the questions, a computation in the background).
    bool openFile(const QString& path, const WaiverQuestion& ask = {},
                  std::function<void()> opened = {});
    // The limits this document's computations keep to (defaults, or raised when opened).
    const Limits& limits() const { return m_read.limits; }
    const ReadOptions& readOptions() const { return m_read; }
    // Shows a scenario that something else owns (a lesson step): it replaces the document like a
    // preset — untitled, unmodified, with an empty undo history, so Undo never walks back into
    // an earlier step — and measures "moved" against `baseline` when given (unpinned: the
    // learner's next edit measures against the step again). Its computations keep to `limits`
    // (the lesson's). Bad input changes nothing and emits inputRejected.
    bool showScenario(const Scenario& scenario, const std::optional<Scenario>& baseline,
                      const Limits& limits = Limits());
    bool saveFile(const QString& path);
    void cancelComputation();
    // Reports bad input found outside the document (e.g. an unparsable table cell).
    void rejectInput(const QString& message) { reject(Failure::message(message)); }
    // The last refusal or failure reported by inputRejected, as data: its text and the file it
    // names (a panel tells its own file's problem by the file, not by reading the text).
    const Failure& lastRejection() const { return m_lastRejection; }
    // Blocks until a background computation is done (tests, the command-line renderer).
    void waitForIdle();

    // For undo commands: makes `scenario` the current one (computing it if needed), produced by
    // a step that started from `from` (null when none did).
    void applyScenario(const Scenario& scenario, const Scenario* from);

signals:
    // A new scenario is computed and installed, and the baseline it is measured against has
    // arrived with it: a view of the moved keys refreshes once, here, not again for
    // baselineChanged (which is not emitted as well).
    void scenarioChanged();
    // ... and it replaced the document (opened, a preset, New, a lesson step): after
    // scenarioChanged.
    void replaced();
    void liveAssignmentChanged();  // the live ring and primaries changed during a drag
    // The baseline alone changed (pinned, unpinned, a drag's start and end); a new scenario
    // brings its baseline with scenarioChanged.
    void baselineChanged();
    void selectedKeyChanged();
    void selectedNodeChanged();
    void questionOpenChanged(bool open);
    void busyChanged(bool busy);
    // A replacement started computing in the background (loadingTitle); busyChanged(false)
    // ends it, installed or not.
    void loading(const QString& title);
    void progressChanged(int percent);
    void inputRejected(const QString& message);  // lastRejection().text
    // An edit did more than its name: removing a node lowered the replicas, say.
    void notice(const QString& message);
    void filePathChanged(const QString& path);
    void clientViewChanged();
    void clientComparisonChanged();
    void modifiedChanged(bool modified);

private:
    using Install = BaselineTracker::Arrival;
    // The computation asked for, until it is installed or fails.
    struct Pending {
        Install kind = Install::Step;
        Scenario scenario;
        std::function<void()> onInstalled;
        WaiverQuestion ask;  // an open's question, for what its computation refuses
        ReadOptions read;    // the limits it computes within, the document's once installed
        uint64_t serial = 0;
        std::function<void()> onFailed;  // after the failure is reported (not on a cancel)
    };

    // `read`: the options a replacing document was read with (else the document's own).
    void request(const Scenario& scenario, const Scenario* from, Install kind,
                 std::function<void()> onInstalled, WaiverQuestion ask = {},
                 const ReadOptions* read = nullptr, std::function<void()> onFailed = {});
    // The pending request's failure reported: its callbacks dropped, then its onFailed run.
    void failPending(const Failure& failure);
    bool askAgain(const Failure& failure);
    // What a replaced document does once installed: the file it came from, modified or not;
    // then `then`, if given.
    std::function<void()> installedFrom(const QString& path, bool modified,
                                        std::function<void()> then = {});
    void install(ComputedStep step, Install kind);
    void installPending(ComputedStep step);
    bool isShown(const Scenario& scenario, const Scenario* from) const;
    void dragChangedNothing();
    void pendingFailed(const Failure& failure);
    void refreshWalk();
    bool followSelectedNode(std::optional<size_t> previousNodeCount);
    bool pushScenario(const Scenario& next, const QString& text);
    void reject(const std::exception& error);
    void reject(const Failure& failure);  // keeps it as lastRejection, emits inputRejected
    void revertFailedEdit(const Scenario& failed);
    void setPath(const QString& path);

    ComputedPtr m_cur;
    std::optional<ClientView> m_clientView;
    std::vector<ClientView> m_moreClients;
    std::shared_ptr<const ClientComparison> m_clientComparison;
    ComputedPtr m_precomputed;  // validated by edit() just before its command runs
    BaselineTracker m_baseline;
    TokenDragSession m_drag;
    ComputeRunner m_runner;
    Pending m_pending;
    uint64_t m_requests = 0;
    Failure m_lastRejection;
    std::optional<size_t> m_selected;
    std::optional<size_t> m_selectedNode;
    std::string m_selectedNodeId;
    ReplicaWalk m_walk;
    QUndoStack m_undo;
    QString m_path;
    ReadOptions m_read;
    bool m_questionOpen = false;
};

}  // namespace ringscope
