#pragma once
// The Maglev view: Envoy's lookup table as a grid of entries in their nodes' colours, its fill
// replayed round by round (each node walks its permutation offset + j·skip), entries per node
// against M·w/Σw, a prime picker for M, and what the last membership change moved: table entries
// and keys, next to what the ring moves for the same change. Any scenario's nodes get the table
// Maglev would build for them; a Maglev scenario shows its own.

#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "analysispanel.h"
#include "explanationpicture.h"
#include "maglevanalysis.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTableWidget;
class QTimer;
class QToolButton;

namespace ringscope {

class Document;
struct KeySet;
struct Scenario;

// The table sizes the picker offers: Envoy's test sizes, primes near powers of two, Envoy's
// default 65537 and a few above it. Any other prime may be typed.
inline constexpr uint64_t kMaglevPickerPrimes[] = {7,    17,   251,   509,   1021,   2053,
                                                   4099, 8191, 16381, 65537, 131071, 262139};
// The table as a grid: one cell per entry, filled up to a step of the fill.
class MaglevTableView : public ExplanationPicture<MaglevExplanation> {
    Q_OBJECT
public:
    explicit MaglevTableView(QWidget* parent = nullptr);
    // Shows the table as it stands after `steps` steps of the fill (the latest round outlined).
    void setFilledSteps(size_t steps, size_t roundStart);
    size_t filledSteps() const { return m_filled; }
    // Entry i's cell in widget coordinates; the entry under a point (nullopt off the grid).
    QRectF entryRect(uint64_t entry) const;
    std::optional<uint64_t> entryAt(QPointF point) const;
    // The latest round's entries: outlined where cells are large enough, else ringed.
    bool outlinesEntries() const;
    // The texts it draws: entry numbers and node ids, where the cells are large enough for them.
    QStringList texts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;
    void explanationSet() override;  // the whole fill shown
    void relayout() override;

private:
    void repaintCells(size_t from, size_t to);

    size_t m_filled = 0;
    size_t m_roundStart = 0;  // first step of the latest round shown
    QImage m_cells;           // one pixel per entry, scaled into m_grid when painted
    QRectF m_grid;
    uint64_t m_columns = 1;
    qreal m_cell = 0;
    QColor m_empty;
};

class MaglevPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit MaglevPanel(Document* document, QWidget* parent = nullptr);

    const MaglevTableView& tableView() const { return *m_table; }
    const MaglevExplanation& explanation() const { return *m_data; }
    const QTableWidget& nodeTable() const { return *m_nodes; }
    // The round shown (0 … rounds()).
    size_t round() const { return m_round; }
    void showRound(size_t round);
    // Sets M as if typed into the picker: an edit of the document, or Envoy's error shown.
    void pickTableSize(const QString& text);
    QString changeText() const;
    QString errorText() const;

private:
    void present(MaglevExplanation explanation);
    void refreshRound();
    void refreshChange();
    void step(int rounds);
    void togglePlay();

    QComboBox* m_size;
    QPushButton* m_addNode;
    QPushButton* m_removeNode;
    QToolButton* m_first;
    QToolButton* m_back;
    QToolButton* m_play;
    QToolButton* m_forward;
    QToolButton* m_last;
    QSlider* m_slider;
    QLabel* m_roundLabel;
    QLabel* m_marks;  // what the table's marks are
    MaglevTableView* m_table;
    QTableWidget* m_nodes;
    QLabel* m_change;
    QLabel* m_error;
    QTimer* m_player;
    std::shared_ptr<const MaglevExplanation> m_data;
    size_t m_round = 0;
};

}  // namespace ringscope
