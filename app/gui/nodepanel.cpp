#include "nodepanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "document.h"
#include "nodetablemodel.h"

namespace ringscope {

NodePanel::NodePanel(Document* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_model(new NodeTableModel(document, this)),
      m_view(new QTableView(this)) {
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->setAccessibleName(tr("Nodes"));

    auto* buttons = new QHBoxLayout;
    const auto button = [&](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        buttons->addWidget(b);
    };
    button(tr("Add"), tr("Add a node like the others"), [this] { m_document->addNode(); });
    button(tr("Remove"), tr("Remove the selected node"), [this] {
        if (const auto n = currentNode()) {
            m_document->removeNode(*n);
        }
    });
    button(tr("+ vnode"), tr("Give the selected node one more token"), [this] {
        if (const auto n = currentNode()) {
            m_document->addVnode(*n);
        }
    });
    button(tr("− vnode"), tr("Take one token from the selected node"), [this] {
        if (const auto n = currentNode()) {
            m_document->removeVnode(*n);
        }
    });
    buttons->addStretch();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(m_view);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &NodePanel::currentNodeChanged);
}

std::optional<size_t> NodePanel::currentNode() const {
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid()) {
        return std::nullopt;
    }
    return static_cast<size_t>(current.row());
}

void NodePanel::setCurrentNode(size_t node) {
    m_view->setCurrentIndex(m_model->index(static_cast<int>(node), 0));
}

}  // namespace ringscope
