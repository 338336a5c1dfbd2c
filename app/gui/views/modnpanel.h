#pragma once
// The mod-N view: N buckets with their key counts, and a grid of the first keys coloured by
// bucket with the keys that change bucket marked: in the last change when it added or removed a
// node, else in a what-if N → N+1 or N → N−1 from the current scenario.

#include <QWidget>

#include <vector>

#include "backgroundjob.h"
#include "comparisonmodel.h"

class QComboBox;
class QLabel;

namespace ringscope {

class Document;
class KeySelector;
struct KeySet;
struct Scenario;

// Keys shown as grid cells, and keys used to count the moves.
inline constexpr size_t kModNGridKeys = 240;
inline constexpr size_t kModNSampleKeys = 200'000;

struct ModNExplanation {
    QStringList ids;  // the buckets drawn: the current scenario's nodes
    std::vector<QColor> colors;
    std::vector<uint64_t> bucketKeys;  // keys per bucket (node), the core's stats
    size_t nodesBefore = 0;            // N before and after the change
    size_t nodesAfter = 0;
    QString ringed;  // what a ringed cell did: "changed bucket when C was removed (4 → 3)"
    size_t keys = 0;
    size_t moved = 0;  // the core's diff
    double ideal = 0;
    std::vector<uint32_t> gridBucket;  // first keys: bucket now
    std::vector<uint8_t> gridMoved;    // first keys: bucket changes
    std::optional<size_t> selected;    // grid cell of the selected key
};

// mod-N from `before` to `after`, via the core; the buckets and the grid are those of `after`
// when `showAfter` (a change that happened), else of `before` (a what-if from it).
ModNExplanation explainModNChange(const Scenario& before, const Scenario& after, bool showAfter,
                                  const KeySet& keys);
// The what-if from `scenario`: one node more (grow), or its last node less.
ModNExplanation explainModN(const Scenario& scenario, const KeySet& keys, bool grow);

class ModNGrid : public QWidget {
    Q_OBJECT
public:
    explicit ModNGrid(QWidget* parent = nullptr);
    void setExplanation(ModNExplanation explanation);
    const ModNExplanation& explanation() const { return m_data; }
    QRectF bucketRect(size_t bucket) const;
    QRectF cellRect(size_t key) const;
    QSize sizeHint() const override;
    // The texts it draws: each bucket's label and the grid's caption.
    QStringList texts() const;

signals:
    void keyClicked(size_t key);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void relayout();
    QString bucketLabel(size_t bucket) const;
    QString caption() const;

    ModNExplanation m_data;
    std::vector<QRectF> m_buckets;
    std::vector<QRectF> m_cells;
};

// The explanation counted off the UI thread, or why it could not be.
struct ModNJob {
    std::optional<MembershipChange> lastChange;  // set: the last change; else a what-if
    bool withheld = false;                       // a question is open: the buckets now, no what-if
    ModNExplanation explanation;
    size_t keysTotal = 0;
    QString error;
};

class ModNPanel : public QWidget {
    Q_OBJECT
public:
    explicit ModNPanel(Document* document, QWidget* parent = nullptr);
    ~ModNPanel() override;
    const ModNGrid& grid() const { return *m_grid; }
    // Shows a what-if from the current scenario: N → N+1 (grow) or N → N−1.
    void setGrow(bool grow);
    // Shows the last change again, when it added or removed a node.
    void showLastChange();
    // True while the view shows the last change rather than a what-if.
    bool showsLastChange() const;
    QString summary() const;
    // Blocks until the counts for the current scenario are shown (tests, screenshots).
    void waitForIdle();

private:
    // The last change is shown whenever it added or removed a node; after any other change the
    // what-if chosen last stays.
    void followDocument();
    void refillChoices();
    void show(ModNJob job);
    void refreshSelection();

    Document* m_document;
    KeySelector* m_key;
    QComboBox* m_change;  // 0: the last change; 1: what if N → N+1; 2: what if N → N−1
    std::optional<MembershipChange> m_lastChange;
    int m_whatIf = 1;
    QLabel* m_summary;
    ModNGrid* m_grid;
    BackgroundJob<ModNJob> m_job;
};

}  // namespace ringscope
