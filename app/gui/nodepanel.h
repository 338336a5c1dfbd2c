#pragma once
// The node dock: the editable node table and buttons for the node edits.

#include <QWidget>

#include <optional>

class QTableView;

namespace ringscope {

class Document;
class NodeTableModel;

class NodePanel : public QWidget {
    Q_OBJECT
public:
    explicit NodePanel(Document* document, QWidget* parent = nullptr);
    std::optional<size_t> currentNode() const;
    void setCurrentNode(size_t node);
    QTableView* view() const { return m_view; }

signals:
    void currentNodeChanged();

private:
    Document* m_document;
    NodeTableModel* m_model;
    QTableView* m_view;
};

}  // namespace ringscope
