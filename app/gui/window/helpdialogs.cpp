#include "helpdialogs.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ringscope {

namespace {

// A modal page of rich text with a Close button.
void showPage(QWidget* window, const QString& title, const QString& html, QSize size) {
    QDialog dialog(window);
    dialog.setWindowTitle(title);
    auto* text = new QTextBrowser(&dialog);
    text->setOpenExternalLinks(true);
    text->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog.resize(size);
    dialog.exec();
}

void collectShortcuts(const QMenu* menu, QString& rows) {
    for (const QAction* action : menu->actions()) {
        if (action->menu()) {
            collectShortcuts(action->menu(), rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts()) {
            keys << key.toString(QKeySequence::NativeText).toHtmlEscaped();
        }
        if (!keys.isEmpty()) {
            rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                        .arg(withoutMnemonic(action->text()).toHtmlEscaped(),
                             keys.join(QStringLiteral(", ")));
        }
    }
}

}  // namespace

QString withoutMnemonic(QString text) {
    static const QRegularExpression mnemonic(QStringLiteral("\\(&[^&]\\)|&"));
    return text.remove(mnemonic).remove(QStringLiteral("…"));
}

void showAbout(QWidget* window) {
    QMessageBox::about(
        window, QApplication::tr("About Ringscope"),
        QApplication::tr(
            "<h3>Ringscope %1</h3>"
            "<p>See consistent hashing work: drag a token around a hash ring, add a node or a "
            "virtual node, and watch the arcs recolour, the keys that changed owner light up and "
            "the load per node move — next to rendezvous (HRW), jump hash and plain "
            "<i>hash % N</i> on the same nodes and keys.</p>"
            "<p>Ketama is libmemcached's weighted continuum, bit for bit. The command-line tool "
            "<tt>ringscope-cli</tt> reads the same scenario files.</p>")
            .arg(QApplication::applicationVersion()));
}

void showShortcuts(QWidget* window) {
    QString html = QStringLiteral("<table cellspacing='6'>");
    if (auto* main = qobject_cast<QMainWindow*>(window)) {
        for (const QAction* top : main->menuBar()->actions()) {
            if (!top->menu()) {
                continue;
            }
            QString rows;
            collectShortcuts(top->menu(), rows);
            if (!rows.isEmpty()) {
                html += QStringLiteral("<tr><td colspan='2'><h4>%1</h4></td></tr>")
                            .arg(withoutMnemonic(top->text()).toHtmlEscaped()) +
                        rows;
            }
        }
    }
    html += QStringLiteral("</table>");
    html += QApplication::tr(
        "<h4>On the ring</h4><table cellspacing='6'>"
        "<tr><td>Drag a token</td><td>move it; release commits one undoable step</td></tr>"
        "<tr><td>Click a token</td><td>select its node (the node actions act on it)</td></tr>"
        "<tr><td>Click a key</td><td>select it: its replica walk is drawn</td></tr>"
        "<tr><td>Right-click</td><td>token, node and zoom actions</td></tr>"
        "<tr><td>Wheel</td><td>zoom at the mouse; drag the background to pan</td></tr>"
        "<tr><td>Esc</td><td>cancel a drag</td></tr></table>");
    showPage(window, QApplication::tr("Keyboard Shortcuts"), html, {520, 560});
}

QString ringGuideText() {
    return QApplication::tr(
        "<h3>How to read the ring</h3>"
        "<p><b>The circle is the hash space</b>, from 0 at the top clockwise to the largest "
        "position. Small spaces (0–99) have a tick per position; large ones show fractions of "
        "the turn.</p>"
        "<p><b>Coloured band: who owns what.</b> Each token is a handle on the band, labelled "
        "<i>node@position</i> in small rings. A token owns the arc from the token before it "
        "(exclusive) up to itself (inclusive): the first token at or after a key's position, "
        "wrapping past the top, owns the key. A node's colour follows its id; the legend at the "
        "top left gives each node's keys and share.</p>"
        "<p><b>Dots inside the band are keys</b>, at their hash positions (above a few thousand "
        "keys, a grey band shows their density). <span style='color:#e61e1e'><b>Red</b></span> "
        "keys changed owner since the baseline; <b>yellow</b> rings mark keys whose replica set "
        "changed while the owner stayed.</p>"
        "<p><b>The baseline</b> is the state before the step that produced what you see, so "
        "each edit shows what it moved, and so does each undo or redo: after an undo you see "
        "the step before it, as it looked when it was made (nothing, back at the start). While "
        "you drag a token the baseline is where the drag began. <i>Edit → Pin Baseline "
        "Here</i> keeps one state to compare every later edit with. The centre reads the "
        "moved keys next to the ideal: adding one node to N should move 1/(N+1) of the keys, "
        "removing one 1/N.</p>"
        "<p><b>Replicas.</b> Click a key: the dashed line walks clockwise from it; numbered "
        "circles are the R distinct nodes chosen, crosses the tokens skipped (same node, or a "
        "zone already used).</p>"
        "<p><b>Vnodes.</b> <i>Add a vnode</i> gives the selected node one more token where it "
        "takes keys from another node, and the moved keys show what it took.</p>");
}

void showRingGuide(QWidget* window) {
    showPage(window, QApplication::tr("How to Read the Ring"), ringGuideText(), {560, 600});
}

}  // namespace ringscope
