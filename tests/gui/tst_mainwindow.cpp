// The main window as a first-time user meets it: one rule for what the node actions act on (the
// node selected in the table or clicked on the ring; nothing selected, nothing enabled), "+ vnode"
// on repeated clicks, zoom keys that only zoom, the Help menu, preset descriptions and the theme.
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include "document.h"
#include "helpdialogs.h"
#include "loadhistogrampanel.h"
#include "mainwindow.h"
#include "movedkeyspanel.h"
#include "nodeactions.h"
#include "nodepanel.h"
#include "ringcolors.h"
#include "ringwidget.h"
#include "theme.h"

using namespace ringscope;

namespace {

QToolButton* button(MainWindow& window, const QString& text) {
    for (QToolButton* b : window.findChild<NodePanel*>()->findChildren<QToolButton*>()) {
        if (b->text() == text) {
            return b;
        }
    }
    return nullptr;
}

QMenu* menu(MainWindow& window, const QString& title) {
    for (QAction* a : window.menuBar()->actions()) {
        if (a->menu() && a->text().remove(u'&') == title) {
            return a->menu();
        }
    }
    return nullptr;
}

// Answers the next message box (a question, a warning) with `button`, keeping its text.
void answerNextMessageBox(QMessageBox::StandardButton button, QString* text) {
    auto* timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button, text] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            *text = box->text();
            box->button(button)->click();
            timer->deleteLater();
        }
    });
    timer->start(10);
}

