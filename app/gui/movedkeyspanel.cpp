#include "movedkeyspanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

#include "document.h"
#include "numberformat.h"
#include "qstrings.h"

namespace ringscope {

QString moveSummaryText(const Document& document) {
    const MoveSummary s = document.moveSummary();
    QString text = QObject::tr("%1 of %2 keys moved (%3) · ideal %4")
                       .arg(format::count(s.primaryMoved), format::count(s.keys),
                            format::percent(s.movedFraction()), format::percent(s.ideal));
    if (s.replicaOnly > 0) {
        text += QObject::tr(" · %1 replica sets changed").arg(format::count(s.replicaOnly));
    }
    return text;
}

MovedKeysModel::MovedKeysModel(Document* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {
    refresh();
}

void MovedKeysModel::refresh() {
    beginResetModel();
    m_keys = m_document->changedKeys();
    endResetModel();
}

int MovedKeysModel::rowOf(uint32_t key) const {
    const auto it = std::lower_bound(m_keys.begin(), m_keys.end(), key);
    return it != m_keys.end() && *it == key ? static_cast<int>(it - m_keys.begin()) : -1;
}

int MovedKeysModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_keys.size());
}

int MovedKeysModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MovedKeysModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
        case Key:
            return tr("Key");
        case Position:
            return tr("Position");
        case Before:
            return tr("Before");
        case After:
            return tr("After");
        case Change:
            return tr("Change");
        default:
            return {};
    }
}

QVariant MovedKeysModel::data(const QModelIndex& index, int role) const {
    if (role != Qt::DisplayRole || !index.isValid() ||
        static_cast<size_t>(index.row()) >= m_keys.size()) {
        return {};
    }
    const uint32_t k = m_keys[static_cast<size_t>(index.row())];
    const Document& doc = *m_document;
    switch (index.column()) {
        case Key:
            return QString::fromStdString(doc.keys().names[k]);
        case Position:
            return positionText(doc.hashedKeys().positionOf(k), doc.placement().space());
        case Before:
            return doc.baselineOwnersText(k);
        case After: {
            // During a drag the primary is live; the replica list is the committed one.
            const uint32_t p = doc.primaryOf(k);
            return p < doc.placement().nodeIds().size() && doc.isDragging()
                       ? QString::fromStdString(doc.placement().nodeIds()[p])
                       : doc.ownersText(k);
        }
        case Change:
            return doc.keyChange(k) == KeyChange::Primary ? tr("moved") : tr("replicas");
        default:
            return {};
    }
}

MovedKeysPanel::MovedKeysPanel(Document* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_model(new MovedKeysModel(document, this)),
      m_summary(new QLabel(this)),
      m_view(new QTableView(this)) {
    m_summary->setWordWrap(true);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_view);

    m_liveTimer.setSingleShot(true);
    m_liveTimer.setInterval(kLiveListMs);
    connect(&m_liveTimer, &QTimer::timeout, this, &MovedKeysPanel::refresh);
    connect(document, &Document::scenarioChanged, this, &MovedKeysPanel::refresh);
    connect(document, &Document::baselineChanged, this, &MovedKeysPanel::refresh);
    connect(document, &Document::liveAssignmentChanged, this, &MovedKeysPanel::scheduleRefresh);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) {
                    m_document->setSelectedKey(m_model->keyAt(current.row()));
                }
            });
    refresh();
}

void MovedKeysPanel::scheduleRefresh() {
    m_summary->setText(moveSummaryText(*m_document));
    if (!m_liveTimer.isActive()) {
        m_liveTimer.start();
    }
}

void MovedKeysPanel::refresh() {
    m_summary->setText(moveSummaryText(*m_document));
    m_model->refresh();
}

}  // namespace ringscope
