#include "movedkeyspanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

#include "document.h"
#include "failoversummary.h"
#include "numberformat.h"
#include "plaintext.h"
#include "qstrings.h"

namespace ringscope {

QString moveSummaryText(const Document& document) {
    if (document.isQuestionOpen()) {  // no count of the change to come, none left from before
        return QObject::tr("How many keys will move? Predict, then reveal");
    }
    const MoveSummary s = document.moveSummary();
    QString text = QObject::tr("%1 of %2 keys moved %3 (%4)")
                       .arg(format::count(s.primaryMoved), format::count(s.keys),
                            movedSinceText(s.since), format::percent(s.movedFraction()));
    if (s.hasSizes) {  // the bytes `ringscope-cli diff` reports, to the byte
        const QString saturated = s.bytesSaturated ? QStringLiteral("≥") : QString();
        text += QObject::tr(" · %1 of %2 bytes (%3)")
                    .arg(saturated + format::count(s.bytesMoved),
                         saturated + format::count(s.totalBytes),
                         format::percentOf(s.bytesMoved, s.totalBytes));
    }
    text += QObject::tr(" · ideal %1").arg(format::percent(s.ideal));
    if (s.replicaOnly > 0) {
        text += QObject::tr(" · %1 replica sets changed").arg(format::count(s.replicaOnly));
    }
    return text;
}

QString failoverSummaryText(const Document& document) {
    const MoveSummary moves = document.moveSummary();
    if (!moves.hasDown || document.isQuestionOpen()) {
        return {};
    }
    // The baseline tracker counts in the current placement's numbering.
    const FailoverSummary s =
        summarizeFailover(moves.failover, document.placement().nodeIds(),
                          document.baselinePlacement(), document.placement(), moves.keys);
    const FailoverCounts& f = s.counts;
    QStringList down;
    for (const std::string& id : s.down) {
        down << qs(id);
    }
    QStringList lines;
    if (!down.isEmpty()) {
        lines << QObject::tr("Down: %1 (tokens kept, serving nothing)")
                     .arg(down.join(QStringLiteral(", ")));
    }
    if (f.primaryLost > 0) {
        QStringList to;
        for (const auto& [id, keys] : s.newPrimaries) {
            to << qs(id) + u' ' + format::count(keys);
        }
        QString line = QObject::tr("%1 lost their primary").arg(format::count(f.primaryLost));
        if (f.promoted > 0) {
            line += QObject::tr(" · %1 taken over by the master's promoted replica")
                        .arg(format::count(f.promoted));
        }
        // Each key once: served by a node that held a copy, by one copying it from a live
        // replica, or with no live copy (a miss at its new primary, or unavailable).
        if (f.takenOverByCopy > 0) {
            line += QObject::tr(" · %1 served by a node holding a copy")
                        .arg(format::count(f.takenOverByCopy));
        }
        if (f.takenOver > f.takenOverByCopy) {
            line += QObject::tr(" · %1 copied from a live replica")
                        .arg(format::count(f.takenOver - f.takenOverByCopy));
        }
        if (f.noReplica > 0) {
            line += s.role == NodeRole::Cache
                        ? QObject::tr(
                              " · %1 with no live copy: cache misses at their new "
                              "primaries, %2 bytes from the origin")
                              .arg(format::count(f.noReplica), format::count(f.bytesWithoutCopy))
                        : QObject::tr(
                              " · %1 with no live copy: unavailable (%2 bytes) until a "
                              "node holding them comes back")
                              .arg(format::count(f.noReplica), format::count(f.bytesWithoutCopy));
        }
        if (!to.isEmpty()) {
            line += QObject::tr(" · now served by %1").arg(to.join(QStringLiteral(", ")));
        }
        lines << line;
    }
    if (f.replicaLost > 0 || f.bytesToReplicate > 0) {
        lines << QObject::tr("%1 lost a replica · %2 bytes to re-replicate to restore R = %3")
                     .arg(format::count(f.replicaLost), format::count(f.bytesToReplicate),
                          format::count(s.replicas));
    }
    if (f.handedBack > 0) {
        lines << QObject::tr("Back up: %1 keys handed back (%2 bytes)")
                     .arg(format::count(f.handedBack), format::count(f.bytesHandedBack));
    }
    return lines.join(u'\n');
}

MovedKeysModel::MovedKeysModel(Document* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {
    refresh();
}

void MovedKeysModel::refresh() {
    // While a question waits, the keys the step before moved are no longer the point.
    std::vector<uint32_t> next =
        m_document->isQuestionOpen() ? std::vector<uint32_t>() : m_document->changedKeys();
    // A live step changes a few rows of many: those are removed and inserted, so the view keeps
    // its selection and scroll and lays out only them; many runs of changes reset it instead.
    std::vector<std::pair<size_t, size_t>> gone, come;  // runs (first index, count) of each list
    for (size_t i = 0, j = 0;
         (i < m_keys.size() || j < next.size()) && gone.size() + come.size() <= kMaxRowRuns;) {
        if (j == next.size() || (i < m_keys.size() && m_keys[i] < next[j])) {
            if (!gone.empty() && gone.back().first + gone.back().second == i) {
                ++gone.back().second;
            } else {
                gone.emplace_back(i, 1);
            }
            ++i;
        } else if (i == m_keys.size() || next[j] < m_keys[i]) {
            if (!come.empty() && come.back().first + come.back().second == j) {
                ++come.back().second;
            } else {
                come.emplace_back(j, 1);
            }
            ++j;
        } else {
            ++i;
            ++j;
        }
    }
    if (gone.size() + come.size() > kMaxRowRuns) {
        beginResetModel();
        m_keys = std::move(next);
        endResetModel();
        emit listed();
        return;
    }
    // Removals from the last (the rows before them keep their numbers), then insertions from the
    // first, each at its place in the new list.
    for (auto run = gone.rbegin(); run != gone.rend(); ++run) {
        const auto [first, count] = *run;
        beginRemoveRows({}, int(first), int(first + count - 1));
        m_keys.erase(m_keys.begin() + std::ptrdiff_t(first),
                     m_keys.begin() + std::ptrdiff_t(first + count));
        endRemoveRows();
    }
    for (const auto& [first, count] : come) {
        beginInsertRows({}, int(first), int(first + count - 1));
        m_keys.insert(m_keys.begin() + std::ptrdiff_t(first), next.begin() + std::ptrdiff_t(first),
                      next.begin() + std::ptrdiff_t(first + count));
        endInsertRows();
    }
    // The rows kept may have new owners (a live step moves them on).
    if (!m_keys.empty()) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
    emit listed();
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
    // The tool tip is the whole text of a cell the column width shortened, as written.
    if (role == Qt::ToolTipRole) {
        const QVariant text = data(index, Qt::DisplayRole);
        return text.isValid() ? QVariant(plain::tip(text.toString())) : QVariant();
    }
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
            switch (doc.keyFailover(k)) {
                case Failover::TakenOver:
                    return tr("taken over");
                case Failover::NoReplica:  // served by its new primary as a miss, or not
                    return doc.placement().role() == NodeRole::Cache ? tr("cache miss")
                                                                     : tr("unavailable");
                case Failover::Promoted:
                    return tr("promoted");
                case Failover::ReplicaLost:
                    return tr("replica lost");
                case Failover::HandedBack:
                    return tr("handed back");
                case Failover::None:
                    break;
            }
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
    m_summary->setTextFormat(Qt::PlainText);  // it names keys and nodes
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    // The columns share the dock's width, never wider: long keys, positions and owner lists
    // are shortened with "…" (their tool tips hold the whole text); the change column keeps
    // the room its words need.
    QHeaderView* header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Stretch);
    header->setSectionResizeMode(MovedKeysModel::Change, QHeaderView::ResizeToContents);
    header->setMinimumSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("0000")));
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setTextElideMode(Qt::ElideMiddle);
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
    connect(document, &Document::questionOpenChanged, this, &MovedKeysPanel::refresh);
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
    m_summary->setText(summaryText());
    if (!m_liveTimer.isActive()) {
        m_liveTimer.start();
    }
}

QString MovedKeysPanel::summaryText() const {
    const QString failover = failoverSummaryText(*m_document);
    return failover.isEmpty() ? moveSummaryText(*m_document)
                              : moveSummaryText(*m_document) + u'\n' + failover;
}

void MovedKeysPanel::refresh() {
    m_summary->setText(summaryText());
    m_model->refresh();
}

}  // namespace ringscope
