#pragma once
// The migration view: the plan of the last change (or of everything since the pinned baseline):
// who sends what to whom as a heat map with counts, each node's bytes out and in, and how long it
// takes at a rate the user sets; exported as CSV (the same rows as `ringscope-cli plan --csv`).

#include <QWidget>

#include <optional>
#include <vector>

#include "analysispanel.h"
#include "migrationanalysis.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace ringscope {

class Document;

// The heat map (senders in rows, receivers in columns, the count of keys in each cell, its shade
// by bytes) and, beside it, each node's out and in bars.
class MigrationChart : public QWidget {
    Q_OBJECT
public:
    // More nodes than this and the busiest are drawn, with a note.
    static constexpr size_t kMaxDrawnNodes = 16;

    explicit MigrationChart(QWidget* parent = nullptr);
    void setExplanation(MigrationExplanation explanation);
    // What the rows and columns are, written under the cells ("from ↓ to →").
    void setCaption(const QString& caption);
    const MigrationExplanation& explanation() const { return m_data; }
    // The nodes drawn, in the plan's numbering (those that send or receive, busiest first when
    // there are more than kMaxDrawnNodes, else in the plan's order).
    const std::vector<uint32_t>& drawnNodes() const { return m_drawn; }
    // The cell of sender `from` and receiver `to` (empty when not drawn).
    QRectF cellRect(uint32_t from, uint32_t to) const;
    // The texts it draws: labels, cell counts, bar captions and notes.
    QStringList texts() const;
    QSize sizeHint() const override;

    // The whole id under `at` (a row's or a column's, shortened or left out when narrow) or a
    // node's bar caption; what the chart's tool tip shows.
    std::optional<QString> toolTipAt(QPointF at) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Layout {
        QRectF matrix;  // the cells
        double cell = 0;
        double labelWidth = 0;
        double header = 0;  // the columns' ids and colour bars, above the cells
        QRectF bars;        // under their legend
        double barRow = 0;  // each node's caption and bars
    };
    Layout layout() const;
    // Whether a row's or a column's cells are a line of text high: else their labels are left
    // out (the tool tip has them).
    bool fitsText(const Layout& l) const;
    // A column's id as drawn upward above it, shortened in the middle to the room (empty when
    // the column is too narrow for a line of text).
    QString columnLabel(const Layout& l, const QString& id) const;
    static QStringList barLegend();
    QString barCaption(uint32_t node) const;

    MigrationExplanation m_data;
    std::vector<uint32_t> m_drawn;
    std::vector<std::vector<uint64_t>> m_keys;   // [row][column] over m_drawn, sent only
    std::vector<std::vector<uint64_t>> m_bytes;  // the same in bytes
    uint64_t m_maxBytes = 0;
    QString m_caption;
};

class MigrationPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit MigrationPanel(Document* document, QWidget* parent = nullptr);
    const MigrationChart& chart() const { return *m_chart; }
    // The rate per node ("100MB/s") and streams per node the plan is timed at.
    void setRate(const QString& rate, int streams);
    // Why the rate cannot be read (empty when it can), shown apart from the plan.
    QString rateError() const;
    // Writes the plan shown as CSV to `path` (atomically); throws on failure.
    void exportCsv(const QString& path) const;

private:
    void showPlan(MigrationExplanation explanation, QString note);
    void askExport();

    QLineEdit* m_rate;
    QSpinBox* m_streams;
    QLabel* m_rateError;
    QPushButton* m_export;
    MigrationChart* m_chart;
};

}  // namespace ringscope
