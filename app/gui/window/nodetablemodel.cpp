#include "nodetablemodel.h"

#include <QColor>
#include <QCoreApplication>

#include "document.h"
#include "numberformat.h"
#include "plaintext.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "ringscope/stats.h"

namespace ringscope {

namespace {

// What the Tokens column says: the explicit positions (as the space writes them), the vnode
// count (with the token count when a weight changes it), or the points ketama or Envoy's ring
// gives the server.
QString tokensText(const NodeSpec& node, uint64_t tokens, const Scenario& scenario, bool ring,
                   std::span<const SlotRange> slotRanges) {
    if (algorithmOf(scenario).traits().ownsSlots) {
        QStringList ranges;
        uint64_t owned = 0;
        for (const SlotRange& r : slotRanges) {
            ranges << (r.first == r.last ? QString::number(r.first)
                                         : QStringLiteral("%1–%2").arg(r.first).arg(r.last));
            owned += r.last - r.first + 1;
        }
        return ranges.isEmpty() ? NodeTableModel::tr("no slots")
                                : NodeTableModel::tr("%1 (%2)").arg(ranges.join(u", "),
                                                                    format::slotCount(owned));
    }
    // In the scheme's word for its tokens: ketama's continuum has points (explicit ones too);
    // a node Envoy's ring places has tokens; vnodes and explicit tokens are listed below.
    if (ring) {
        switch (tokenSchemeOf(scenario).traits().points) {
            case PointWord::Points:
                return format::points(tokens);
            case PointWord::Tokens:
                if (node.tokens.empty()) {
                    return format::tokens(tokens);
                }
                break;
            case PointWord::Vnodes:
                break;
        }
    }
    if (node.vnodes) {
        const QString v = format::vnodes(uint64_t(*node.vnodes));
        return ring && tokens != uint64_t(*node.vnodes)
                   ? NodeTableModel::tr("%1 (%2)").arg(v, format::tokens(tokens))
                   : v;
    }
    QStringList list;
    for (const uint64_t t : node.tokens) {
        list << positionText(t, scenario.space);
    }
    return list.join(u", ");
}

// The node's fair share w/Σw, which its share is measured against (Σw over the nodes that take
// keys: a down node's is 0).
QString fairShareTip(const Placement& placement, size_t row) {
    const std::vector<double> fair =
        fairShares(placement.nodes().size(), placement.weights(), placement.servesNothing());
    return NodeTableModel::tr("Fair share w/Σw: %1")
        .arg(format::percent(row < fair.size() ? fair[row] : 0.0));
}

}  // namespace

NodeTableModel::NodeTableModel(Document* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {
    m_liveTimer.setSingleShot(true);
    m_liveTimer.setInterval(kLiveTableMs);
    connect(&m_liveTimer, &QTimer::timeout, this, &NodeTableModel::refreshCounts);
    connect(document, &Document::scenarioChanged, this, &NodeTableModel::reset);
    connect(document, &Document::questionOpenChanged, this, &NodeTableModel::refreshCounts);
    connect(document, &Document::liveAssignmentChanged, this, [this] {
        if (!m_liveTimer.isActive()) {
            m_liveTimer.start();
        }
    });
    reset();
}

void NodeTableModel::reset() {
    // The same nodes, edited: their rows change in place, so the selection and the current cell
    // stay where the user left them (a reset would select the first row). Nodes added or removed:
    // the rows start over, and the node panel selects the document's node again.
    const int rows = int(m_document->scenario().nodes.size());
    const bool sameRows = rows == m_rows;
    if (!sameRows) {
        beginResetModel();
    }
    m_rows = rows;
    m_counts = m_document->keyCountsPerNode();
    m_colors = nodeColors(m_document->scenario().nodes);
    m_tokens.assign(m_document->scenario().nodes.size(), 0);
    for (const uint32_t node : m_document->placement().ring().nodes()) {
        ++m_tokens[node];
    }
    // A master's slot ranges as the placement owns them: its own "slots", or redis-cli's split
    // when no master lists any (File → New gives none).
    m_slots.clear();
    if (algorithmOf(m_document->scenario()).traits().ownsSlots) {
        for (uint32_t n = 0; n < m_document->placement().nodes().size(); ++n) {
            m_slots.push_back(m_document->placement().state().ownedSlots(n));
        }
    }
    if (!sameRows) {
        endResetModel();
    } else if (rows > 0) {
        emit dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1));
        emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    }
}

void NodeTableModel::refreshCounts() {
    m_counts = m_document->keyCountsPerNode();
    if (!m_counts.empty()) {
        emit dataChanged(index(0, Keys), index(rowCount() - 1, Share));
    }
}

int NodeTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int NodeTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    // With replicas the counts are the keys each node is first for: said in the header.
    const bool replicated = m_document->placement().replicas() > 1;
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole &&
        (section == Keys || section == Share)) {
        return replicated ? plain::tip(tr("The keys whose primary the node is (each also has %1 "
                                          "replicas on other nodes, not counted here)")
                                           .arg(m_document->placement().replicas() - 1))
                          : QVariant();
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
        case Id:
            return tr("Node");
        case Tokens:  // a Redis Cluster master owns slot ranges, edited in its file
            return algorithmOf(m_document->scenario()).traits().ownsSlots ? tr("Slots")
                                                                          : tr("Tokens");
        case Weight:
            return tr("Weight");
        case Zone:
            return tr("Zone");
        case Keys:
            return replicated ? tr("Primaries") : tr("Keys");
        case Share:
            return replicated ? tr("Primary share") : tr("Share");
        default:
            return {};
    }
}

Qt::ItemFlags NodeTableModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() <= Zone &&
        !(index.column() == Tokens && algorithmOf(m_document->scenario()).traits().ownsSlots)) {
        f |= Qt::ItemIsEditable;
    }
    return f;
}

// Over 80 lines: one case per column and role.
QVariant NodeTableModel::data(const QModelIndex& index, int role) const {
    const auto& nodes = m_document->scenario().nodes;
    if (!index.isValid() || static_cast<size_t>(index.row()) >= nodes.size()) {
        return {};
    }
    const size_t row = static_cast<size_t>(index.row());
    const NodeSpec& node = nodes[row];
    if (role == Qt::DecorationRole && index.column() == Id && row < m_colors.size()) {
        return m_colors[row];
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Weight && index.column() != Zone) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole && index.column() == Share) {
        return plain::tip(fairShareTip(m_document->placement(), row));
    }
    // A node its algorithm removed in place (AnchorHash, MementoHash, DxHash) keeps its bucket.
    const std::span<const uint8_t> removedInPlace = m_document->placement().removed();
    if (row < removedInPlace.size() && removedInPlace[row]) {
        if (role == Qt::ToolTipRole) {
            return plain::tip(tr("%1 is removed: it keeps its bucket and serves nothing; the next "
                                 "node added takes the bucket removed last")
                                  .arg(qs(node.id)));
        }
        if (role == Qt::DisplayRole && index.column() == Id) {
            return tr("%1 (removed)").arg(shownId(qs(node.id)));
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Id && !node.down) {
        // Whole, where the cell may shorten it, with what the node's own system calls it.
        QString tip = qs(node.id);
        if (algorithmOf(m_document->scenario()).traits().ring) {
            if (const auto note =
                    tokenSchemeOf(m_document->scenario()).nodeNote(m_document->scenario(), row)) {
                tip += u'\n' + tr("%1: %2").arg(QCoreApplication::translate(
                                                    "NodeNote", std::string(note->label).c_str()),
                                                qs(note->value));
            }
        }
        return plain::tip(tip);
    }
    if (node.down && role == Qt::ToolTipRole) {
        return plain::tip(
            tr("%1 is down: it keeps its tokens and serves nothing; its keys go to the next "
               "live nodes of each key's order (Bring Up to restore it)")
                .arg(qs(node.id)));
    }
    if (node.down && role == Qt::DisplayRole && index.column() == Id) {
        return tr("%1 (down)").arg(shownId(qs(node.id)));
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole) {
        return {};
    }
    const uint64_t count = row < m_counts.size() ? m_counts[row] : 0;
    if (m_document->isQuestionOpen() && (index.column() == Keys || index.column() == Share)) {
        // A leaving node's count is how many keys it takes along: it waits for the answer.
        return QStringLiteral("–");
    }
    switch (index.column()) {
        case Id:
            return role == Qt::EditRole ? qs(node.id) : shownId(qs(node.id));
        case Tokens:
            if (role == Qt::EditRole && node.vnodes) {
                return QString::number(*node.vnodes);
            }
            return tokensText(node, row < m_tokens.size() ? m_tokens[row] : 0,
                              m_document->scenario(), m_document->drawsRing(),
                              row < m_slots.size() ? std::span<const SlotRange>(m_slots[row])
                                                   : std::span<const SlotRange>());
        case Weight:
            return role == Qt::EditRole ? QVariant(node.weight) : QString::number(node.weight);
        case Zone:
            return qs(node.zone);
        case Keys:
            return role == Qt::EditRole ? QVariant::fromValue<qulonglong>(count)
                                        : QVariant(format::count(count));
        case Share:
            return format::percentOf(count, m_document->keys().size());
        default:
            return {};
    }
}

bool NodeTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !index.isValid()) {
        return false;
    }
    const size_t row = static_cast<size_t>(index.row());
    const QString text = value.toString().trimmed();
    switch (index.column()) {
        case Id:
            return m_document->renameNode(row, text);
        case Zone:
            return m_document->setNodeZone(row, text);
        case Weight: {
            bool ok = false;
            const double weight = text.toDouble(&ok);
            if (!ok) {
                m_document->rejectInput(tr("%1.weight: \"%2\" is not a number")
                                            .arg(qs(nodeWhere(m_document->scenario(), row)), text));
                return false;
            }
            return m_document->setNodeWeight(row, weight);
        }
        case Tokens:
            return m_document->setNodeTokensText(row, text);
        default:
            return false;
    }
}

}  // namespace ringscope
