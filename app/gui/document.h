#pragma once
// The one shared state object (hotspot's FilterAndZoomStack pattern): the scenario, its computed
// assignment, the baseline that "moved" is measured against, the selected key and the undo stack.
// Views subscribe to its signals and never to each other; every edit is an undo command.

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QUndoStack>

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "computed.h"
#include "ringscope/assign.h"

namespace ringscope {

enum class KeyChange : uint8_t { None, Primary, ReplicaOnly };

struct MoveSummary {
    size_t keys = 0;
    size_t primaryMoved = 0;  // primary owner differs from the baseline
    size_t replicaOnly = 0;   // same primary, different replica set
    double ideal = 0;         // what an ideal scheme moves for this change (0..1)
    double movedFraction() const { return keys ? double(primaryMoved) / double(keys) : 0.0; }
};

// The clockwise walk from a key to its R distinct physical nodes.
struct ReplicaWalk {
    size_t key = 0;
    uint64_t position = 0;
    std::vector<size_t> visited;  // ring token indices, in walk order
    std::vector<bool> chosen;     // per visited token: picked (else skipped)
};

inline constexpr uint32_t kNoOwner = ~uint32_t{0};

// What a background computation hands back: the result, or why there is none.
struct ComputeJob {
    ComputedPtr computed;
    QString error;
};

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
    bool isRing() const { return scenario().algorithm == Algorithm::Ring; }
    // The ring as it is right now (moves live while a token is dragged), with each key's primary.
    const LiveRing& liveRing() const { return m_live; }
    const std::vector<TokenOrigin>& liveOrigins() const { return m_liveOrigins; }
    // The primary of key k right now (live during a drag); kNoOwner if none.
    uint32_t primaryOf(size_t key) const;
    // Keys per node right now. O(K).
    std::vector<uint64_t> keyCountsPerNode() const;
    // "B" or "B,C" — key k's owners (committed), and its owners in the baseline.
    QString ownersText(size_t key) const;
    QString baselineOwnersText(size_t key) const;

    // ---- Baseline: "before the last change" unless pinned ----
    const Scenario& baselineScenario() const { return m_base->scenario; }
    const Placement& baselinePlacement() const { return m_base->placement; }
    const Assignment& baselineAssignment() const { return m_base->assignment; }
    bool isBaselinePinned() const { return m_pinned; }
    KeyChange keyChange(size_t key) const;
    MoveSummary moveSummary() const;
    // Keys whose owners differ from the baseline (primary or replicas), in key order. O(K).
    std::vector<uint32_t> changedKeys() const;
    void pinBaseline();
    // Pins a given scenario as the baseline (e.g. a file); throws InputError.
    void pinBaselineScenario(const Scenario& baseline);
    void unpinBaseline();

    // ---- Selection ----
    std::optional<size_t> selectedKey() const { return m_selected; }
    void setSelectedKey(std::optional<size_t> key);
    // The selected key's replica walk on the live ring (empty without a ring or a selection).
    const ReplicaWalk& selectedWalk() const { return m_walk; }
    // The node the node actions work on: picked in the node table or by a token on the ring.
    // It follows its node through edits (by id; a rename keeps it) and clears when the node goes.
    std::optional<size_t> selectedNode() const { return m_selectedNode; }
    void setSelectedNode(std::optional<size_t> node);

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
    bool isDragging() const { return m_drag.has_value(); }
    std::optional<size_t> draggedToken() const;
    // Key ranges (position order) whose primary was recomputed by the last live change.
    std::span<const KeyRange> lastLiveRanges() const { return m_lastRanges; }

    // ---- Files ----
    QUndoStack* undoStack() { return &m_undo; }
    QString filePath() const { return m_path; }
    // The folder of the file (where relative key files live); empty when untitled or built in.
    QString fileFolder() const;
    bool isModified() const { return !m_undo.isClean(); }
    bool isBusy() const { return m_watcher != nullptr; }
    void newDocument();
    // Replaces the document (open, preset, recovery). Large scenarios compute in the background;
    // on failure the current document stays and inputRejected says why.
    bool replaceScenario(const Scenario& scenario, const QString& path, bool modified);
    bool openFile(const QString& path);
    bool saveFile(const QString& path);
    void cancelComputation();
    // Reports bad input found outside the document (e.g. an unparsable table cell).
    void rejectInput(const QString& message) { emit inputRejected(message); }
    // Blocks until a background computation is done (tests, the command-line renderer).
    void waitForIdle();

    // For undo commands: makes `scenario` the current one (computing it if needed).
    void applyScenario(const Scenario& scenario);

signals:
    void scenarioChanged();        // a new scenario is computed and installed
    void liveAssignmentChanged();  // the live ring and primaries changed during a drag
    void baselineChanged();
    void selectedKeyChanged();
    void selectedNodeChanged();
    void busyChanged(bool busy);
    void progressChanged(int percent);
    void inputRejected(const QString& message);
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    struct Drag {
        size_t token;  // current index in the live ring
        TokenOrigin origin;
        uint64_t start;
    };
    enum class Install { Edit, Replace };

    void request(const Scenario& scenario, Install kind, std::function<void()> onInstalled);
    void install(ComputedPtr computed, Install kind);
    void refreshBaseline();
    void refreshWalk();
    bool followSelectedNode(std::optional<size_t> previousNodeCount);
    void refreshLiveReplicas(bool crossed);
    bool pushScenario(const Scenario& next, const QString& text);
    void reject(const std::exception& error);
    void finishJob();
    void stopJob();
    void revertFailedEdit(const Scenario& failed);
    void setPath(const QString& path);

    ComputedPtr m_cur;
    ComputedPtr m_base;
    ComputedPtr m_precomputed;  // validated by edit() just before its command runs
    bool m_pinned = false;
    LiveRing m_live;
    std::vector<TokenOrigin> m_liveOrigins;
    std::vector<uint32_t> m_basePrimary;  // baseline primary per key, as a current node index
    std::vector<uint32_t> m_baseMap;      // baseline node index -> current node index
    std::vector<uint8_t> m_replicaOnly;   // per key
    size_t m_movedNonRing = 0;
    size_t m_replicaOnlyCount = 0;
    double m_ideal = 0;
    std::optional<size_t> m_selected;
    std::optional<size_t> m_selectedNode;
    std::string m_selectedNodeId;
    ReplicaWalk m_walk;
    std::optional<Drag> m_drag;
    std::vector<KeyRange> m_lastRanges;
    QUndoStack m_undo;
    QString m_path;
    QFutureWatcher<ComputeJob>* m_watcher = nullptr;
    std::function<void()> m_onInstalled;
    Install m_pendingKind = Install::Edit;
    Scenario m_pendingScenario;
};

}  // namespace ringscope