// Every action of the window with at least one shortcut.
QList<QAction*> shortcutActions(MainWindow& window) {
    QList<QAction*> out;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (!a->shortcuts().isEmpty()) {
            out << a;
        }
    }
    return out;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);  // settings of our own, not the user's
        QSettings().clear();
    }

    void init() {
        m_autosave = std::make_unique<QTemporaryDir>();
        m_window = std::make_unique<MainWindow>(m_autosave->path());
        m_window->resize(1440, 900);
        m_window->show();
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    void cleanup() {
        m_window->document()->undoStack()->setClean();  // no "save changes?" on close
        m_window.reset();
    }

    // Nothing selected: the node actions are disabled, say how to select, and do nothing.
    void nodeActionsNeedASelection() {
        Document& doc = *m_window->document();
        const NodeActions& actions = *m_window->nodeActions();
        QCOMPARE(doc.selectedNode(), std::nullopt);
        for (QAction* a : {actions.removeNode(), actions.addVnode(), actions.removeVnode(),
                           actions.rename(), actions.weight(), actions.color()}) {
            QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
            QVERIFY2(a->toolTip().contains(QStringLiteral("select a node first")),
                     qPrintable(a->toolTip()));
        }
        QVERIFY(actions.addNode()->isEnabled());
        QVERIFY(!button(*m_window, QStringLiteral("+ vnode"))->isEnabled());
        QVERIFY(!button(*m_window, QStringLiteral("Remove"))->isEnabled());
        actions.addVnode()->trigger();
        actions.removeNode()->trigger();
        QTest::keyClick(m_window.get(), Qt::Key_Delete);
        QCOMPARE(doc.undoStack()->count(), 0);  // never applied to node 0 behind the user's back
        QCOMPARE(doc.scenario().nodes.size(), size_t{3});
    }

    // A row of the table or a token on the ring: the same selection, shown in both.
    void tableAndRingShareTheSelection() {
        Document& doc = *m_window->document();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        table->window()->activateWindow();
        const QRect rowC = table->visualRect(table->model()->index(2, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rowC.center());
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(2));
        QVERIFY(m_window->nodeActions()->removeNode()->isEnabled());
        QVERIFY(button(*m_window, QStringLiteral("+ vnode"))->isEnabled());

        RingWidget* ring = m_window->ring();
        const RingGeometry g = ring->widgetGeometry();
        QTest::mouseClick(ring, Qt::LeftButton, {}, g.pointAt(60, g.radius).toPoint());  // B@60
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(1));
        QCOMPARE(table->selectionModel()->selectedRows().value(0).row(), 1);
        QCOMPARE(doc.undoStack()->count(), 0);  // a click is not a drag

        // The actions act on it: Delete removes B, not A.
        QTest::keyClick(m_window.get(), Qt::Key_Delete);
        QCOMPARE(doc.scenario().nodes.size(), size_t{2});
        QCOMPARE(doc.scenario().nodes[0].id, std::string("A"));
        QCOMPARE(doc.scenario().nodes[1].id, std::string("C"));
        QCOMPARE(doc.selectedNode(), std::nullopt);  // B is gone
        QVERIFY(!m_window->nodeActions()->removeNode()->isEnabled());

        // A click on the empty middle of the ring clears the selection.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, 0)).center());
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(0));
        QTest::mouseClick(ring, Qt::LeftButton, {}, g.center.toPoint());
        QCOMPARE(doc.selectedNode(), std::nullopt);
        QVERIFY(table->selectionModel()->selectedRows().isEmpty());
    }

    // Mark Down / Bring Up: on the selected node only, from the Edit menu and the node menus,
    // one undo step each; the ring greys and hatches the down node's arcs, the moved-key panel
    // counts the lost primaries, and bringing the node up shows the hand-back.
    void markDownAndBringUp() {
        Document& doc = *m_window->document();
        const NodeActions& actions = *m_window->nodeActions();
        QAction* down = actions.down();
        QVERIFY(!down->isEnabled());
        QVERIFY(down->toolTip().contains(QStringLiteral("select a node first")));
        down->trigger();
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(menu(*m_window, QStringLiteral("Edit"))->actions().contains(down));
        QMenu nodeMenu;
        actions.addSelectedNodeActions(&nodeMenu);
        QVERIFY(nodeMenu.actions().contains(down));

        RingWidget* ring = m_window->ring();
        const RingGeometry g = ring->widgetGeometry();
        const QColor colorB = nodeColors(doc.scenario().nodes)[1];
        // Pixels of B's colour in a patch of B's arc (20, 60], around position 28 (away from
        // its label).
        const auto bPixels = [&] {
            const QImage image = ring->grab().toImage();
            const QPoint at = g.pointAt(28, (g.radius + g.bandInner()) / 2).toPoint();
            int count = 0;
            for (int dy = -4; dy <= 4; ++dy) {
                for (int dx = -4; dx <= 4; ++dx) {
                    count += image.pixelColor(at + QPoint(dx, dy)) == colorB ? 1 : 0;
                }
            }
            return count;
        };
        QCOMPARE(bPixels(), 81);

        QTableView* table = m_window->findChild<NodePanel*>()->view();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(1, 0)).center());
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(1));
        QVERIFY(down->isEnabled());
        QCOMPARE(down->text(), QStringLiteral("Mark &Down"));
        down->trigger();
        QTRY_VERIFY(doc.scenario().nodes[1].down);
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(1));
        QCOMPARE(down->text(), QStringLiteral("Bring &Up"));
        // Seed 000 with R = 1: B's 40 keys (21..60) go to C, and none had a second copy.
        const MoveSummary s = doc.moveSummary();
        QVERIFY(s.hasDown);
        QCOMPARE(s.primaryMoved, size_t(40));
        QCOMPARE(s.failover.primaryLost, size_t(40));
        QCOMPARE(s.failover.noReplica, size_t(40));
        QCOMPARE(doc.keyCountsPerNode(), (std::vector<uint64_t>{30, 0, 70}));
        QCOMPARE(doc.keyFailover(40), Failover::NoReplica);
        QCOMPARE(doc.keyFailover(10), Failover::None);
        const QString summary = failoverSummaryText(doc);
        QVERIFY2(summary.contains(QStringLiteral("Down: B")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("40 lost their primary")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("40 with no live replica")), qPrintable(summary));
        QVERIFY2(table->model()->index(1, 0).data().toString().contains(QStringLiteral("down")),
                 qPrintable(table->model()->index(1, 0).data().toString()));
        QVERIFY(bPixels() < 40);  // greyed, B's colour left only in the hatching

        // Undo and redo are the edit; Bring Up hands B's keys back.
        doc.undoStack()->undo();
        QTRY_VERIFY(!doc.scenario().nodes[1].down);
        QCOMPARE(bPixels(), 81);
        doc.undoStack()->redo();
        QTRY_VERIFY(doc.scenario().nodes[1].down);
        down->trigger();
        QTRY_VERIFY(!doc.scenario().nodes[1].down);
        QCOMPARE(doc.undoStack()->count(), 2);
        QCOMPARE(doc.moveSummary().failover.handedBack, size_t(40));
        QCOMPARE(doc.keyFailover(40), Failover::HandedBack);
        QVERIFY(failoverSummaryText(doc).contains(QStringLiteral("40 keys handed back")));
        QCOMPARE(doc.keyCountsPerNode(), (std::vector<uint64_t>{30, 40, 30}));
    }

    // The dock's "+ vnode" keeps working click after click, on the same node.
    void repeatedPlusVnode() {
        Document& doc = *m_window->document();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, 0)).center());
        QToolButton* plus = button(*m_window, QStringLiteral("+ vnode"));
        for (int click = 1; click <= 4; ++click) {
            QVERIFY(plus->isEnabled());
            QTest::mouseClick(plus, Qt::LeftButton);
            QCOMPARE(doc.scenario().nodes[0].tokens.size(), size_t(1 + click));
            QVERIFY(doc.moveSummary().primaryMoved > 0);
            QCOMPARE(table->selectionModel()->selectedRows().value(0).row(), 0);
        }
        QCOMPARE(doc.undoStack()->count(), 4);
        // "Add node" selects the new node, so "+ vnode" goes to it next.
        QTest::mouseClick(button(*m_window, QStringLiteral("Add")), Qt::LeftButton);
        QCOMPARE(doc.scenario().nodes.back().id, std::string("D"));
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(3));
        QTest::mouseClick(plus, Qt::LeftButton);
        QCOMPARE(doc.scenario().nodes[3].tokens.size(), size_t{2});
    }

    // Ctrl+=, Ctrl++, Ctrl+- and Ctrl+0 zoom the ring and edit nothing; no other action sits on
    // a zoom key.
    void zoomKeysOnlyZoom() {
        Document& doc = *m_window->document();
        doc.setSelectedNode(0);  // so that an edit on a zoom key would have something to edit
        RingWidget* ring = m_window->ring();
        const double start = ring->zoom();
        QTest::keyClick(m_window.get(), Qt::Key_Equal, Qt::ControlModifier);
        QVERIFY(ring->zoom() > start);
        const double afterEqual = ring->zoom();
        QTest::keyClick(m_window.get(), Qt::Key_Plus, Qt::ControlModifier);
        QVERIFY(ring->zoom() > afterEqual);
        QTest::keyClick(m_window.get(), Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(ring->zoom(), afterEqual);
        QTest::keyClick(m_window.get(), Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(ring->zoom(), 1.0);
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(doc.scenario(), Document::defaultScenario());

        const QList<QKeySequence> zoomKeys = {
            QKeySequence(QStringLiteral("Ctrl+=")), QKeySequence(QStringLiteral("Ctrl++")),
            QKeySequence(QStringLiteral("Ctrl+-")), QKeySequence(QStringLiteral("Ctrl+0"))};
        int zoomActions = 0;
        for (QAction* a : shortcutActions(*m_window)) {
            for (const QKeySequence& key : a->shortcuts()) {
                if (zoomKeys.contains(key)) {
                    QVERIFY2(a->text().contains(QStringLiteral("Zoom")), qPrintable(a->text()));
                    ++zoomActions;
                }
            }
        }
        QCOMPARE(zoomActions, 4);
        // And no two actions share a shortcut.
        QList<QKeySequence> seen;
        for (QAction* a : shortcutActions(*m_window)) {
            const QList<QKeySequence> keys = a->shortcuts();
            for (const QKeySequence& key : QSet<QKeySequence>(keys.begin(), keys.end())) {
                QVERIFY2(!seen.contains(key), qPrintable(key.toString()));
                seen << key;
            }
        }
    }

    // File -> Open with a plain key list offers it as the current scenario's key set; a list
    // that cannot be read says which file and why, and changes nothing.
    void openKeyList() {
        Document& doc = *m_window->document();
        QTemporaryDir dir;
        const QString list = dir.filePath(QStringLiteral("hot-keys.txt"));
        QFile file(list);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("1\n2\n3\n50\n");
        file.close();
        QString question;
        answerNextMessageBox(QMessageBox::Yes, &question);
        QVERIFY(m_window->openFile(list));
        QVERIFY2(question.contains(QStringLiteral("hot-keys.txt holds 4 keys")),
                 qPrintable(question));
        doc.waitForIdle();
        QCOMPARE(doc.keys().names, (std::vector<std::string>{"1", "2", "3", "50"}));
        QCOMPARE(doc.scenario().nodes.size(), size_t{3});  // the same scenario, new keys
        doc.undoStack()->undo();
        doc.waitForIdle();
        QCOMPARE(doc.keys().size(), size_t{100});

        QString warning;
        answerNextMessageBox(QMessageBox::Ok, &warning);
        QVERIFY(!m_window->openFile(dir.filePath(QStringLiteral("gone.txt"))));
        QCOMPARE(warning, dir.filePath(QStringLiteral("gone.txt")) +
                              QStringLiteral(": cannot read the key file: no such file"));
        QCOMPARE(doc.keys().size(), size_t{100});
    }

    // The node table, the load chart and the ring show each node in the same colour, a picked one
    // included; the ketama table gives each server's point count.
    void tableChartAndRingAgree() {
        Document& doc = *m_window->document();
        QVERIFY(doc.setNodeColor(1, 0x884400));
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        const std::vector<QColor> colors = nodeColors(doc.scenario().nodes);
        QCOMPARE(colors[1], QColor(0x88, 0x44, 0x00));
        auto* load = m_window->findChild<LoadHistogramPanel*>();
        QVERIFY(load);
        for (int n = 0; n < 3; ++n) {
            QCOMPARE(table->model()->index(n, 0).data(Qt::DecorationRole).value<QColor>(),
                     colors[size_t(n)]);
            QCOMPARE(load->chartData().sets[size_t(n)].color, colors[size_t(n)]);
        }
        // The ring: B's arc, halfway between A@20 and B@60, is drawn in B's picked colour.
        RingWidget* ring = m_window->ring();
        const QImage image = ring->grab().toImage();
        const RingGeometry g = ring->widgetGeometry();
        const QPoint inB = g.pointAt(40, (g.radius + g.bandInner()) / 2 + 6).toPoint();
        QCOMPARE(image.pixelColor(inB), colors[1]);

        QVERIFY(m_window->openFile(
            QStringLiteral(RINGSCOPE_SOURCE_DIR "/resources/presets/ketama-memcached-pool.json")));
        doc.waitForIdle();
        const QStringList points = {QStringLiteral("128 points"), QStringLiteral("128 points"),
                                    QStringLiteral("256 points"), QStringLiteral("128 points")};
        for (int n = 0; n < 4; ++n) {
            QCOMPARE(table->model()->index(n, 1).data().toString(), points[n]);
        }
    }

    void helpMenu() {
        QMenu* help = menu(*m_window, QStringLiteral("Help"));
        QVERIFY(help);
        QStringList items;
        for (QAction* a : help->actions()) {
            items << a->text().remove(u'&');
        }
        QVERIFY(items.contains(QStringLiteral("How to Read the Ring")));
        QVERIFY(items.contains(QStringLiteral("Keyboard Shortcuts")));
        QVERIFY(items.contains(QStringLiteral("About Ringscope")));
        const QString guide = ringGuideText();
        for (const char* word : {"owns the arc", "baseline", "1/(N+1)", "Red", "replica"}) {
            QVERIFY2(guide.contains(QLatin1String(word)), word);
        }
    }

    // Each preset's description: in the Presets menu's tool tips, and above the ring once open.
    void presetDescriptions() {
        QMenu* presets = menu(*m_window, QStringLiteral("Presets"));
        QVERIFY(presets);
        QVERIFY(presets->toolTipsVisible());
        QVERIFY(presets->actions().size() >= 8);
        QAction* lesson = nullptr;
        for (QAction* a : presets->actions()) {
            QVERIFY2(a->toolTip().size() > 30, qPrintable(a->text()));
            if (a->text().startsWith(QStringLiteral("Vnode lesson"))) {
                lesson = a;
            }
        }
        QVERIFY(lesson);
        lesson->trigger();
        m_window->document()->waitForIdle();
        QLabel* line = nullptr;
        for (QLabel* label : m_window->centralWidget()->findChildren<QLabel*>()) {
            if (label->text().contains(QStringLiteral("Each node hashes four names"))) {
                line = label;
            }
        }
        QVERIFY(line);
        QVERIFY(line->isVisible());
        QVERIFY(line->text().contains(QStringLiteral("<b>Vnode lesson")));
    }

    // View -> Theme switches the whole window at run time and is remembered.
    void themeSwitchesAtRunTime() {
        QAction* dark = m_window->findChild<QAction*>(QStringLiteral("theme-dark"));
        QAction* light = m_window->findChild<QAction*>(QStringLiteral("theme-light"));
        QVERIFY(dark && light);
        dark->trigger();
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 60);
        QCOMPARE(savedTheme(), Theme::Dark);
        QVERIFY(dark->isChecked());
        RingWidget* ring = m_window->ring();
        // Widgets take the application palette from a posted event.
        QTRY_VERIFY(ring->palette().color(QPalette::Base).lightness() < 60);
        QImage image = ring->grab().toImage();
        QVERIFY(image.pixelColor(2, image.height() - 2).lightness() < 60);
        light->trigger();
        QCOMPARE(savedTheme(), Theme::Light);
        QTRY_VERIFY(ring->palette().color(QPalette::Base).lightness() > 200);
        image = ring->grab().toImage();
        QVERIFY(image.pixelColor(2, image.height() - 2).lightness() > 200);
        m_window->findChild<QAction*>(QStringLiteral("theme-system"))->trigger();
    }

private:
    std::unique_ptr<QTemporaryDir> m_autosave;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
