#pragma once
// The jump hash view: buckets 0…N−1 as a strip in their nodes' colours, the selected
// key's jump sequence drawn hop by hop, and what removing a middle node does under both bucket
// table repairs: renumbering (most keys move) and moving the last node into the gap.

#include <QPainterPath>
#include <QWidget>

#include <vector>

#include "backgroundjob.h"

class QComboBox;
class QLabel;

namespace ringscope {

class Document;
class KeySelector;
struct Scenario;
struct KeySet;

// Keys used to count what a removal moves (jump itself is cheap; hashing is not free).
inline constexpr size_t kJumpSampleKeys = 100'000;

struct JumpRemovalResult {
    size_t bucket = 0;
    std::vector<uint32_t> renumber;  // bucket -> node (old node indices)
    std::vector<uint32_t> moveLast;
    size_t keys = 0;
    size_t movedRenumber = 0;  // the core's diff, primaries
    size_t movedMoveLast = 0;
    double ideal = 0;
};

// The scenario's jump bucket table (identity when it has none). O(N).
std::vector<uint32_t> jumpTableOf(const Scenario& scenario);
// Removes the node in `bucket` both ways and counts the moved keys with the core. O(K log N).
JumpRemovalResult jumpRemoval(const Scenario& scenario, const KeySet& keys, size_t bucket);

struct JumpExplanation {
    QStringList ids;
    std::vector<QColor> colors;
    std::vector<uint32_t> table;
    QString key;
    uint64_t hash = 0;
    std::vector<int32_t> sequence;  // jumpSequence(hash, N)
    JumpRemovalResult removal;
    bool hasRemoval = false;
};

class JumpStrip : public QWidget {
    Q_OBJECT
public:
    explicit JumpStrip(QWidget* parent = nullptr);
    void setExplanation(JumpExplanation explanation);
    const JumpExplanation& explanation() const { return m_data; }
    // Bucket b of the current table, and of the two repaired tables (row 1 renumber, 2 move-last).
    QRectF bucketRect(int row, size_t bucket) const;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout();

    JumpExplanation m_data;
    std::vector<std::vector<QRectF>> m_rows;
    std::vector<QPainterPath> m_hops;
};

// What removing one bucket moves, counted off the UI thread (or why it could not be).
struct JumpRemovalJob {
    JumpRemovalResult removal;
    size_t keysTotal = 0;
    bool done = false;
    QString error;
};

class JumpPanel : public QWidget {
    Q_OBJECT
public:
    explicit JumpPanel(Document* document, QWidget* parent = nullptr);
    ~JumpPanel() override;
    const JumpStrip& strip() const { return *m_strip; }
    void setRemovedBucket(size_t bucket);
    QString summary() const;
    // Blocks until the removal counts for the current scenario are shown (tests, screenshots).
    void waitForIdle();

private:
    // The removal is recounted when the scenario or the bucket changes; a key click only
    // redraws the selected key's jumps.
    void refresh();
    void refillBuckets();

    Document* m_document;
    KeySelector* m_key;
    QComboBox* m_remove;
    QLabel* m_summary;
    JumpStrip* m_strip;
    JumpRemovalJob m_removal;
    BackgroundJob<JumpRemovalJob> m_job;
};

}  // namespace ringscope
