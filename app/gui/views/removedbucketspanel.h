#pragma once
// The views of the algorithms that remove buckets in place (AnchorHash, MementoHash, DxHash;
// removedbuckets.h): one strip of the algorithm's buckets — working ones in their nodes' colours,
// removed ones hatched with the order they went in, the table's room past the nodes greyed — a
// row of the algorithm's own numbers under it (AnchorHash's A[b], Memento's replacers), and the
// selected key's path through them, one row a bucket visited. Beside it, what removing a node in
// the middle, adding it back and adding a new node move (removedbucketsanalysis.h). Each
// algorithm's panel gives its table's numbers, a key's path and its words; this draws them.

#include <QWidget>

#include <optional>
#include <vector>

#include "analysispanel.h"
#include "removedbucketsanalysis.h"
#include "ringscope/placement.h"

namespace ringscope {

class Document;
class KeySelector;

// One bucket a key's lookup visits.
struct BucketPathStep {
    uint32_t bucket = 0;
    QString text;  // what the lookup did there
};

struct BucketsPicture {
    QStringList ids;                  // node (= bucket) -> id
    std::vector<QColor> colors;       // node -> colour
    std::vector<uint32_t> removedAt;  // node -> its place in the removed order (1 …), 0 if working
    std::vector<uint8_t> down;        // node -> 1 when down
    uint32_t cells = 0;               // buckets drawn: the table's size (≥ the nodes)
    QString heading;                  // left of the strip ("N = 10, a = 20")
    QString notesTitle;               // left of the numbers' row ("A[b]"), empty for none
    QStringList notes;                // bucket -> its number, empty where none
    QString key;                      // the key followed, empty for none
    uint64_t value = 0;               // its 64-bit value
    std::vector<BucketPathStep> path;  // the last step is the answer, unless cut
    uint32_t bucket = 0;               // the key's bucket (the algorithm's own lookup)
    bool pathCut = false;              // the path stops before it (DxHash lists 10,000 draws)
    QString servedBy;                  // when the answer's node is down: the live node serving it
};

class BucketsPathView : public QWidget {
    Q_OBJECT
public:
    // Rows drawn at most; a longer path ends in a "… more" row.
    static constexpr size_t kMaxRows = 8;

    explicit BucketsPathView(QWidget* parent = nullptr);
    void setPicture(BucketsPicture picture);
    const BucketsPicture& picture() const { return m_picture; }
    // Bucket `bucket`'s cell in the strip, and the centre of step `step`'s mark.
    QRectF bucketRect(uint64_t bucket) const;
    QPointF stepCentre(size_t step) const;
    // The rows' texts, in order (the steps shown, then "… more" when cut).
    QStringList rowTexts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRectF axis() const;  // the strip's extent
    qreal rowY(size_t row) const;
    void paintStrip(QPainter& p) const;
    void paintPath(QPainter& p) const;

    BucketsPicture m_picture;
};

using RemovedBucketsJob = WhatIfJob<RemovedBucketsWhatIf>;

class RemovedBucketsPanel : public AnalysisPanel {
    Q_OBJECT
public:
    const BucketsPathView& pathView() const { return *m_view; }

protected:
    RemovedBucketsPanel(Document* document, Algorithm algorithm, QWidget* parent);
    // Call once the subclass is constructed: draws and starts counting.
    void start();

    // The table's size, heading and numbers for `placement` (the scenario placed by the
    // algorithm): picture.cells, heading, notesTitle, notes.
    virtual void describeTable(const Placement& placement, BucketsPicture& picture) const = 0;
    // The buckets a key of this 64-bit value visits; the last is its bucket.
    virtual std::vector<BucketPathStep> keyPath(const Placement& placement,
                                                uint64_t value) const = 0;
    // How the algorithm looks a key up, in a sentence or three.
    virtual QString explanation() const = 0;
    // What bucket `bucket` is, for a path's row: its node's id, "node-3, removed", or "no node".
    QString bucketWords(uint32_t bucket) const;

private:
    void rebuild();  // the placement and the table's picture, when the scenario changes
    void refresh();
    QString keyText(const BucketsPicture& p) const;
    QString countsText() const;

    Algorithm m_algorithm;
    KeySelector* m_key;
    BucketsPathView* m_view;
    std::optional<Placement> m_placement;
    QString m_placementError;
    BucketsPicture m_table;  // the picture without a key
    RemovedBucketsJob m_result;
    bool m_done = false;
};

}  // namespace ringscope
