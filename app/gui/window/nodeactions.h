#pragma once
// The node actions and the one rule for what they act on: the document's selected node (a row of
// the node table, or the node of a token clicked on the ring). Without a selection they are
// disabled, and their tool tips say how to select one; they never fall back to some default
// node. The menus, the tool bar, the node dock's buttons and the context menus all use these.

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace ringscope {

class Document;

class NodeActions : public QObject {
    Q_OBJECT
public:
    // `dialogs`: the parent of the rename, weight and colour dialogs.
    NodeActions(Document* document, QWidget* dialogs);

    QAction* addNode() const { return m_addNode; }
    QAction* removeNode() const { return m_removeNode; }
    QAction* addVnode() const { return m_addVnode; }
    QAction* removeVnode() const { return m_removeVnode; }
    QAction* rename() const { return m_rename; }
    QAction* weight() const { return m_weight; }
    QAction* color() const { return m_color; }
    QAction* automaticColor() const { return m_automaticColor; }
    // Mark Down / Bring Up: the selected node fails (keeps its tokens, serves nothing) or returns.
    QAction* down() const { return m_down; }

    // The actions on the selected node, for a menu (Edit menu, context menus).
    void addSelectedNodeActions(QMenu* menu) const;

private:
    void refresh();

    Document* m_document;
    QWidget* m_dialogs;
    QAction* m_addNode;
    QAction* m_removeNode;
    QAction* m_addVnode;
    QAction* m_removeVnode;
    QAction* m_rename;
    QAction* m_weight;
    QAction* m_color;
    QAction* m_automaticColor;
    QAction* m_down;
};

}  // namespace ringscope
