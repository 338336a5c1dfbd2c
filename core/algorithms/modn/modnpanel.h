#pragma once
// The mod-N view: N buckets with their key counts, and a grid of the first keys coloured by
// bucket with the keys that change bucket marked: in the last change when it added or removed a
// node, else in a what-if N → N+1 or N → N−1 from the current scenario.

#include <QWidget>

#include <vector>

#include "analysispanel.h"
#include "membershipchange.h"
#include "membershipchoice.h"
#include "modnanalysis.h"

class QLabel;

namespace ringscope {

class Document;
class KeySelector;

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
    std::vector<QColor> m_colors;  // by bucket, from the nodes drawn
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

class ModNPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit ModNPanel(Document* document, QWidget* parent = nullptr);
    const ModNGrid& grid() const { return *m_grid; }
    // Shows a what-if from the current scenario: N → N+1 (grow) or N → N−1.
    void setGrow(bool grow);
    // Shows the last change again, when it added or removed a node.
    void showLastChange();
    // True while the view shows the last change rather than a what-if.
    bool showsLastChange() const;

private:
    // The last change is shown whenever it added or removed a node; after any other change the
    // what-if chosen last stays.
    void followDocument();
    void show(ModNJob job);
    void refreshSelection();

    KeySelector* m_key;
    MembershipChoice* m_change;  // the last change, or what if N → N+1 (0) or N → N−1 (1)
    ModNGrid* m_grid;
};

}  // namespace ringscope
