#include "nodepanel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMenu>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "document.h"
#include "nodeactions.h"
#include "nodetablemodel.h"

namespace ringscope {

NodePanel::NodePanel(Document* document, NodeActions* actions, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_actions(actions),
      m_model(new NodeTableModel(document, this)),
      m_view(new QTableView(this)) {
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    // Columns as wide as their contents, the table as wide as the dock: no sideways scrolling.
    QHeaderView* header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(NodeTableModel::Tokens, QHeaderView::Stretch);
    // No column wider than a host:port id marked down: a long id (shortened to 32 characters)
    // is shortened further in its middle, and the other columns stay in a narrow dock.
    header->setMaximumSectionSize(
        fontMetrics().horizontalAdvance(QStringLiteral("10.0.0.100:11211 (down)")) + 16);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setAccessibleName(tr("Nodes"));
    m_view->setTabKeyNavigation(false);  // Tab leaves the table for the next control
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);

    auto* buttons = new QHBoxLayout;
    addButton(buttons, actions->addNode(), tr("Add"));
    addButton(buttons, actions->removeNode(), tr("Remove"));
    addButton(buttons, actions->addVnode(), tr("+ vnode"));
    addButton(buttons, actions->removeVnode(), tr("− vnode"));
    addButton(buttons, actions->color(), tr("Colour…"));
    buttons->addStretch();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(m_view);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        m_document->setSelectedNode(
            rows.isEmpty() ? std::nullopt : std::optional<size_t>(size_t(rows.front().row())));
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &NodePanel::showSelection);
    connect(document, &Document::selectedNodeChanged, this, &NodePanel::showSelection);
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](QPoint at) {
        const QModelIndex index = m_view->indexAt(at);
        if (index.isValid()) {
            m_document->setSelectedNode(size_t(index.row()));
        }
        QMenu menu(this);
        menu.addAction(m_actions->addNode());
        menu.addSeparator();
        m_actions->addSelectedNodeActions(&menu);
        menu.exec(m_view->viewport()->mapToGlobal(at));
    });
    showSelection();
}

void NodePanel::addButton(QHBoxLayout* layout, QAction* action, const QString& text) {
    auto* button = new QToolButton(this);
    button->setText(text);
    const auto sync = [button, action] {
        button->setEnabled(action->isEnabled());
        button->setToolTip(action->toolTip());
    };
    sync();
    connect(action, &QAction::changed, button, sync);
    connect(button, &QToolButton::clicked, action, &QAction::trigger);
    layout->addWidget(button);
}

void NodePanel::showSelection() {
    const auto node = m_document->selectedNode();
    QItemSelectionModel* selection = m_view->selectionModel();
    const QModelIndexList rows = selection->selectedRows();
    const bool shown = node ? rows.size() == 1 && rows.front().row() == int(*node) : rows.isEmpty();
    if (shown) {
        return;
    }
    const QSignalBlocker block(selection);
    if (!node) {
        selection->clear();
    } else {
        const QModelIndex index = m_model->index(int(*node), 0);
        selection->setCurrentIndex(index,
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // After a model reset the view lays its rows out later: lay them out first, or the
        // scroll stops at the old last row (a node just added stayed below the table's edge).
        m_view->doItemsLayout();
        m_view->scrollTo(index);
    }
    m_view->viewport()->update();
}

}  // namespace ringscope
