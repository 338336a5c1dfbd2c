#pragma once
// The node table: one row per node, editable in place. Edits go to the document as commands;
// a rejected edit leaves the table as it was (the document says why).

#include <QAbstractTableModel>
#include <QTimer>

#include <vector>

#include "ringscope/placement.h"

namespace ringscope {

class Document;

class NodeTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Tokens, Weight, Zone, Keys, Share, ColumnCount };

    explicit NodeTableModel(Document* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
    void reset();
    void refreshCounts();

    Document* m_document;
    int m_rows = 0;  // the rows announced to the views: the nodes as of the last reset()
    std::vector<uint64_t> m_counts;
    std::vector<uint64_t> m_tokens;  // ring tokens per node (ketama points, weighted vnodes)
    std::vector<std::vector<SlotRange>> m_slots;  // per node, when nodes own slot ranges
    std::vector<QColor> m_colors;
    QTimer m_liveTimer;
};

}  // namespace ringscope
