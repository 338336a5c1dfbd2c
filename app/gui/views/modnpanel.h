#pragma once
// The mod-N view: N buckets with their key counts, and a grid of the first keys
// coloured by bucket with the keys that change bucket on N → N+1 (or N → N−1) marked.

#include <QWidget>

#include <vector>

#include "backgroundjob.h"

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
    QStringList ids;
    std::vector<QColor> colors;
    std::vector<uint64_t> bucketKeys;  // keys per bucket (node), the core's stats
    bool grow = true;                  // N -> N+1, else N -> N-1
    size_t keys = 0;
    size_t moved = 0;  // the core's diff
    double ideal = 0;
    std::vector<uint32_t> gridBucket;  // first keys: bucket now
    std::vector<uint8_t> gridMoved;    // first keys: bucket changes
    std::optional<size_t> selected;    // grid cell of the selected key
};

// mod-N now and after one node is added (grow) or the last one removed, via the core.
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

signals:
    void keyClicked(size_t key);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void relayout();

    ModNExplanation m_data;
    std::vector<QRectF> m_buckets;
    std::vector<QRectF> m_cells;
};

// The explanation counted off the UI thread, or why it could not be.
struct ModNJob {
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
    void setGrow(bool grow);
    QString summary() const;
    // Blocks until the counts for the current scenario are shown (tests, screenshots).
    void waitForIdle();

private:
    void show(ModNJob job);
    void refreshSelection();

    Document* m_document;
    KeySelector* m_key;
    QComboBox* m_change;
    QLabel* m_summary;
    ModNGrid* m_grid;
    BackgroundJob<ModNJob> m_job;
};

}  // namespace ringscope
