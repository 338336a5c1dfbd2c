#pragma once
// The moved-key list: every key whose owners differ from the baseline, with the counts next to
// the ideal. Selecting a row selects the key on the ring.

#include <QAbstractTableModel>
#include <QTimer>
#include <QWidget>

#include <vector>

class QLabel;
class QTableView;

namespace ringscope {

class Document;

class MovedKeysModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Key, Position, Before, After, Change, ColumnCount };
    explicit MovedKeysModel(Document* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    uint32_t keyAt(int row) const { return m_keys[static_cast<size_t>(row)]; }
    int rowOf(uint32_t key) const;
    // The document's changed keys: rows removed and inserted where they differ, or the model
    // reset above kMaxRowRuns runs of them.
    void refresh();
    static constexpr size_t kMaxRowRuns = 64;

signals:
    // After each refresh: the list was worked out (once per edit; at ten million keys each
    // listing scans them all).
    void listed();

private:
    Document* m_document;
    std::vector<uint32_t> m_keys;
};

class MovedKeysPanel : public QWidget {
    Q_OBJECT
public:
    explicit MovedKeysPanel(Document* document, QWidget* parent = nullptr);
    const MovedKeysModel& model() const { return *m_model; }

private:
    void refresh();
    void scheduleRefresh();
    QString summaryText() const;

    Document* m_document;
    MovedKeysModel* m_model;
    QLabel* m_summary;
    QTableView* m_view;
    QTimer m_liveTimer;
};

// "20 of 100 keys moved (20.0%) · ideal 25.0%" — with key sizes also the bytes moved, "· 3,402 of
// 17,000 bytes (20.0%)", as `ringscope-cli diff` counts them — and the replica-only count, for
// labels.
QString moveSummaryText(const Document& document);
// With down nodes on either side: who went down or came back, the lost primaries and who took
// them over, the keys with no live replica, the bytes to re-replicate and the hand-back. Empty
// without down nodes.
QString failoverSummaryText(const Document& document);

}  // namespace ringscope
