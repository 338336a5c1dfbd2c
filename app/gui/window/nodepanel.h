#pragma once
// The node dock: the editable node table and buttons for the node actions. The table's selected
// row is the document's selected node, both ways.

#include <QWidget>

#include <optional>

class QAction;
class QHBoxLayout;
class QTableView;

namespace ringscope {

class Document;
class NodeActions;
class NodeTableModel;

class NodePanel : public QWidget {
    Q_OBJECT
public:
    NodePanel(Document* document, NodeActions* actions, QWidget* parent = nullptr);
    QTableView* view() const { return m_view; }

private:
    void addButton(QHBoxLayout* layout, QAction* action, const QString& text);
    void showSelection();

    Document* m_document;
    NodeActions* m_actions;
    NodeTableModel* m_model;
    QTableView* m_view;
};

}  // namespace ringscope
