#pragma once
// The jump hash view: buckets 0…N−1 as a strip in their nodes' colours and the selected key's
// jump sequence drawn hop by hop, above what the last change did under jump when it added or
// removed a node: the new bucket and the keys it took, or the removal under both bucket table
// repairs — renumbering (most keys move) and moving the last node into the gap. After any other
// change it shows, as a what-if, removing one bucket of the current table.

#include <QPainterPath>
#include <QWidget>

#include <optional>
#include <vector>

#include "analysispanel.h"
#include "jumpanalysis.h"
#include "membershipchange.h"
#include "membershipchoice.h"
#include "ringscope/scenario.h"

class QLabel;

namespace ringscope {

class Document;
class KeySelector;

// One bucket table drawn as a row of the strip.
struct JumpRow {
    std::vector<uint32_t> table;  // bucket -> node, an index into JumpExplanation::ids
    QString label;
};

struct JumpExplanation {
    QStringList ids;  // the nodes the rows name
    std::vector<QColor> colors;
    std::vector<JumpRow> rows;            // rows[0] is the table the key's jumps run on
    std::optional<size_t> removedBucket;  // crossed out in rows[0]
    std::optional<size_t> addedBucket;    // outlined in rows[0]
    QString key;
    uint64_t hash = 0;
    std::vector<int32_t> sequence;  // jumpSequence(hash, rows[0] size)
};

class JumpStrip : public QWidget {
    Q_OBJECT
public:
    explicit JumpStrip(QWidget* parent = nullptr);
    void setExplanation(JumpExplanation explanation);
    const JumpExplanation& explanation() const { return m_data; }
    // Bucket `bucket` of row `row` (row 0: the table the jumps run on).
    QRectF bucketRect(int row, size_t bucket) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The texts it draws: row labels, bucket ids and numbers, hop numbers, the key's caption.
    QStringList texts() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout();
    bool showsId(const QRectF& cell) const { return cell.width() >= 16; }
    bool showsNumber(size_t row, size_t bucket) const;
    QString keyCaption() const;

    JumpExplanation m_data;
    qreal m_scale = 1;  // how much larger than its minimum the room lets it draw
    std::vector<std::vector<QRectF>> m_rows;
    std::vector<QPainterPath> m_hops;
};

// What the view explains, counted off the UI thread (or why it could not be).
struct JumpJob {
    std::optional<MembershipChange> lastChange;  // set: the last change; else a what-if removal
    bool withheld = false;                       // a question is open: the buckets now, no what-if
    Scenario nodes;  // the scenario whose nodes and table the strip's first row shows
    std::optional<JumpRemovalResult> removal;
    std::optional<JumpAdditionResult> addition;
    size_t keysTotal = 0;
    QString error;
};

class JumpPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit JumpPanel(Document* document, QWidget* parent = nullptr);
    const JumpStrip& strip() const { return *m_strip; }
    // Shows what removing `bucket` of the current table would do (a what-if).
    void setRemovedBucket(size_t bucket);
    // Shows the last change again, when it added or removed a node.
    void showLastChange();
    // True while the view shows the last change rather than a what-if.
    bool showsLastChange() const;

private:
    // The counts are redone when the scenario, the baseline or the choice changes; a key click
    // only redraws the selected key's jumps.
    void followDocument();
    void refresh();
    QString jumpsText(const JumpExplanation& e) const;

    KeySelector* m_key;
    MembershipChoice* m_show;  // the last change, or what-if b: bucket b removed
    JumpStrip* m_strip;
    JumpJob m_result;
    bool m_done = false;
};

}  // namespace ringscope
