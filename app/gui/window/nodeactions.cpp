#include "nodeactions.h"

#include <QAction>
#include <QColorDialog>
#include <QIcon>
#include <QInputDialog>
#include <QMenu>

#include "document.h"
#include "plaintext.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "scenarioedits.h"

namespace ringscope {

namespace {

QIcon icon(const char* name) {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

// The largest weight the dialog offers; the file format takes any finite positive weight.
constexpr double kMaxDialogWeight = 1e9;
constexpr double kMinDialogWeight = 1e-6;

}  // namespace

NodeActions::NodeActions(Document* document, QWidget* dialogs)
    : QObject(dialogs), m_document(document), m_dialogs(dialogs) {
    const auto make = [this](const QString& text, const char* iconName, QKeySequence shortcut) {
        auto* a = new QAction(text, this);
        if (iconName) {
            a->setIcon(icon(iconName));
        }
        a->setShortcut(shortcut);
        return a;
    };
    m_addNode = make(tr("&Add Node"), "node-add", QKeySequence(tr("Ctrl+Shift+N")));
    m_removeNode = make(tr("&Remove Node"), "node-remove", QKeySequence::Delete);
    m_addVnode = make(tr("Add a &Vnode"), "vnode-add", QKeySequence(tr("Ctrl+Shift+V")));
    m_removeVnode = make(tr("Remove a Vn&ode"), "vnode-remove", QKeySequence(tr("Ctrl+Alt+V")));
    m_rename = make(tr("Re&name Node…"), nullptr, QKeySequence(tr("F2")));
    m_weight = make(tr("Node &Weight…"), nullptr, QKeySequence(tr("Ctrl+Shift+W")));
    m_color = make(tr("Node &Colour…"), nullptr, {});
    m_automaticColor = make(tr("A&utomatic Colour"), nullptr, {});
    m_down = make(tr("Mark &Down"), nullptr, QKeySequence(tr("Ctrl+Shift+D")));

    const auto onSelected = [this](auto edit) {
        return [this, edit] {
            if (const auto node = m_document->selectedNode()) {
                edit(*node);
            }
        };
    };
    connect(m_addNode, &QAction::triggered, this, [this] { m_document->addNode(); });
    connect(m_removeNode, &QAction::triggered, this,
            onSelected([this](size_t n) { m_document->removeNode(n); }));
    connect(m_addVnode, &QAction::triggered, this,
            onSelected([this](size_t n) { m_document->addVnode(n); }));
    connect(m_removeVnode, &QAction::triggered, this,
            onSelected([this](size_t n) { m_document->removeVnode(n); }));
    connect(m_rename, &QAction::triggered, this, onSelected([this](size_t n) {
                const QString id = qs(m_document->scenario().nodes[n].id);
                bool ok = false;
                const QString next =
                    QInputDialog::getText(m_dialogs, tr("Rename Node"),
                                          tr("New id for %1:").arg(id), QLineEdit::Normal, id, &ok);
                if (ok && next.trimmed() != id) {
                    m_document->renameNode(n, next);
                }
            }));
    connect(m_weight, &QAction::triggered, this, onSelected([this](size_t n) {
                const NodeSpec& node = m_document->scenario().nodes[n];
                bool ok = false;
                const double w = QInputDialog::getDouble(
                    m_dialogs, tr("Node Weight"),
                    tr("Weight of %1 (its fair share is w/Σw of the keys):").arg(qs(node.id)),
                    node.weight, kMinDialogWeight, kMaxDialogWeight, 3, &ok);
                if (ok && w != node.weight) {
                    m_document->setNodeWeight(n, w);
                }
            }));
    connect(m_color, &QAction::triggered, this, onSelected([this](size_t n) {
                const QColor now = nodeColors(m_document->scenario().nodes)[n];
                const QColor picked = QColorDialog::getColor(
                    now, m_dialogs, tr("Colour of %1").arg(qs(m_document->scenario().nodes[n].id)));
                if (picked.isValid() && picked != now) {
                    m_document->setNodeColor(n, picked.rgb() & 0xFFFFFF);
                }
            }));
    connect(m_automaticColor, &QAction::triggered, this,
            onSelected([this](size_t n) { m_document->setNodeColor(n, std::nullopt); }));
    connect(m_down, &QAction::triggered, this, onSelected([this](size_t n) {
                m_document->setNodeDown(n, !m_document->scenario().nodes[n].down);
            }));

    connect(document, &Document::selectedNodeChanged, this, &NodeActions::refresh);
    connect(document, &Document::scenarioChanged, this, &NodeActions::refresh);
    connect(document, &Document::busyChanged, this, &NodeActions::refresh);
    refresh();
}

void NodeActions::addSelectedNodeActions(QMenu* menu) const {
    menu->addActions({m_addVnode, m_removeVnode});
    menu->addSeparator();
    menu->addActions({m_rename, m_weight, m_color, m_automaticColor});
    menu->addSeparator();
    menu->addAction(m_down);
    menu->addAction(m_removeNode);
}

void NodeActions::refresh() {
    const Scenario& s = m_document->scenario();
    const auto node = m_document->selectedNode();
    const QString id = node ? qs(s.nodes[*node].id) : QString();
    const QString select =
        tr("select a node first: a row of the node table or a token on the ring");
    const auto set = [&](QAction* a, bool enabled, const QString& what, const QString& why = {}) {
        a->setEnabled(enabled);
        const QString tip = !node && a != m_addNode    ? tr("%1 — %2").arg(what, select)
                            : enabled || why.isEmpty() ? what
                                                       : tr("%1 — %2").arg(what, why);
        a->setToolTip(plain::tip(tip));  // it names the node
        a->setStatusTip(tip);
    };
    const QString vnodes = qs(edits::vnodeRefusal(s));
    const bool lastToken = node && s.nodes[*node].tokens.size() == 1;
    const bool oneVnode = node && s.nodes[*node].vnodes == 1;
    set(m_addNode, true, tr("Add a node like the others"));
    set(m_removeNode, node && s.nodes.size() > 1, tr("Remove node %1").arg(id),
        tr("the last node stays"));
    set(m_addVnode, node && vnodes.isEmpty(),
        tr("Give %1 one more token where it takes keys from another node").arg(id), vnodes);
    set(m_removeVnode, node && vnodes.isEmpty() && !lastToken && !oneVnode,
        tr("Take one token from %1").arg(id),
        vnodes.isEmpty() ? tr("a node keeps at least one token") : vnodes);
    set(m_rename, node.has_value(), tr("Rename %1").arg(id));
    set(m_weight, node.has_value(), tr("Set the weight of %1").arg(id));
    set(m_color, node.has_value(), tr("Pick a colour for %1").arg(id));
    set(m_automaticColor, node && s.nodes[*node].color.has_value(),
        tr("Give %1 the colour that follows its id").arg(id), tr("it has that colour already"));
    const bool isDown = node && s.nodes[*node].down;
    m_down->setText(isDown ? tr("Bring &Up") : tr("Mark &Down"));
    set(m_down, node.has_value(),
        isDown ? tr("Bring %1 back up: it takes its keys back (the hand-back)").arg(id)
               : tr("Mark %1 down: it keeps its tokens and serves nothing; its keys go to the "
                    "next live nodes")
                     .arg(id));
}

}  // namespace ringscope
