// The main window as a first-time user meets it: one rule for what the node actions act on (the
// node selected in the table or clicked on the ring; nothing selected, nothing enabled), "+ vnode"
// on repeated clicks, zoom keys that only zoom, the Help menu and the About box's version, preset
// descriptions, the theme, and File → Open Recent as the desktop's recent files.
#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyleOption>
#include <QTabBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QUndoStack>

#include <map>

#include "algorithms/elasticsearch/elasticsearchplacement.h"
#include "analysispanel.h"
#include "analysisviews.h"
#include "barchart.h"
#include "clientspanel.h"
#include "comparisonmodel.h"
#include "comparisonpanel.h"
#include "document.h"
#include "helpdialogs.h"
#include "hrwpanel.h"
#include "jumppanel.h"
#include "language.h"
#include "learningtools.h"
#include "lesson.h"
#include "lessonplayer.h"
#include "loadhistogrampanel.h"
#include "mainwindow.h"
#include "memoryguard.h"
#include "modnpanel.h"
#include "movedkeyspanel.h"
#include "newscenario.h"
#include "newscenariodialog.h"
#include "nodeactions.h"
#include "nodepanel.h"
#include "nodetablemodel.h"
#include "numberformat.h"
#include "peakmemory.h"
#include "recentfiles.h"
#include "ringcolors.h"
#include "ringwidget.h"
#include "testpaths.h"
#include "theme.h"
#include "viewregistry.h"
#include "vnodestudypanel.h"

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

// Whether `widget` sits inside a scroll area's viewport (where it may extend past the panel).
bool scrolled(const QWidget* widget, const QWidget* panel) {
    for (const QWidget* w = widget->parentWidget(); w && w != panel; w = w->parentWidget()) {
        if (qobject_cast<const QAbstractScrollArea*>(w)) {
            return true;
        }
    }
    return false;
}

// Why a panel is not fully legible at its size: a child cut off at its bottom or right edge, or
// a wrapped label given less height than its text needs. Empty when it is.
QString clipped(QWidget* panel) {
    if (panel->height() < panel->minimumSizeHint().height()) {
        return QStringLiteral("%1 px high, needs %2")
            .arg(panel->height())
            .arg(panel->minimumSizeHint().height());
    }
    for (QWidget* child : panel->findChildren<QWidget*>()) {
        if (!child->isVisible() || scrolled(child, panel)) {
            continue;
        }
        const QRect at(child->mapTo(panel, QPoint(0, 0)), child->size());
        if (at.bottom() > panel->height() || at.right() > panel->width()) {
            return QStringLiteral("%1 reaches %2,%3 in a %4x%5 panel")
                .arg(QString::fromLatin1(child->metaObject()->className()))
                .arg(at.right())
                .arg(at.bottom())
                .arg(panel->width())
                .arg(panel->height());
        }
        if (auto* chart = qobject_cast<BarChart*>(child); chart && !chart->categoryLabelsFit()) {
            return QStringLiteral("a category label of \"%1\" runs off the chart")
                .arg(chart->data().title);
        }
        auto* label = qobject_cast<QLabel*>(child);
        if (label && label->wordWrap() && label->height() < label->heightForWidth(label->width())) {
            return QStringLiteral("\"%1\" gets %2 of %3 px")
                .arg(label->text().left(40))
                .arg(label->height())
                .arg(label->heightForWidth(label->width()));
        }
    }
    return {};
}

// The first analysis view that is not legible whole at the window's layout, and why; empty if
// all are.
// Returns once every view in sight shows its result for the document's scenario: each counts in
// the background, and under load (AddressSanitizer, a parallel test) that takes longer than any
// fixed wait (the Redis slots panel was caught blank after 400 ms). A hidden view counts nothing
// until it is shown (AnalysisPanel::scheduleWork).
void waitForViews(MainWindow& window) {
    window.document()->waitForIdle();
    for (ComparisonModel* model : window.findChildren<ComparisonModel*>()) {
        model->waitForIdle();
    }
    for (AnalysisPanel* panel : window.findChildren<AnalysisPanel*>()) {
        if (panel->isVisible()) {
            panel->waitForIdle();
        }
    }
    QTest::qWait(20);
}

QString clippedView(MainWindow& window) {
    // Each view as it settles, not half-way through installing a result counted in the
    // background.
    waitForViews(window);
    for (const char* name : {"loadHistogramDock", "comparisonDock", "hrwDock", "jumpDock",
                             "modnDock", "vnodeStudyDock"}) {
        auto* dock = window.findChild<QDockWidget*>(QLatin1String(name));
        if (!dock) {
            return QStringLiteral("no %1").arg(QLatin1String(name));
        }
        dock->raise();
        waitForViews(window);  // raised, it works out what it put off while behind another
        if (const QString why = clipped(dock->widget()); !why.isEmpty()) {
            return QLatin1String(name) + QStringLiteral(": ") + why;
        }
    }
    return {};
}

// The middle of each node's widest arc on the ring (between its band's edges), as a position.
std::vector<uint64_t> arcMiddles(const Placement& placement) {
    const Ring& ring = placement.ring();
    std::vector<uint64_t> middle(placement.nodes().size(), 0);
    std::vector<uint64_t> widest(placement.nodes().size(), 0);
    const uint64_t space = ring.space();  // 0: 2^64
    for (size_t t = 0; t < ring.size(); ++t) {
        const uint64_t p = ring.position(ring.predecessor(t));
        uint64_t width = ring.position(t) - p;  // modulo 2^64, and then within the space
        if (space != 0 && ring.position(t) <= p) {
            width = space - p + ring.position(t);
        }
        if (width > widest[ring.node(t)]) {
            widest[ring.node(t)] = width;
            middle[ring.node(t)] = space != 0 ? (p + width / 2) % space : p + width / 2;
        }
    }
    return middle;
}

// The colour drawn in the middle of each node's widest arc, in a picture of the ring laid out
// by `geometry`.
std::vector<QColor> arcColours(const QImage& image, const RingGeometry& geometry,
                               const std::vector<uint64_t>& middles) {
    std::vector<QColor> out;
    for (const uint64_t m : middles) {
        const QPointF at = geometry.pointAt(m, (geometry.radius + geometry.bandInner()) / 2);
        out.push_back(image.pixelColor(at.toPoint()));
    }
    return out;
}

// True if the text holds kana or kanji.
bool hasJapaneseText(const QString& text) {
    return std::any_of(text.begin(), text.end(), [](QChar c) {
        return (c.unicode() >= 0x3040 && c.unicode() <= 0x30FF) ||
               (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF);
    });
}

// `ringscope-cli diff BEFORE AFTER`'s summary line "bytes moved: X of Y (Z%)" as {X, Y}.
std::pair<uint64_t, uint64_t> cliBytesMoved(const QString& before, const QString& after) {
    QProcess cli;
    cli.start(ringscope::test::binaryPath("/app/cli/ringscope-cli"),
              {QStringLiteral("diff"), before, after});
    if (!cli.waitForFinished(60000) || cli.exitCode() != 0) {
        return {};
    }
    for (const QString& line : QString::fromUtf8(cli.readAllStandardError()).split(u'\n')) {
        if (line.startsWith(QStringLiteral("bytes moved: "))) {
            const QStringList words = line.split(u' ');
            return {words.value(2).toULongLong(), words.value(4).toULongLong()};
        }
    }
    return {};
}

// Closes the next file dialog: with `file` typed in (accepted), or cancelled; `proposed` gets the
// path it proposed.
void answerNextFileDialog(const QString& file, QString* proposed) {
    auto* timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, timer, [timer, file, proposed] {
        if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
            *proposed = dialog->selectedFiles().value(0);
            if (file.isEmpty()) {
                dialog->reject();
            } else {
                dialog->selectFile(file);
                // selectFile leaves the name field as it is while the field has the focus
                // (the dialog shown and focused before the timer fired): type the name there too.
                if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))) {
                    name->setText(file);
                }
                QMetaObject::invokeMethod(dialog, "accept");
            }
            timer->deleteLater();
        }
    });
    timer->start(10);
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);  // settings of our own, not the user's
        QSettings().clear();
        QFile::remove(RecentFiles::defaultPath());  // and recent files of our own
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
        if (m_window) {  // a test that failed after taking the window down left none
            m_window->document()->undoStack()->setClean();  // no "save changes?" on close
        }
        m_window.reset();
        applyLanguage(Language::English);
    }
    // A new window, in the language applied now.
    // In the whole window an edit's moved keys glide their 600 ms: no view's answer arriving
    // after the edit (the clients view saying it has no second client) stops them on the way.
    void anEditGlidesToTheEnd() {
        Document& doc = *m_window->document();
        RingWidget* ring = m_window->ring();
        doc.waitForIdle();
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        QVERIFY(ring->isMigrating());
        QTest::qWait(RingWidget::kGlideMs / 2);
        QVERIFY(ring->isMigrating());
        QTRY_VERIFY_WITH_TIMEOUT(!ring->isMigrating(), 4 * RingWidget::kGlideMs);
    }

    void reopenWindow() {
        m_window->document()->undoStack()->setClean();
        m_window.reset();
        init();
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

    // Add Node on a pool longer than the table: the new row is selected and scrolled into view,
    // whole, at the first add (the table scrolled to the row before it, the new one hidden).
    void addedNodeIsScrolledIntoView() {
        Document& doc = *m_window->document();
        Scenario s;
        s.tokenScheme = TokenScheme::Haproxy;
        for (int n = 0; n < 60; ++n) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(n + 1) + ":80";
            s.nodes.push_back(node);
        }
        s.keys.pattern = "k{i}";
        s.keys.count = 1000;
        QVERIFY(doc.replaceScenario(s, {}, false));
        doc.waitForIdle();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        for (int add = 0; add < 2; ++add) {
            QVERIFY(doc.addNode());
            doc.waitForIdle();
            QCoreApplication::processEvents();
            const int last = table->model()->rowCount() - 1;
            QCOMPARE(last, 60 + add);
            QCOMPARE(doc.selectedNode(), std::optional<size_t>(size_t(last)));
            const QRect row = table->visualRect(table->model()->index(last, 0));
            QVERIFY2(table->viewport()->rect().contains(row),
                     qPrintable(QStringLiteral("add %1: row at %2..%3 of %4")
                                    .arg(add)
                                    .arg(row.top())
                                    .arg(row.bottom())
                                    .arg(table->viewport()->height())));
        }
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
        // A ring of explicit tokens is a store: a key with no live copy is unavailable (not a
        // miss served by the next node, as behind a proxy), once, with where it is served now.
        QVERIFY2(summary.contains(QStringLiteral("40 with no live copy: unavailable")),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("now served by C 40")), qPrintable(summary));
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

    // Editing a cell of the node table keeps that node selected: the next Delete removes it,
    // not the first row. Each editable column, typed into the cell's editor as a user does.
    void editingACellKeepsTheSelection_data() {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("id");  // C's id after the edit
        QTest::newRow("tokens") << int(NodeTableModel::Tokens) << QStringLiteral("85")
                                << QStringLiteral("C");
        QTest::newRow("weight") << int(NodeTableModel::Weight) << QStringLiteral("2")
                                << QStringLiteral("C");
        QTest::newRow("zone") << int(NodeTableModel::Zone) << QStringLiteral("az-3")
                              << QStringLiteral("C");
        QTest::newRow("name") << int(NodeTableModel::Id) << QStringLiteral("10.0.0.3:11211")
                              << QStringLiteral("10.0.0.3:11211");
    }
    void editingACellKeepsTheSelection() {
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(QString, id);
        Document& doc = *m_window->document();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        const QModelIndex cell = table->model()->index(2, column);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(cell).center());
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(2));
        QTest::qWait(QApplication::doubleClickInterval() + 50);  // a new click, not a double one
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(cell).center());
        auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
        if (!editor) {  // the weight's spin box holds a line edit
            editor = QApplication::focusWidget()->findChild<QLineEdit*>();
        }
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, text);
        QTest::keyClick(editor, Qt::Key_Return);  // the delegate commits from the event loop
        QTRY_COMPARE(doc.undoStack()->count(), 1);
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes[2].id, id.toStdString());
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(2));
        QTRY_COMPARE(table->selectionModel()->selectedRows().value(0).row(), 2);
        QCOMPARE(table->currentIndex().row(), 2);
        // The next Delete, with the focus back in the table, removes that node.
        QTest::keyClick(table, Qt::Key_Delete);
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes.size(), size_t{2});
        QCOMPARE(doc.scenario().nodes[0].id, std::string("A"));
        QCOMPARE(doc.scenario().nodes[1].id, std::string("B"));
    }

    // Removing a node that leaves fewer nodes than the replicas lowers R, and says so: in the
    // status bar and in the undo step's name.
    void removingANodeThatLowersReplicasSaysSo() {
        Document& doc = *m_window->document();
        QVERIFY(m_window->openFile(
            ringscope::test::sourcePath("/resources/presets/replicas-zones.json")));
        doc.waitForIdle();
        QCOMPARE(doc.scenario().replicas, int64_t{3});
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        for (int removed = 0; removed < 3; ++removed) {  // 6 nodes -> 3: R = 3 still fits
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                              table->visualRect(table->model()->index(0, 0)).center());
            QTest::keyClick(table, Qt::Key_Delete);
            doc.waitForIdle();
        }
        QCOMPARE(doc.scenario().nodes.size(), size_t{3});
        QCOMPARE(doc.scenario().replicas, int64_t{3});
        QCOMPARE(doc.undoStack()->text(doc.undoStack()->index() - 1),
                 QStringLiteral("Remove node b1"));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, 0)).center());
        const QString id = table->model()->index(0, 0).data().toString();
        QTest::keyClick(table, Qt::Key_Delete);
        doc.waitForIdle();
        QCOMPARE(doc.scenario().replicas, int64_t{2});
        QCOMPARE(doc.undoStack()->text(doc.undoStack()->index() - 1),
                 QStringLiteral("Remove node %1 (replicas 3 → 2)").arg(id));
        const QString status = m_window->statusBar()->currentMessage();
        QVERIFY2(status.contains(QStringLiteral("replicas went down from 3 to 2")),
                 qPrintable(status));
        QVERIFY2(status.contains(id), qPrintable(status));
        QAction* undo = menu(*m_window, QStringLiteral("Edit"))->actions().value(0);
        QVERIFY2(undo->text().contains(QStringLiteral("(replicas 3 → 2)")),
                 qPrintable(undo->text()));
    }

    // Renaming a node moves no key: the status bar, the moved-key list, the ring's centre and
    // the comparison all say nothing moved, and the comparison names the rename.
    void renamingMovesNoKeys() {
        Document& doc = *m_window->document();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        const QModelIndex b = table->model()->index(1, NodeTableModel::Id);
        QVERIFY(table->model()->setData(b, QStringLiteral("10.0.0.2:11211")));
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes[1].id, std::string("10.0.0.2:11211"));
        QCOMPARE(doc.moveSummary().primaryMoved, size_t{0});
        QCOMPARE(doc.moveSummary().ideal, 0.0);
        QVERIFY(doc.changedKeys().empty());
        auto* moved = m_window->findChild<MovedKeysPanel*>();
        QCOMPARE(moved->model().rowCount(), 0);
        // An edit lists its moved keys once (at ten million keys each listing scans them all).
        QSignalSpy listed(&moved->model(), &MovedKeysModel::listed);
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        QCOMPARE(listed.count(), 1);
        QCOMPARE(moved->model().rowCount(), int(doc.changedKeys().size()));
        QVERIFY(moved->model().rowCount() > 0);
        doc.undoStack()->undo();
        doc.waitForIdle();
        QCOMPARE(listed.count(), 2);
        const QString status = moveSummaryText(doc);
        QVERIFY2(status.startsWith(QStringLiteral("0 of 100 keys moved")), qPrintable(status));
        auto* comparison = m_window->findChild<ComparisonModel*>();
        comparison->waitForIdle();
        QTRY_VERIFY(!comparison->result().algorithms.empty());
        QCOMPARE(comparison->result().change, QStringLiteral("renamed B to 10.0.0.2:11211"));
        for (const AlgorithmResult& r : comparison->result().algorithms) {
            if (r.diff && (r.algorithm == Algorithm::Ring || r.algorithm == Algorithm::Jump ||
                           r.algorithm == Algorithm::ModN)) {
                // The same node under a new name: where keys follow tokens or buckets, none move.
                QVERIFY2(r.diff->primaryMoved == 0, qPrintable(algorithmLabel(r.compared())));
            }
        }
        // A hash-named node does move keys when renamed (its tokens are hashes of its name): the
        // keys that stay with it are not counted, the ones its new tokens take or leave are.
        QVERIFY(doc.replaceScenario(
            loadScenarioFile(ringscope::test::sourcePath("/resources/presets/seed003-3nodes.json")),
            QString(), false));
        doc.waitForIdle();
        QVERIFY(doc.renameNode(0, QStringLiteral("api-z")));
        doc.waitForIdle();
        size_t changedOwner = 0;  // keys whose node changed, a renamed node being the same node
        size_t byId = 0;          // what counting the renamed node as a new one would report
        for (size_t k = 0; k < doc.keys().size(); ++k) {
            const uint32_t was = doc.baselineAssignment().primary(k);
            const uint32_t now = doc.assignment().primary(k);
            changedOwner += was != now;
            byId += was != now || now == 0;
        }
        QVERIFY(changedOwner > 0);
        QCOMPARE(doc.moveSummary().primaryMoved, changedOwner);
        QVERIFY(changedOwner < byId);
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
        // Unattended (ringscope --quit-when-loaded) the list is used without the question.
        m_window->setUnattended(true);
        const bool used = m_window->openFile(list);
        m_window->setUnattended(false);
        QVERIFY(used);
        doc.waitForIdle();
        QCOMPARE(doc.keys().names, (std::vector<std::string>{"1", "2", "3", "50"}));
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
            ringscope::test::sourcePath("/resources/presets/ketama-memcached-pool.json")));
        doc.waitForIdle();
        const QStringList points = {QStringLiteral("128 points"), QStringLiteral("128 points"),
                                    QStringLiteral("256 points"), QStringLiteral("128 points")};
        for (int n = 0; n < 4; ++n) {
            QCOMPARE(table->model()->index(n, 1).data().toString(), points[n]);
        }

        // A Redis Cluster master shows the slot ranges it owns (read from its file).
        QVERIFY(m_window->openFile(
            ringscope::test::sourcePath("/resources/presets/redis-cluster-resharding.json")));
        doc.waitForIdle();
        QCOMPARE(table->model()->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Slots"));
        QCOMPARE(table->model()->index(0, 1).data().toString(),
                 QStringLiteral("500–5460 (4,961 slots)"));
        QCOMPARE(table->model()->index(2, 1).data().toString(),
                 QStringLiteral("0–499, 10923–16383 (5,961 slots)"));
        QVERIFY(!(table->model()->flags(table->model()->index(0, 1)) & Qt::ItemIsEditable));
        QVERIFY(table->model()->flags(table->model()->index(0, 0)) & Qt::ItemIsEditable);
    }

    // A node's colour follows its id whatever the id looks like: removing 10.0.0.2:11211 from a
    // memcached pool recolours no other server, in the table, on the ring and in the picture
    // `ringscope-cli render` draws of the same scenario; removing a host of the Maglev preset
    // recolours no other host.
    void coloursFollowTheIdInWindowAndRender() {
        Document& doc = *m_window->document();
        Scenario pool;
        pool.title = "memcached pool";
        pool.keyHash = HashKind::Md5;
        pool.tokenScheme = TokenScheme::Ketama;
        for (int i = 1; i <= 5; ++i) {
            NodeSpec node;
            node.id = "10.0.0." + std::to_string(i) + ":11211";
            pool.nodes.push_back(node);
        }
        pool.keys.pattern = "key-{i}";
        pool.keys.count = 500;
        QVERIFY(doc.replaceScenario(pool, QString(), false));
        doc.waitForIdle();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        const auto tableColours = [&] {
            std::map<std::string, QColor> out;
            for (int row = 0; row < table->model()->rowCount(); ++row) {
                const QModelIndex id = table->model()->index(row, 0);
                out[id.data().toString().toStdString()] =
                    id.data(Qt::DecorationRole).value<QColor>();
            }
            return out;
        };
        const auto ringColours = [&] {
            std::map<std::string, QColor> out;
            const std::vector<QColor> drawn =
                arcColours(m_window->ring()->grab().toImage(), m_window->ring()->widgetGeometry(),
                           arcMiddles(doc.placement()));
            for (size_t n = 0; n < drawn.size(); ++n) {
                out[doc.scenario().nodes[n].id] = drawn[n];
            }
            return out;
        };
        const auto before = tableColours();
        const auto ringBefore = ringColours();
        QCOMPARE(ringBefore, before);

        // The user selects 10.0.0.2:11211 in the table and presses Delete.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(1, 0)).center());
        QCOMPARE(doc.selectedNode(), std::optional<size_t>(1));
        QTest::keyClick(table, Qt::Key_Delete);
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes.size(), size_t{4});
        const auto after = tableColours();
        for (const auto& [id, colour] : after) {
            QVERIFY2(before.at(id) == colour, id.c_str());
        }
        QCOMPARE(ringColours(), after);

        // The command-line picture of the same scenario: the same colour in each node's arc.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("pool.json"));
        QVERIFY(doc.saveFile(file));
        const QString png = dir.filePath(QStringLiteral("pool.png"));
        QProcess cli;
        cli.start(ringscope::test::binaryPath("/app/cli/ringscope-cli"),
                  {QStringLiteral("render"), file, QStringLiteral("-o"), png});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QImage picture(png);
        QVERIFY(!picture.isNull());
        RingGeometry logical = m_window->ring()->scene().geometry();
        const QTransform toPicture = m_window->ring()->scene().pictureTransform(
            QRectF(0, 0, picture.width(), picture.height()));
        const std::vector<uint64_t> middles = arcMiddles(doc.placement());
        for (size_t n = 0; n < middles.size(); ++n) {
            const QPointF at = toPicture.map(
                logical.pointAt(middles[n], (logical.radius + logical.bandInner()) / 2));
            QVERIFY2(colorDistance(picture.pixelColor(at.toPoint()),
                                   after.at(doc.scenario().nodes[n].id)) < 2,
                     doc.scenario().nodes[n].id.c_str());
        }

        // The Maglev preset: removing 10.0.0.11:8080 leaves every other host its colour.
        QVERIFY(m_window->openFile(
            ringscope::test::sourcePath("/resources/presets/envoy-maglev.json")));
        doc.waitForIdle();
        const auto hosts = tableColours();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(1, 0)).center());
        QTest::keyClick(table, Qt::Key_Delete);
        doc.waitForIdle();
        QCOMPARE(doc.scenario().nodes.size(), size_t{5});
        for (const auto& [id, colour] : tableColours()) {
            QVERIFY2(hosts.at(id) == colour, id.c_str());
        }
    }

    // Moving a token, draining a server and marking a node down: the window shows the bytes
    // moved, to the byte and as a share, next to the keys moved — in the status bar, the
    // moved-key panel and the ring's centre — and they are the bytes `ringscope-cli diff` counts.
    void bytesMovedAsDiffSaysThem() {
        Document& doc = *m_window->document();
        QTemporaryDir dir;
        QLabel* status = nullptr;
        for (QLabel* label : m_window->statusBar()->findChildren<QLabel*>()) {
            if (label->text().contains(QStringLiteral("keys moved"))) {
                status = label;
            }
        }
        QVERIFY(status);
        auto* movedPanel = m_window->findChild<MovedKeysPanel*>();
        QLabel* movedSummary = movedPanel->findChild<QLabel*>();
        QVERIFY(movedSummary);
        int step = 0;
        const auto check = [&](const QString& before) {
            doc.waitForIdle();
            QTest::qWait(150);  // the moved-key panel and the ring follow through the event loop
            const QString after = dir.filePath(QStringLiteral("after-%1.json").arg(++step));
            QVERIFY(doc.saveFile(after));
            const auto [moved, total] = cliBytesMoved(before, after);
            QVERIFY(total > 0);
            QVERIFY(moved > 0);
            QCOMPARE(doc.moveSummary().bytesMoved, moved);
            QCOMPARE(doc.moveSummary().totalBytes, total);
            const QString bytes = QStringLiteral("%1 of %2 bytes (%3)")
                                      .arg(format::count(moved), format::count(total),
                                           format::percentOf(moved, total));
            QVERIFY2(status->text().contains(bytes),
                     qPrintable(status->text() + QStringLiteral(" / ") + bytes));
            QVERIFY2(movedSummary->text().contains(bytes), qPrintable(movedSummary->text()));
            const QString centre = QStringLiteral("%1 of %2 moved (%3)")
                                       .arg(QLocale().formattedDataSize(qint64(moved)),
                                            QLocale().formattedDataSize(qint64(total)),
                                            format::percentOf(moved, total));
            if (doc.drawsRing()) {
                QVERIFY2(m_window->ring()->scene().texts().contains(centre),
                         qPrintable(m_window->ring()->scene().texts().join(u'|')));
            }
        };

        // A token moved: seed 000 with sized keys, B's token dragged from 60 to 73.
        Scenario sized = Document::defaultScenario();
        sized.keys.sizes.kind = SizeSpec::Kind::Uniform;
        sized.keys.sizes.min = 100;
        sized.keys.sizes.max = 5000;
        QVERIFY(doc.replaceScenario(sized, QString(), false));
        doc.waitForIdle();
        const QString seed = dir.filePath(QStringLiteral("seed.json"));
        QVERIFY(doc.saveFile(seed));
        RingWidget* ring = m_window->ring();
        const RingGeometry g = ring->widgetGeometry();
        QTest::mousePress(ring, Qt::LeftButton, {}, g.pointAt(60, g.radius).toPoint());
        QTest::mouseMove(ring, g.pointAt(66, g.radius).toPoint());
        QTest::mouseMove(ring, g.pointAt(73, g.radius).toPoint());
        QTest::mouseRelease(ring, Qt::LeftButton, {}, g.pointAt(73, g.radius).toPoint());
        QTRY_COMPARE(doc.undoStack()->count(), 1);
        check(seed);

        // A server drained: the ketama pool (log-normal sizes) without 10.0.1.3.
        const QString pool =
            ringscope::test::sourcePath("/resources/presets/ketama-memcached-pool.json");
        QVERIFY(m_window->openFile(pool));
        doc.waitForIdle();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(2, 0)).center());
        QTest::keyClick(table, Qt::Key_Delete);
        check(pool);

        // A node marked down: 10.0.1.2 of the same pool.
        QVERIFY(m_window->openFile(pool));
        doc.waitForIdle();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(1, 0)).center());
        m_window->nodeActions()->down()->trigger();
        QTRY_VERIFY(doc.scenario().nodes[1].down);
        check(pool);
    }

    // An algorithm that cannot run on the scenario reads "n/a" with its reason in the user's
    // language — no 0 % bar — and the reason never widens the table past the dock; after Mark
    // Down the headline names that change. In English and in Japanese.
    void comparisonTellsErrorsFromResults_data() {
        QTest::addColumn<bool>("japanese");
        QTest::newRow("English") << false;
        QTest::newRow("Japanese") << true;
    }
    void comparisonTellsErrorsFromResults() {
        QFETCH(bool, japanese);
        if (japanese) {
            QVERIFY(applyLanguage(Language::Japanese));
            reopenWindow();
        }
        Document& doc = *m_window->document();
        QTableView* nodes = m_window->findChild<NodePanel*>()->view();
        QTest::mouseClick(nodes->viewport(), Qt::LeftButton, {},
                          nodes->visualRect(nodes->model()->index(1, 0)).center());
        m_window->nodeActions()->down()->trigger();
        QTRY_VERIFY(doc.scenario().nodes[1].down);
        m_window->findChild<QDockWidget*>(QStringLiteral("comparisonDock"))->raise();
        auto* model = m_window->findChild<ComparisonModel*>();
        QTest::qWait(200);
        model->waitForIdle();
        QTest::qWait(50);
        auto* panel = m_window->findChild<ComparisonPanel*>();
        const QString headline = panel->headline();
        QVERIFY2(
            headline.contains(
                QCoreApplication::translate("QObject", "%1 marked down").arg(QStringLiteral("B"))),
            qPrintable(headline));
        const AlgorithmResult* bounded =
            model->result().find({Algorithm::Maglev, kComparedBalanceFactorPercent});
        QVERIFY(bounded && !bounded->error.isEmpty());
        const int row = int(bounded - model->result().algorithms.data());
        QTableWidget* table = panel->table();
        const QString notApplicable = japanese ? QStringLiteral("対象外") : QStringLiteral("n/a");
        QCOMPARE(table->item(row, ComparisonPanel::KeysMoved)->text(), notApplicable);
        QCOMPARE(table->item(row, ComparisonPanel::KeysMoved)->toolTip(), bounded->error);
        QVERIFY2(japanese ? hasJapaneseText(bounded->error)
                          : bounded->error.startsWith(QStringLiteral("bounded loads do not")),
                 qPrintable(bounded->error));
        auto* reason = panel->findChild<QLabel*>(QStringLiteral("notCompared"));
        QVERIFY(reason && reason->isVisible());
        QVERIFY2(reason->text().contains(bounded->error), qPrintable(reason->text()));
        // The chart: the bar's label says n/a, never 0 %.
        QCOMPARE(panel->chartData().valueNotes.value(row), notApplicable);
        QCOMPARE(panel->chartData().sets[size_t(row)].values[0], 0.0);
        QVERIFY(panel->chart().texts().contains(notApplicable));
        // The table stays within the dock; the reason wraps under it.
        QVERIFY2(table->geometry().right() <= panel->width(),
                 qPrintable(
                     QStringLiteral("%1 > %2").arg(table->geometry().right()).arg(panel->width())));
        QVERIFY(reason->geometry().right() <= panel->width());
        QCOMPARE(clipped(panel), QString());
        if (japanese) {
            applyLanguage(Language::English);
        }
    }

    // File → New asks what to build and builds it: a ketama pool of four servers named as
    // libmemcached names them, 160 points each, titled as asked — not a copy of seed 000.
    void fileNewBuildsAScenarioFromScratch() {
        Document& doc = *m_window->document();
        QAction* newAction = nullptr;
        for (QAction* a : menu(*m_window, QStringLiteral("File"))->actions()) {
            if (a->text().remove(u'&').startsWith(QStringLiteral("New"))) {
                newAction = a;
            }
        }
        QVERIFY(newAction);
        auto* timer = new QTimer(this);
        bool filled = false;
        connect(timer, &QTimer::timeout, this, [&] {
            auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!dialog || filled) {
                return;
            }
            filled = true;
            dialog->findChild<QLineEdit*>(QStringLiteral("newTitle"))
                ->setText(QStringLiteral("Session cache"));
            auto* profile = dialog->findChild<QComboBox*>(QStringLiteral("newProfile"));
            profile->setCurrentIndex(profile->findData(QStringLiteral("ketama")));
            dialog->findChild<QSpinBox*>(QStringLiteral("newNodes"))->setValue(4);
            dialog->findChild<QSpinBox*>(QStringLiteral("newKeys"))->setValue(8000);
            dialog->accept();
        });
        timer->start(20);
        newAction->trigger();
        timer->stop();
        QVERIFY(filled);
        doc.waitForIdle();
        const Scenario& s = doc.scenario();
        QCOMPARE(s.title, std::string("Session cache"));
        QCOMPARE(s.tokenScheme, TokenScheme::Ketama);
        QCOMPARE(s.nodes.size(), size_t{4});
        QCOMPARE(s.nodes[0].id, std::string("10.0.1.1"));
        QCOMPARE(doc.keys().size(), size_t{8000});
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(doc.filePath(), QString());
        // Not saved yet: the window is named after the scenario's title, not "Untitled".
        QVERIFY2(m_window->windowTitle().startsWith(QStringLiteral("Session cache")),
                 qPrintable(m_window->windowTitle()));
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        for (int row = 0; row < 4; ++row) {
            QCOMPARE(table->model()->index(row, NodeTableModel::Tokens).data().toString(),
                     QStringLiteral("160 points"));
            const double share = double(doc.keyCountsPerNode()[size_t(row)]) / 8000.0;
            QVERIFY2(share > 0.15 && share < 0.35, qPrintable(QString::number(share)));
        }
        auto* title = m_window->findChild<QLineEdit*>(QStringLiteral("scenarioTitle"));
        QVERIFY(title);
        QCOMPARE(title->text(), QStringLiteral("Session cache"));
    }

    // The middle of the window always draws the algorithm: the ring, or the view of an
    // algorithm without one (HRW's scores, jump's buckets, mod-N's buckets, Maglev's table,
    // Redis's slot ring), large, not a blank panel with a line of text; each scenario opens
    // with its front tab in view — after the Redis preset, Cassandra opens on Load, not on an
    // empty Redis slots tab.
    void centreDrawsTheAlgorithm_data() {
        QTest::addColumn<QString>("file");    // a preset, or an algorithm for seed 003
        QTest::addColumn<QString>("centre");  // the class drawn in the middle
        QTest::addColumn<QString>("frontDock");
        const QString ring = QStringLiteral("ringscope::RingWidget");
        const QString load = QStringLiteral("loadHistogramDock");
        for (const char* preset :
             {"seed000-ring.json", "cassandra-6x16-rf3.json", "ketama-memcached-pool.json",
              "envoy-ring-hash-weighted.json", "replicas-zones.json", "vnode-lesson.json"}) {
            QTest::newRow(preset) << QString::fromLatin1(preset) << ring << load;
        }
        QTest::newRow("envoy-maglev.json") << QStringLiteral("envoy-maglev.json")
                                           << QStringLiteral("ringscope::MaglevPanel") << load;
        QTest::newRow("redis-cluster-resharding.json")
            << QStringLiteral("redis-cluster-resharding.json")
            << QStringLiteral("ringscope::RedisSlotsPanel") << load;
        QTest::newRow("rendezvous")
            << QStringLiteral("rendezvous") << QStringLiteral("ringscope::HrwPanel") << load;
        QTest::newRow("weighted-rendezvous") << QStringLiteral("weighted-rendezvous")
                                             << QStringLiteral("ringscope::HrwPanel") << load;
        QTest::newRow("jump") << QStringLiteral("jump") << QStringLiteral("ringscope::JumpPanel")
                              << load;
        QTest::newRow("modn") << QStringLiteral("modn") << QStringLiteral("ringscope::ModNPanel")
                              << load;
    }
    void centreDrawsTheAlgorithm() {
        QFETCH(QString, file);
        QFETCH(QString, centre);
        QFETCH(QString, frontDock);
        QTest::qWait(50);
        Document& doc = *m_window->document();
        // The Redis preset first: what it brought forward must not stay in front.
        QVERIFY(m_window->openFile(
            ringscope::test::sourcePath("/resources/presets/redis-cluster-resharding.json")));
        doc.waitForIdle();
        if (file.endsWith(u".json")) {
            QVERIFY(m_window->openFile(ringscope::test::sourcePath("/resources/presets/") + file));
        } else {
            Scenario s = loadScenarioFile(
                ringscope::test::sourcePath("/resources/presets/seed003-3nodes.json"));
            s.algorithm = *algorithmFromName(file.toStdString());
            for (NodeSpec& node : s.nodes) {
                node.vnodes.reset();
            }
            QVERIFY(doc.replaceScenario(s, QString(), false));
        }
        waitForViews(*m_window);
        QWidget* middle = m_window->centre()->currentWidget();
        QCOMPARE(QString::fromLatin1(middle->metaObject()->className()), centre);
        QVERIFY(middle->isVisible());
        QVERIFY2(middle->width() > 800 && middle->height() > 400,
                 qPrintable(QStringLiteral("%1x%2").arg(middle->width()).arg(middle->height())));
        // A picture, not a blank panel with a line of text (which draws on under 1 % of it): as
        // much drawn on as the ring's band and key marks at least.
        const QImage image = middle->grab().toImage();
        const QColor background = image.pixelColor(image.width() - 2, image.height() - 2);
        int drawn = 0;
        for (int y = 0; y < image.height(); y += 4) {
            for (int x = 0; x < image.width(); x += 4) {
                drawn += image.pixelColor(x, y) != background ? 1 : 0;
            }
        }
        const double share = double(drawn) / double((image.height() / 4) * (image.width() / 4));
        QVERIFY2(share > 0.06, qPrintable(QString::number(share)));
        // Its dock says where it went; the front tab is in view and Redis slots is not.
        const AlgorithmViews views = algorithmViews(doc.scenario());
        if (views.centreDock) {
            auto* dock = m_window->findChild<QDockWidget*>(QLatin1String(views.centreDock));
            QVERIFY(isInCentre(dock));
        }
        auto* front = m_window->findChild<QDockWidget*>(frontDock);
        QVERIFY2(!front->visibleRegion().isEmpty(), qPrintable(frontDock));
        if (!centre.contains(QStringLiteral("Redis"))) {
            auto* redis = m_window->findChild<QDockWidget*>(QStringLiteral("redisSlotsDock"));
            QVERIFY(redis->visibleRegion().isEmpty());
            QVERIFY(!isInCentre(redis));
        }
    }

    // The ten-million-key preset, opened from the Presets menu: while it loads the middle of the
    // window says so — its title and a progress bar that only goes forward — instead of the
    // scenario before it, and the docks showing that one wait greyed out.
    void bigScenarioShowsItIsLoading() {
        Document& doc = *m_window->document();
        QAction* big = nullptr;
        for (QAction* a : menu(*m_window, QStringLiteral("Presets"))->actions()) {
            if (a->text().contains(QStringLiteral("10M keys"))) {
                big = a;
            }
        }
        QVERIFY(big);
        big->trigger();
        QVERIFY(doc.isBusy());
        QWidget* page = m_window->centre()->currentWidget();
        QCOMPARE(page->objectName(), QStringLiteral("loadingPage"));
        QVERIFY(page->isVisible());
        QVERIFY(!m_window->ring()->isVisible());  // not the scenario before
        bool named = false;
        for (QLabel* label : page->findChildren<QLabel*>()) {
            named = named || label->text().contains(big->text());
        }
        QVERIFY2(named, qPrintable(big->text()));
        QVERIFY(!m_window->findChild<NodePanel*>()->isEnabled());
        auto* bar = page->findChild<QProgressBar*>();
        QVERIFY(bar && bar->isVisible());
        QList<int> seen{bar->value()};
        connect(bar, &QProgressBar::valueChanged, this, [&](int v) { seen << v; });
        QTRY_VERIFY_WITH_TIMEOUT(!doc.isBusy(), 60000);
        QCOMPARE(doc.keys().size(), size_t{10'000'000});
        QVERIFY2(std::is_sorted(seen.begin(), seen.end()),
                 qPrintable(QString::number(seen.size())));
        QVERIFY(seen.size() >= 3);  // it moved while the keys were made, hashed and placed
        QVERIFY(seen.back() >= 75);
        // Loaded: the ring of the new scenario, and the docks back.
        QCOMPARE(m_window->centre()->currentWidget(), static_cast<QWidget*>(m_window->ring()));
        QVERIFY(m_window->ring()->isVisible());
        QVERIFY(m_window->findChild<NodePanel*>()->isEnabled());
        QCOMPARE(doc.scenario().title, big->text().toStdString());
    }

    // The hundred-million-key preset goes past the default limits: the Presets menu says what it
    // costs and what it raises, and opens it only when asked to; its load shows progress and
    // the loading page's Cancel leaves the scenario before it as it was.
    void hundredMillionPresetAsksFirst() {
        Document& doc = *m_window->document();
        auto* huge = m_window->findChild<QAction*>(QStringLiteral("preset-scale-100x256-100M"));
        QVERIFY(huge);
        QVERIFY(huge->text().contains(QStringLiteral("100M keys")));
        // Listed after the 1M and 10M ones (file names, numbers by value).
        const QList<QAction*> listed = menu(*m_window, QStringLiteral("Presets"))->actions();
        const auto at = [&](const char* name) {
            for (qsizetype i = 0; i < listed.size(); ++i) {
                if (listed[i]->objectName() == QLatin1String(name)) {
                    return i;
                }
            }
            return qsizetype{-1};
        };
        QVERIFY(at("preset-scale-100x256-1M") >= 0);
        QVERIFY(at("preset-scale-100x256-1M") < at("preset-scale-100x256-10M"));
        QVERIFY(at("preset-scale-100x256-10M") < at("preset-scale-100x256-100M"));
        QVERIFY(at("preset-seed000-ring") < at("preset-seed000-ring-d40"));
        const Scenario before = doc.scenario();
        QString question;
        answerNextMessageBox(QMessageBox::Cancel, &question);
        huge->trigger();
        for (const QString& told : {QStringLiteral("2 GB"), QStringLiteral("ten seconds"),
                                    QStringLiteral("keys: 10,000,000 → 100,000,000"),
                                    QStringLiteral("key-bytes: "), QStringLiteral("raised")}) {
            QVERIFY2(question.contains(told), qPrintable(question));
        }
        QVERIFY(!doc.isBusy());
        QCOMPARE(doc.scenario(), before);

        answerNextMessageBox(QMessageBox::Yes, &question);
        huge->trigger();
        QVERIFY(doc.isBusy());
        QWidget* page = m_window->centre()->currentWidget();
        QCOMPARE(page->objectName(), QStringLiteral("loadingPage"));
        auto* bar = page->findChild<QProgressBar*>();
        QVERIFY(bar && bar->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, 60000);  // it moves
        QPushButton* cancel = nullptr;
        for (QPushButton* b : page->findChildren<QPushButton*>()) {
            cancel = b->text() == QStringLiteral("Cancel") ? b : cancel;
        }
        QVERIFY(cancel && cancel->isVisible());
        cancel->click();
        QTRY_VERIFY_WITH_TIMEOUT(!doc.isBusy(), 60000);
        QCOMPARE(doc.scenario(), before);
        QVERIFY(m_window->ring()->isVisible());
    }

    // Closing the window while ten million keys load neither crashes (the document told the
    // half-gone window that the load stopped) nor waits for the load to end.
    void closingWhileABigScenarioLoads() {
        Document& doc = *m_window->document();
        QVERIFY(m_window->openFile(
            ringscope::test::sourcePath("/resources/presets/scale-100x256-10M.json")));
        QTest::qWait(100);
        QVERIFY(doc.isBusy());
        m_window->close();
        // Closing did not wait for the load: it still runs.
        QVERIFY(QThreadPool::globalInstance()->activeThreadCount() > 0);
        // Nor does the window's end: the load, abandoned (ComputeRunner::abandon cancels
        // without waiting), ends on its own at its next step — which, while a slow (sanitized)
        // build takes the window down, may come before the window is gone, so it is not
        // asserted here.
        m_window.reset();
        QThreadPool::globalInstance()->waitForDone();
        init();
    }

    // Polish, each checked: the dark theme's check boxes show their box; Tab leaves the node
    // table; a weight of 0 is refused in the user's words; presenting hides the lesson dock's
    // title buttons; counts of one read in the singular; the export proposes a file name and
    // the picture carries the current title; an emoji in an id is drawn.
    void darkCheckBoxesShowTheirBox() {
        QAction* dark = m_window->findChild<QAction*>(QStringLiteral("theme-dark"));
        dark->trigger();
        QCheckBox* zones = nullptr;
        for (QCheckBox* box : m_window->findChildren<QCheckBox*>()) {
            if (box->text() == QStringLiteral("Zone-aware")) {
                zones = box;
            }
        }
        QVERIFY(zones && !zones->isChecked());
        QTRY_VERIFY(zones->palette().color(QPalette::Window).lightness() < 60);
        const QImage image = zones->grab().toImage();
        QStyleOptionButton option;
        option.initFrom(zones);
        const QRect box =
            zones->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, zones);
        const int window = zones->palette().color(QPalette::Window).lightness();
        int strongest = 0;
        for (int y = box.top(); y <= box.bottom(); ++y) {
            for (int x = box.left(); x <= box.right(); ++x) {
                strongest =
                    std::max(strongest, std::abs(image.pixelColor(x, y).lightness() - window));
            }
        }
        QVERIFY2(strongest >= 50, qPrintable(QString::number(strongest)));  // was about 12
        m_window->findChild<QAction*>(QStringLiteral("theme-system"))->trigger();
    }

    void tabLeavesTheNodeTable() {
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        table->setFocus();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, 0)).center());
        QVERIFY(table->hasFocus());
        QTest::keyClick(table, Qt::Key_Tab);
        QVERIFY(QApplication::focusWidget() != table);
        QCOMPARE(m_window->document()->undoStack()->count(), 0);
    }

    void weightZeroInTheUsersWords() {
        Document& doc = *m_window->document();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        QString message;
        answerNextMessageBox(QMessageBox::Ok, &message);
        QVERIFY(!table->model()->setData(table->model()->index(1, NodeTableModel::Weight),
                                         QStringLiteral("0")));
        QTRY_VERIFY(!message.isEmpty());
        QVERIFY2(message.contains(QStringLiteral("weight must be more than 0")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("remove it or mark it down")),
                 qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("nodes[")),
                 qPrintable(message));  // no field path
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(doc.scenario().nodes[1].weight, 1.0);
    }

    void presentingHidesTheDockButtons() {
        QVERIFY(m_window->learning()->startCourseLesson(0));
        QDockWidget* lesson = m_window->learning()->dock();
        m_window->learning()->setPresenting(true);
        QTest::qWait(50);
        QVERIFY(lesson->isVisible());
        for (QAbstractButton* b :
             lesson->findChildren<QAbstractButton*>(Qt::FindDirectChildrenOnly)) {
            QVERIFY2(!b->isVisible(), qPrintable(b->objectName()));  // float and close
        }
        QVERIFY(lesson->titleBarWidget() && lesson->titleBarWidget()->height() <= 1);
        m_window->learning()->setPresenting(false);
        QVERIFY(!lesson->titleBarWidget());
        m_window->learning()->player()->leave();
    }

    // A 300-character id (a generated name, a URL) is shortened in the middle wherever a row or
    // a label would otherwise run off: the legend, the token labels and the node table; their
    // tool tips give it whole, and editing the cell starts from the whole id.
    // At its smallest the window keeps every tab's name whole (the docks' tabs, the analysis
    // views' tabs, the middle's): a bar with more tabs than room scrolls, with its arrows shown,
    // rather than shortening names to "Comp…", in English and in Japanese.
    void smallestWindowKeepsTabNamesWhole_data() {
        QTest::addColumn<bool>("japanese");
        QTest::newRow("English") << false;
        QTest::newRow("Japanese") << true;
    }
    void smallestWindowKeepsTabNamesWhole() {
        QFETCH(bool, japanese);
        if (japanese) {
            QVERIFY(applyLanguage(Language::Japanese));
            reopenWindow();
        }
        m_window->resize(1, 1);  // as small as it lets itself be
        QTest::qWait(100);
        const QString size = QStringLiteral("%1x%2").arg(m_window->width()).arg(m_window->height());
        int bars = 0;
        int scrolled = 0;
        for (QTabBar* bar : m_window->findChildren<QTabBar*>()) {
            if (!bar->isVisible() || bar->count() < 2) {
                continue;
            }
            ++bars;
            bool allInside = true;
            for (int i = 0; i < bar->count(); ++i) {
                QString text = bar->tabText(i);
                text.remove(u'&');
                const QRect tab = bar->tabRect(i);
                const QString what = QStringLiteral("%1: tab \"%2\" %3 px wide at %4 of %5")
                                         .arg(size, text)
                                         .arg(tab.width())
                                         .arg(tab.left())
                                         .arg(bar->width());
                QVERIFY2(tab.width() >= bar->fontMetrics().horizontalAdvance(text) + 8,
                         qPrintable(what));
                allInside = allInside && bar->rect().contains(tab);
            }
            if (!allInside) {
                ++scrolled;
                int arrows = 0;
                for (const QToolButton* arrow : bar->findChildren<QToolButton*>()) {
                    arrows += arrow->isVisible() ? 1 : 0;
                }
                QVERIFY2(arrows == 2, qPrintable(size + QStringLiteral(": a bar too narrow for "
                                                                       "its tabs has no arrows")));
            }
        }
        QVERIFY(scrolled > 0);  // the bottom docks' nine tabs do not fit beside the side docks
        QVERIFY(bars > 0);
    }

    // At the smallest window the ring's legend still names every node, whole, in readable text:
    // the default scenario and a memcached pool of host:port servers, in English and Japanese.
    void smallestWindowKeepsTheLegend_data() {
        QTest::addColumn<bool>("japanese");
        QTest::addColumn<bool>("pool");
        QTest::newRow("English, default") << false << false;
        QTest::newRow("English, host:port pool") << false << true;
        QTest::newRow("Japanese, default") << true << false;
        QTest::newRow("Japanese, host:port pool") << true << true;
    }
    void smallestWindowKeepsTheLegend() {
        QFETCH(bool, japanese);
        QFETCH(bool, pool);
        if (japanese) {
            QVERIFY(applyLanguage(Language::Japanese));
            reopenWindow();
        }
        Document& doc = *m_window->document();
        if (pool) {
            Scenario s;
            s.title = "memcached pool";
            s.keyHash = HashKind::Md5;
            s.tokenScheme = TokenScheme::Ketama;
            for (int i = 1; i <= 4; ++i) {
                NodeSpec node;
                node.id = "10.0.0." + std::to_string(i) + ":11211";
                s.nodes.push_back(node);
            }
            s.keys.pattern = "key-{i}";
            s.keys.count = 1000;
            QVERIFY(doc.replaceScenario(s, QString(), false));
            doc.waitForIdle();
        }
        m_window->resize(1, 1);
        QTest::qWait(100);
        const RingWidget* ring = m_window->ring();
        const QRectF target(ring->rect());
        double font = 0;
        const QStringList rows = ring->scene().legendTexts(target, false, &font);
        const QString where = QStringLiteral("%1x%2 window, %3x%4 ring: %5")
                                  .arg(m_window->width())
                                  .arg(m_window->height())
                                  .arg(target.width())
                                  .arg(target.height())
                                  .arg(rows.join(QStringLiteral(" | ")));
        QVERIFY2(font >= 12, qPrintable(where));
        QCOMPARE(rows.size(), qsizetype(doc.scenario().nodes.size()));
        for (size_t n = 0; n < doc.scenario().nodes.size(); ++n) {
            const QString id = QString::fromStdString(doc.scenario().nodes[n].id);
            QVERIFY2(rows[qsizetype(n)].startsWith(id + QStringLiteral("  ")), qPrintable(where));
        }
        // The ring stepped back no more than it may, and it is drawn where clicks find it.
        QVERIFY(ring->scene().ringScale(target) >= 0.8);
        QCOMPARE(ring->widgetGeometry().radius,
                 ring->scene().geometry().radius * ring->scene().ringScale(target) *
                     std::min(target.width(), target.height()) / RingScene::kLogicalSize);
    }

    // File → Import Config… reads what `ringscope-cli import` reads: an nginx configuration
    // (one of several upstreams, chosen), `nodetool ring` output; anything else is refused with
    // each importer's reason and changes nothing.
    void importConfigReadsOtherSystemsFiles() {
        Document& doc = *m_window->document();
        const QString conf =
            ringscope::test::sourcePath("/tests/core/tokenschemes/nginx/data/nginx.conf");
        QStringList offered;
        QString asked;
        QVERIFY(m_window->importConfig(conf, [&](const QString& part, const QStringList& choices) {
            asked = part;
            offered = choices;
            return std::optional<QString>(QStringLiteral("weights"));
        }));
        doc.waitForIdle();
        QCOMPARE(asked, QStringLiteral("upstream"));
        QCOMPARE(offered, (QStringList{QStringLiteral("basic"), QStringLiteral("weights"),
                                       QStringLiteral("hostname"), QStringLiteral("unix"),
                                       QStringLiteral("down")}));
        QCOMPARE(doc.scenario().tokenScheme, TokenScheme::Nginx);
        QCOMPARE(doc.scenario().keyHash, HashKind::Crc32);
        QCOMPARE(doc.scenario().nodes.size(), size_t{3});
        QCOMPARE(doc.scenario().nodes[1].weight, 3.0);
        // Not on disk until saved, but no edit of the user's: closing asks nothing (the
        // configuration file still holds it).
        QVERIFY(!doc.isModified() && doc.filePath().isEmpty());
        QCOMPARE(doc.liveRing().ring().size(), size_t{960});
        // Cancelling the choice changes nothing.
        const Scenario before = doc.scenario();
        QVERIFY(!m_window->importConfig(
            conf, [](const QString&, const QStringList&) { return std::optional<QString>(); }));
        QCOMPARE(doc.scenario(), before);

        QVERIFY(m_window->importConfig(
            ringscope::test::sourcePath("/tests/core/data/nodetool-ring-multi-dc.txt"),
            [](const QString&, const QStringList&) { return std::optional<QString>(); }));
        doc.waitForIdle();
        QCOMPARE(doc.scenario().keyHash, HashKind::Murmur3Cassandra);

        // A nutcracker.yml whose one ketama pool is taken without asking (its modula pool is
        // not one to offer); the servers named as twemproxy hashes them.
        bool askedForAPool = false;
        QVERIFY(m_window->importConfig(
            ringscope::test::sourcePath("/tests/golden/import-twemproxy-pool/nutcracker.yml"),
            [&](const QString&, const QStringList&) {
                askedForAPool = true;
                return std::optional<QString>();
            }));
        doc.waitForIdle();
        QVERIFY(!askedForAPool);
        QCOMPARE(doc.scenario().tokenScheme, TokenScheme::Twemproxy);
        QCOMPARE(doc.scenario().keyHash, HashKind::TwemproxyFnv1a_64);
        QCOMPARE(doc.scenario().nodes.size(), size_t{4});
        QCOMPARE(doc.scenario().nodes[2].id, std::string("10.0.4.3:22122"));
        QCOMPARE(doc.scenario().nodes[3].id, std::string("cache-d"));
        QCOMPARE(doc.liveRing().ring().size(), size_t{640});
        // The node table's tip keeps the server line as written; HAProxy's gives the id.
        QTest::qWait(20);
        QAbstractItemModel* nodes = m_window->findChild<NodePanel*>()->view()->model();
        const QString tip = nodes->index(3, NodeTableModel::Id).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("cache-d")) &&
                     tip.contains(QStringLiteral("twemproxy server: 10.0.4.4:22122:1 cache-d")),
                 qPrintable(tip));
        QVERIFY(doc.replaceScenario(loadScenarioFile(ringscope::test::sourcePath(
                                        "/resources/presets/haproxy-backend.json")),
                                    QString(), false));
        doc.waitForIdle();
        QTest::qWait(20);
        QVERIFY(nodes->index(2, NodeTableModel::Id)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("HAProxy server id: 7")));
        QVERIFY(nodes->index(3, NodeTableModel::Id)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("HAProxy server id: 4")));

        // An Elasticsearch index's settings (JSON): the indices offered, the one chosen read.
        QStringList indices;
        QVERIFY(
            m_window->importConfig(ringscope::test::sourcePath(
                                       "/tests/golden/import-elasticsearch-settings/settings.json"),
                                   [&](const QString& part, const QStringList& choices) {
                                       asked = part;
                                       indices = choices;
                                       return std::optional<QString>(QStringLiteral("orders"));
                                   }));
        doc.waitForIdle();
        QCOMPARE(asked, QStringLiteral("index"));
        QCOMPARE(indices, (QStringList{QStringLiteral("logs-2019"), QStringLiteral("orders")}));
        QCOMPARE(doc.scenario().algorithm, Algorithm::Elasticsearch);
        QCOMPARE(doc.scenario().nodes.size(), size_t{6});
        QCOMPARE(doc.scenario().nodes[5].id, std::string("orders[5]"));
        QCOMPARE(routingShardsOf(doc.scenario()), uint32_t{768});

        QTemporaryDir dir;
        const QString junk = dir.filePath(QStringLiteral("notes.txt"));
        QFile file(junk);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("remember the milk\n");
        file.close();
        const Scenario cassandra = doc.scenario();
        QSignalSpy rejected(&doc, &Document::inputRejected);
        m_window->setUnattended(true);
        QVERIFY(!m_window->importConfig(
            junk, [](const QString&, const QStringList&) { return std::optional<QString>(); }));
        m_window->setUnattended(false);
        QCOMPARE(rejected.size(), 1);
        const QString message = rejected.first().first().toString();
        QVERIFY2(message.startsWith(QStringLiteral("notes.txt is not a file Ringscope imports.")) &&
                     message.contains(QStringLiteral("\nnginx: ")) &&
                     message.contains(QStringLiteral("\nnodetool-ring: ")) &&
                     message.contains(QStringLiteral("\ntwemproxy: ")),
                 qPrintable(message));
        QCOMPARE(doc.scenario(), cassandra);
    }

    void longIdsAreElidedWithTheWholeIdInATip() {
        Document& doc = *m_window->document();
        const std::string id = "head-" + std::string(290, 'x') + "-tail";
        QCOMPARE(id.size(), size_t(300));
        Scenario s = Document::defaultScenario();
        s.nodes[0].id = id;
        QVERIFY(doc.replaceScenario(s, QString(), false));
        doc.waitForIdle();
        QTest::qWait(50);
        const QString whole = QString::fromStdString(id);
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        const QModelIndex cell = table->model()->index(0, NodeTableModel::Id);
        const QString shown = cell.data().toString();
        QVERIFY2(shown.size() <= 32 && shown.startsWith(QStringLiteral("head-")) &&
                     shown.endsWith(QStringLiteral("-tail")),
                 qPrintable(shown));
        QCOMPARE(cell.data(Qt::ToolTipRole).toString(), whole);
        QCOMPARE(cell.data(Qt::EditRole).toString(), whole);
        // The table's Id column stays within the table, so the other columns remain visible.
        QVERIFY2(table->columnWidth(NodeTableModel::Id) < table->viewport()->width() / 2,
                 qPrintable(QString::number(table->columnWidth(NodeTableModel::Id))));
        RingWidget* ring = m_window->ring();
        const QStringList texts = ring->scene().texts();
        for (const QString& t : texts) {
            QVERIFY2(!t.contains(whole), qPrintable(t.left(80)));
        }
        // The token's label: the shortened id and its position, shortened further where the
        // room beside the ring inside the picture asks for it.
        const auto labels = ring->scene().textBoxes(RingScene::TextRole::TokenLabel);
        QVERIFY2(std::any_of(labels.begin(), labels.end(),
                             [&](const auto& label) {
                                 const auto& [text, box] = label;
                                 return text.endsWith(QStringLiteral("@20")) &&
                                        (text == shown + QStringLiteral("@20") ||
                                         (text.startsWith(u'h') && text.contains(u'…'))) &&
                                        QRectF(0, 0, RingScene::kLogicalSize,
                                               RingScene::kLogicalSize)
                                            .contains(box);
                             }),
                 qPrintable(texts.join(u'|')));
        QVERIFY2(std::any_of(texts.begin(), texts.end(),
                             [&](const QString& t) {
                                 return t.startsWith(shown + QStringLiteral("  ")) &&
                                        t.contains(QStringLiteral(" keys · "));
                             }),
                 qPrintable(texts.join(u'|')));
        // The legend row's tool tip names the node whole.
        std::optional<QPoint> row;
        for (int y = 0; y < ring->height() && !row; ++y) {
            for (int x = 0; x < ring->width() / 3 && !row; x += 4) {
                if (ring->scene().legendNodeAt(QPointF(x, y), QRectF(ring->rect())) == 0) {
                    row = QPoint(x, y);
                }
            }
        }
        QVERIFY(row);  // the legend has a place, its rows shortened to fit
        QHelpEvent help(QEvent::ToolTip, *row, ring->mapToGlobal(*row));
        QApplication::sendEvent(ring, &help);
        QVERIFY2(QToolTip::text().contains(whole), qPrintable(QToolTip::text()));
        QToolTip::hideText();
        QVERIFY(doc.replaceScenario(Document::defaultScenario(), QString(), false));
        doc.waitForIdle();
    }

    void countsOfOneReadInTheSingular() {
        Document& doc = *m_window->document();
        Scenario one;
        one.space = 100;
        one.keyHash = HashKind::Identity;
        NodeSpec a;
        a.id = "A";
        a.vnodes = 1;
        one.nodes = {a};
        one.keys.pattern = "{i}";
        one.keys.count = 1;
        QVERIFY(doc.replaceScenario(one, QString(), false));
        doc.waitForIdle();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        QCOMPARE(table->model()->index(0, NodeTableModel::Tokens).data().toString(),
                 QStringLiteral("1 vnode"));
        QLabel* status = nullptr;
        for (QLabel* label : m_window->statusBar()->findChildren<QLabel*>()) {
            if (label->text().contains(QStringLiteral("moved"))) {
                status = label;
            }
        }
        QVERIFY(status);
        QVERIFY2(status->text().startsWith(QStringLiteral("1 node · 1 token · 1 key · ")),
                 qPrintable(status->text()));
        const QStringList ring = m_window->ring()->scene().texts();
        QVERIFY2(ring.contains(QStringLiteral("1 node · 1 token · space 100")),
                 qPrintable(ring.join(u'|')));
        QVERIFY2(ring.contains(QStringLiteral("A  1 key · 100.0%")), qPrintable(ring.join(u'|')));
        // A ketama server with one explicit token: "1 point".
        Scenario ketama = one;
        ketama.tokenScheme = TokenScheme::Ketama;
        ketama.nodes[0].vnodes.reset();
        ketama.nodes[0].tokens = {7};
        QVERIFY(doc.replaceScenario(ketama, QString(), false));
        doc.waitForIdle();
        QCOMPARE(table->model()->index(0, NodeTableModel::Tokens).data().toString(),
                 QStringLiteral("1 point"));
        // More than one keeps the plural.
        QVERIFY(doc.replaceScenario(Document::defaultScenario(), QString(), false));
        doc.waitForIdle();
        QVERIFY(status->text().startsWith(QStringLiteral("3 nodes · 3 tokens · 100 keys")));
    }

    void exportProposesANameAndCarriesTheTitle() {
        Document& doc = *m_window->document();
        QAction* svg = nullptr;
        for (QAction* a : menu(*m_window, QStringLiteral("File"))->actions()) {
            if (a->text().contains(QStringLiteral("S&VG"))) {
                svg = a;
            }
        }
        QVERIFY(svg);
        // Untitled: named after the scenario's title.
        QString proposed;
        answerNextFileDialog(QString(), &proposed);
        svg->trigger();
        QVERIFY2(proposed.endsWith(QStringLiteral("/Seed 000 A@20, B@60, C@90 in 0-99.svg")),
                 qPrintable(proposed));
        // Save As proposes the same name (it proposed none), and the window is named so.
        QAction* saveAs = nullptr;
        for (QAction* a : menu(*m_window, QStringLiteral("File"))->actions()) {
            if (a->text().remove(u'&').startsWith(QStringLiteral("Save As"))) {
                saveAs = a;
            }
        }
        QVERIFY(saveAs);
        answerNextFileDialog(QString(), &proposed);
        saveAs->trigger();
        QVERIFY2(proposed.endsWith(QStringLiteral("/Seed 000 A@20, B@60, C@90 in 0-99.json")),
                 qPrintable(proposed));
        QVERIFY2(m_window->windowTitle().startsWith(QStringLiteral("Seed 000: A@20")),
                 qPrintable(m_window->windowTitle()));
        // A new title from the Scenario dock, then the export: the picture carries it.
        auto* title = m_window->findChild<QLineEdit*>(QStringLiteral("scenarioTitle"));
        title->setText(QStringLiteral("Our cache pool"));
        QTest::keyClick(title, Qt::Key_Return);
        QCOMPARE(doc.scenario().title, std::string("Our cache pool"));
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("pool.svg"));
        answerNextFileDialog(file, &proposed);
        svg->trigger();
        QVERIFY2(proposed.endsWith(QStringLiteral("/Our cache pool.svg")), qPrintable(proposed));
        QFile picture(file);
        QVERIFY(picture.open(QIODevice::ReadOnly));
        const QByteArray drawn = picture.readAll();
        QVERIFY(drawn.contains("Our cache pool"));
        QVERIFY(!drawn.contains("Seed 000"));
        // Saved: named after the file.
        const QString saved = dir.filePath(QStringLiteral("cache-pool.json"));
        QVERIFY(doc.saveFile(saved));
        answerNextFileDialog(QString(), &proposed);
        svg->trigger();
        QCOMPARE(proposed, dir.filePath(QStringLiteral("cache-pool.svg")));
    }

    void emojiIdsAreDrawn() {
        // Noto Color Emoji (.ci/packages) is installed and the ring's legend draws with it: the
        // rocket of "🚀-cache" in colour, where "x-cache" draws grey text.
        QVERIFY(QFontDatabase::families().contains(QStringLiteral("Noto Color Emoji")));
        const auto colourfulPixels = [&](const char* id) {
            Scenario s = Document::defaultScenario();
            s.nodes.resize(1);  // one grey node: only its id's text can be colourful
            s.nodes[0].id = id;
            s.nodes[0].color = 0x808080;
            m_window->document()->replaceScenario(s, QString(), false);
            m_window->document()->waitForIdle();
            const QImage image = m_window->ring()->grab().toImage();
            int count = 0;
            for (int y = 0; y < image.height() / 4; ++y) {
                for (int x = 0; x < image.width() / 3; ++x) {
                    const QColor c = image.pixelColor(x, y);
                    count += c.hslSaturation() > 120 && c.lightness() > 40 && c.lightness() < 220;
                }
            }
            return count;
        };
        const int plain = colourfulPixels("x-cache");
        const int rocket = colourfulPixels("\xF0\x9F\x9A\x80-cache");
        QVERIFY2(rocket > plain + 20,
                 qPrintable(QStringLiteral("%1 vs %2").arg(rocket).arg(plain)));
    }

    // Every chart is legible at the default layout, in English and in Japanese — after the
    // restart into Japanese too, with the English session's dock sizes: every bar of the
    // comparison carries its whole label, a percentage axis stops at 100 %, the naive
    // weighted-HRW chart shows its legend, axis and bars in its dock, and lesson 9 opens with
    // Weighted ticked.
    // An allocation failing while an event is handled (a chart too big to build) is the "not
    // enough memory" message once the event loop is back, never a crash; other exceptions are
    // not swallowed.
    void memoryFailureInAnEventIsAMessage() {
        QStringList told;
        const auto tell = [&told](const QString& text) { told << text; };
        QVERIFY(!deliverWithinMemory([]() -> bool { throw std::bad_alloc(); }, tell));
        QVERIFY(!deliverWithinMemory(  // length_error, or bad_alloc: both are memory
            []() -> bool { return std::vector<double>(size_t(1) << 62).empty(); }, tell));
        QVERIFY(told.isEmpty());  // not from inside the failed event
        QTRY_COMPARE(told.size(), 2);
        for (const QString& text : told) {
            QVERIFY2(text.startsWith(QStringLiteral("not enough memory")), qPrintable(text));
        }
        QVERIFY(deliverWithinMemory([] { return true; }, tell));
        QVERIFY_THROWS_EXCEPTION(
            std::runtime_error,
            deliverWithinMemory([]() -> bool { throw std::runtime_error("other"); }, tell));
    }

    // Big node sets open in the window and every view shows them within bounds: the load view
    // built n bars of n values each and crashed at 40,000 nodes (12.8 GB). With 5,000 nodes each
    // dock is shown in turn, the load chart holds one value per node (it held 25,000,000), and
    // the process stays under 1 GB.
    void fiveThousandNodesInEveryView() {
        Document& doc = *m_window->document();
        Scenario s;
        s.algorithm = Algorithm::Jump;
        s.space = uint64_t{1} << 32;
        s.keyHash = HashKind::Xxh64;
        // Under the sanitizers (ten times slower) 1,000 nodes: a chart of n² values still shows.
#if defined(__SANITIZE_ADDRESS__)
        constexpr int kNodes = 1'000;
#else
        constexpr int kNodes = 5'000;
#endif
        for (int n = 0; n < kNodes; ++n) {
            NodeSpec node;
            node.id = "node-" + std::to_string(n);
            s.nodes.push_back(node);
        }
        s.keys.pattern = "key-{i}";
        s.keys.count = 20'000;
        QVERIFY(ringscope::test::resetPeakMemory());  // the peak from here on, not earlier tests'
        QVERIFY(doc.replaceScenario(s, QString(), false));
        doc.waitForIdle();
        const QList<QDockWidget*> docks = m_window->findChildren<QDockWidget*>();
        QVERIFY(docks.size() > 10);
        for (QDockWidget* dock : docks) {
            dock->show();
            dock->raise();
            QTest::qWait(20);
            for (AnalysisPanel* panel : dock->findChildren<AnalysisPanel*>()) {
                panel->waitForIdle();
            }
            QTest::qWait(20);
        }
        QCOMPARE(doc.placement().nodes().size(), size_t{kNodes});
        const BarChartData& bars = m_window->findChild<LoadHistogramPanel*>()->chartData();
        qsizetype values = 0;
        for (const BarSetData& set : bars.sets) {
            values += set.values.size();
        }
        QCOMPARE(values, qsizetype(kNodes));
        const long peakKiB = ringscope::test::peakMemoryKiB();
        QVERIFY(peakKiB > 0);
        QVERIFY2(peakKiB < ringscope::test::kPeakMemoryBudgetKiB,
                 qPrintable(QString::number(peakKiB)));
    }

    // The default window (1440 x 900, no saved layout) shows every dock tab whole, in English
    // and in Japanese: the bottom bar's eleven views once ran past its end ("Two c…") because
    // the Scenario panel, tabbed with Nodes, asked for 518 px (two number fields that wanted room
    // for 1e12 side by side) and took the bottom docks' width.
    void dockTabsWholeAtTheDefaultSize_data() {
        QTest::addColumn<bool>("japanese");
        QTest::newRow("English") << false;
        QTest::newRow("Japanese") << true;
    }
    void dockTabsWholeAtTheDefaultSize() {
        QFETCH(bool, japanese);
        if (japanese) {
            QVERIFY(applyLanguage(Language::Japanese));
        }
        m_window->document()->undoStack()->setClean();
        m_window.reset();
        QSettings().remove(QStringLiteral("window"));  // the first start's layout
        init();
        QTest::qWait(50);  // the docks are sized once laid out
        int bars = 0;
        for (QTabBar* bar : m_window->findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
            if (!bar->isVisible()) {
                continue;
            }
            ++bars;
            for (int i = 0; i < bar->count(); ++i) {
                QVERIFY2(bar->rect().contains(bar->tabRect(i)),
                         qPrintable(QStringLiteral("%1 at %2..%3 of %4")
                                        .arg(bar->tabText(i))
                                        .arg(bar->tabRect(i).left())
                                        .arg(bar->tabRect(i).right())
                                        .arg(bar->width())));
            }
        }
        QCOMPARE(bars, 2);  // Nodes | Scenario | Lesson, and the views at the bottom
        const auto* scenario =
            m_window->findChild<QDockWidget*>(QStringLiteral("ringscope::ScenarioPanelDock"));
        QVERIFY(scenario);
        QVERIFY2(scenario->minimumSizeHint().width() <= 440,
                 qPrintable(QString::number(scenario->minimumSizeHint().width())));
    }

    void chartsLegibleAtTheDefaultLayout_data() {
        QTest::addColumn<bool>("japanese");
        QTest::newRow("English") << false;
        QTest::newRow("Japanese, after the restart") << true;
    }
    void chartsLegibleAtTheDefaultLayout() {
        QFETCH(bool, japanese);
        QTest::qWait(50);
        if (japanese) {
            m_window->close();  // the English session saves its layout
            QVERIFY(applyLanguage(Language::Japanese));
            reopenWindow();
            QTest::qWait(50);
        }
        Document& doc = *m_window->document();
        // Twenty nodes and one more: mod-N moves 20/21 of the keys.
        Scenario many = Document::defaultScenario();
        many.space = uint64_t{1} << 32;
        many.keyHash = HashKind::Xxh64;
        many.keys.pattern = "key-{i}";
        many.keys.count = 2000;
        many.nodes.clear();
        for (int n = 0; n < 20; ++n) {
            NodeSpec node;
            node.id = "node-" + std::to_string(n);
            node.vnodes = 16;
            many.nodes.push_back(node);
        }
        QVERIFY(doc.replaceScenario(many, QString(), false));
        doc.waitForIdle();
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        m_window->findChild<QDockWidget*>(QStringLiteral("comparisonDock"))->raise();
        for (ComparisonModel* model : m_window->findChildren<ComparisonModel*>()) {
            model->waitForIdle();
        }
        QTest::qWait(100);
        auto* comparison = m_window->findChild<ComparisonPanel*>();
        const BarChart& chart = comparison->chart();
        QCOMPARE(chart.data().categories.size(), qsizetype(comparedAlgorithms().size()));
        QTRY_COMPARE(chart.drawnCategoryLabels().size(), chart.data().categories.size());
        QVERIFY(chart.categoryLabelsFit());
        QVERIFY2(chart.valueAxis().first <= 100,
                 qPrintable(QString::number(chart.valueAxis().first)));
        QVERIFY(chart.width() > 240 && chart.plotArea().width() > 120);  // not crushed
        const AlgorithmResult* modn =
            m_window->findChild<ComparisonModel*>()->result().find(Algorithm::ModN);
        QVERIFY(modn && modn->diff && modn->diff->movedFraction() > 0.9);
        QVERIFY(chart.texts().contains(format::percent(modn->diff->movedFraction())));
        QCOMPARE(clipped(comparison), QString());

        // The naive variants' shares, in the HRW dock of a ring scenario with weights.
        Scenario weighted = Document::defaultScenario();
        weighted.nodes[2].weight = 2;
        weighted.space = uint64_t{1} << 32;
        weighted.keyHash = HashKind::Xxh64;
        weighted.keys.pattern = "key-{i}";
        weighted.keys.count = 3000;
        for (NodeSpec& node : weighted.nodes) {
            node.tokens.clear();
            node.vnodes = 32;
        }
        QVERIFY(doc.replaceScenario(weighted, QString(), false));
        doc.waitForIdle();
        m_window->findChild<QDockWidget*>(QStringLiteral("hrwDock"))->raise();
        auto* hrw = m_window->findChild<HrwPanel*>();
        hrw->setShowNaive(true);
        QTRY_VERIFY(hrw->naiveModel());
        hrw->naiveModel()->waitForIdle();
        QTest::qWait(100);
        const BarChart* naive = nullptr;
        for (const BarChart* c : hrw->findChildren<BarChart*>()) {
            naive = c;
        }
        QVERIFY(naive && naive->isVisible());
        QCOMPARE(naive->data().sets.size(), size_t{4});
        QVERIFY(naive->showsLegend());
        QVERIFY2(naive->plotArea().height() >= 60 && naive->plotArea().width() >= 150,
                 qPrintable(QStringLiteral("%1x%2")
                                .arg(naive->plotArea().width())
                                .arg(naive->plotArea().height())));
        QVERIFY(naive->valueAxis().first <= 100);
        QCOMPARE(clipped(hrw), QString());

        // Lesson 9: weighted HRW, and the view ticked to read it.
        QVERIFY(m_window->learning()->startCourseLesson(8));
        doc.waitForIdle();
        QCOMPARE(doc.scenario().algorithm, Algorithm::WeightedRendezvous);
        QVERIFY(hrw->isWeighted());
        m_window->learning()->player()->leave();
    }

    // The View menu lists the analysis views in the order of their tabs, Load first, and
    // Load is the tab shown.
    void viewMenuFollowsTheTabs() {
        QTest::qWait(20);
        QStringList shown;
        for (QAction* a : menu(*m_window, QStringLiteral("View"))->actions()) {
            shown << a->text();
        }
        const QStringList tabs = {QStringLiteral("Load"),  QStringLiteral("Compare algorithms"),
                                  QStringLiteral("HRW"),   QStringLiteral("Jump"),
                                  QStringLiteral("mod-N"), QStringLiteral("Vnode study")};
        qsizetype at = -1;
        for (const QString& tab : tabs) {
            const qsizetype next = shown.indexOf(tab);
            QVERIFY2(next > at, qPrintable(shown.join(u", ")));
            at = next;
        }
        auto* load = m_window->findChild<QDockWidget*>(QStringLiteral("loadHistogramDock"));
        QVERIFY(!load->visibleRegion().isEmpty());
    }

    // Every view a lesson step may bring forward is a dock of the window (the ring is central),
    // and the view each algorithm calls its own among them.
    void lessonViewsAreDocks() {
        for (const std::string_view view : lesson::viewNames()) {
            QVERIFY2((view == "ring") == (dockOfView(m_window.get(), view) == nullptr),
                     std::string(view).c_str());
        }
        for (const auto& row : kAlgorithms) {
            QVERIFY(lesson::isViewName(row.module().traits().view));
        }
        // The docks are the views their own files registered, each once, in tab order; they
        // and the ring are the names lessons know.
        QCOMPARE(registeredViews().size() + 1, lesson::viewNames().size());
        int order = 0;
        for (const ViewEntry& v : registeredViews()) {
            QVERIFY2(lesson::isViewName(v.view), std::string(v.view).c_str());
            QVERIFY(v.order > order);
            order = v.order;
            QDockWidget* dock = dockOfView(m_window.get(), v.view);
            QVERIFY(dock && dock->objectName() == QLatin1String(v.dock));
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

    // The About box gives the program's version: the one `ringscope --version` prints.
    void aboutGivesTheVersion() {
        const QString saved = QApplication::applicationVersion();
        QApplication::setApplicationVersion(QStringLiteral("9.8.7+65.gabcdef0"));
        QString text;
        answerNextMessageBox(QMessageBox::Ok, &text);
        showAbout(m_window.get());
        QApplication::setApplicationVersion(saved);
        QVERIFY2(text.contains(QStringLiteral("Ringscope 9.8.7+65.gabcdef0")), qPrintable(text));
    }

    // A lesson sets the user's document aside and asks nothing; it can be left from any step,
    // by Esc or its Leave button, and the document comes back as it was: its scenario, file and
    // unsaved edit (the prompt to save came when a lesson opened over an edited document).
    void leavingALessonPutsTheDocumentBack() {
        Document& doc = *m_window->document();
        QTemporaryDir dir;
        const QString pool = dir.filePath(QStringLiteral("pool.json"));
        QVERIFY(QFile::copy(ringscope::test::sourcePath("/resources/presets/seed003-3nodes.json"),
                            pool));
        QVERIFY(m_window->openFile(pool));
        doc.waitForIdle();
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        const Scenario edited = doc.scenario();
        QVERIFY(doc.isModified());
        // Any dialog would be a question asked: there must be none.
        int dialogs = 0;
        QTimer watch;
        connect(&watch, &QTimer::timeout, this, [&] {
            if (QWidget* modal = QApplication::activeModalWidget()) {
                ++dialogs;
                modal->close();
            }
        });
        watch.start(20);
        LessonPlayer* player = m_window->learning()->player();
        auto* leaveButton = m_window->findChild<QPushButton*>(QStringLiteral("lessonLeave"));
        QVERIFY(leaveButton);
        for (const bool byEsc : {true, false}) {
            QVERIFY(m_window->learning()->startCourseLesson(2));
            doc.waitForIdle();
            QCOMPARE(player->mode(), LessonPlayer::Mode::Lesson);
            QVERIFY(!(doc.scenario() == edited));
            QVERIFY(player->next());
            QVERIFY(player->next());
            doc.waitForIdle();
            QVERIFY(doc.addNode());  // a poke at the lesson's ring
            doc.waitForIdle();
            if (byEsc) {
                m_window->activateWindow();
                QTest::keyClick(m_window.get(), Qt::Key_Escape);
            } else {
                QVERIFY(leaveButton->isVisible());
                QTest::mouseClick(leaveButton, Qt::LeftButton);
            }
            doc.waitForIdle();
            QCOMPARE(player->mode(), LessonPlayer::Mode::Idle);
            QCOMPARE(doc.scenario(), edited);
            QCOMPARE(doc.filePath(), pool);
            QVERIFY(doc.isModified());
            QVERIFY(m_window->isWindowModified());
        }
        QCOMPARE(dialogs, 0);
        watch.stop();
        QVERIFY(doc.saveFile(pool));  // saved: the next tests start from an unmodified window
    }

    // File → Open Recent is the desktop's recent files: a scenario and a lesson the window
    // opened (from the command line, a file manager or the menu) are both there, the newest
    // first; when the desktop's history is cleared the menu is too.
    void recentFilesAreTheDesktops() {
        QFile::remove(RecentFiles::defaultPath());  // what the tests before opened
        QTemporaryDir dir;
        const QString pool = dir.filePath(QStringLiteral("pool.json"));
        const QString lessonFile = dir.filePath(QStringLiteral("my lesson.json"));
        QVERIFY(QFile::copy(ringscope::test::sourcePath("/resources/presets/seed003-3nodes.json"),
                            pool));
        QVERIFY(QFile::copy(ringscope::test::sourcePath("/resources/lessons/02-ring.json"),
                            lessonFile));
        QVERIFY(m_window->openFile(pool));
        QCOMPARE(m_window->document()->filePath(), pool);
        QTest::qWait(5);
        QVERIFY(m_window->openFile(lessonFile));  // a lesson, told by its "format"
        QCOMPARE(m_window->learning()->player()->mode(), LessonPlayer::Mode::Lesson);
        QCOMPARE(RecentFiles().files(), (QStringList{lessonFile, pool}));

        QMenu* file = menu(*m_window, QStringLiteral("File"));
        auto* recent = m_window->findChild<QMenu*>(QStringLiteral("recentMenu"));
        QVERIFY(file && recent);
        emit file->aboutToShow();
        QStringList listed;
        for (QAction* a : recent->actions()) {
            listed << a->toolTip();
        }
        QCOMPARE(listed, (QStringList{lessonFile, pool}));
        QVERIFY(recent->isEnabled());

        QVERIFY(QFile::remove(RecentFiles::defaultPath()));
        emit file->aboutToShow();
        QVERIFY(recent->actions().isEmpty());
        QVERIFY(!recent->isEnabled());
        m_window->learning()->player()->leave();
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

    // With replicas the counts are primaries, and the window says so: Cassandra with RF 3 showed
    // "Keys" and "n keys" for the keys each node is first for, unlabelled.
    void replicatedCountsSayPrimaries() {
        Document& doc = *m_window->document();
        QVERIFY(doc.openFile(
            ringscope::test::sourcePath("/resources/presets/cassandra-6x16-rf3.json")));
        doc.waitForIdle();
        QTableView* table = m_window->findChild<NodePanel*>()->view();
        QCOMPARE(table->model()->headerData(NodeTableModel::Keys, Qt::Horizontal).toString(),
                 QStringLiteral("Primaries"));
        QVERIFY(table->model()
                    ->headerData(NodeTableModel::Keys, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("2 replicas")));
        const QStringList rows = m_window->ring()->scene().texts();  // the legend's whole rows
        QVERIFY2(rows.filter(QStringLiteral(" primaries · ")).size() == 6,
                 qPrintable(rows.join(u'|')));
        // Without replicas, keys.
        QVERIFY(doc.openFile(ringscope::test::sourcePath("/resources/presets/seed000-ring.json")));
        doc.waitForIdle();
        QCOMPARE(table->model()->headerData(NodeTableModel::Keys, Qt::Horizontal).toString(),
                 QStringLiteral("Keys"));
    }

    // File → New says what each profile makes (Ketama, Redis and Cassandra had one hint for
    // all), and the teaching ring's key count reads 100, its keys, not a greyed 10,000; the
    // count typed for another profile comes back.
    void newScenarioHintsEachProfile() {
        NewScenarioDialog dialog;
        auto* profile = dialog.findChild<QComboBox*>(QStringLiteral("newProfile"));
        auto* keys = dialog.findChild<QSpinBox*>(QStringLiteral("newKeys"));
        auto* hint = dialog.findChild<QLabel*>(QStringLiteral("newHint"));
        QVERIFY(profile && keys && hint);
        QSet<QString> hints;
        keys->setValue(5000);
        for (const BlankProfileRow& row : blankProfiles()) {
            profile->setCurrentIndex(profile->findData(QString::fromLatin1(row.name)));
            QVERIFY(!hint->text().isEmpty());
            hints.insert(hint->text());
            const bool teaching = row.name == kTeachingProfile;
            QCOMPARE(keys->value(), teaching ? 100 : 5000);
            QCOMPARE(keys->isEnabled(), !teaching);
        }
        QCOMPARE(hints.size(), qsizetype(blankProfiles().size()));
        profile->setCurrentIndex(profile->findData(QStringLiteral("redis-cluster")));
        QVERIFY2(hint->text().contains(u"16,384 slots"), qPrintable(hint->text()));
    }

    // The ring's centre text keeps inside the circle within the keys, every line of it: the
    // ketama pool drained of 10.0.1.3 moves 18.71 MiB, whose line below the middle ran under
    // the key dots ("8.71 MiB"). At the default size and at 1024 x 700, in English and
    // Japanese, light and dark. With Two clients' client B (another key hash) its ring is drawn
    // inside the keys: the lines keep inside its key marks (they ran over its band).
    void centreTextFitsTheInnerCircle_data() {
        QTest::addColumn<bool>("japanese");
        QTest::addColumn<bool>("dark");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("clientB");
        for (const bool japanese : {false, true}) {
            for (const bool dark : {false, true}) {
                for (const QSize size : {QSize(1440, 900), QSize(1024, 700)}) {
                    for (const bool clientB : {false, true}) {
                        QTest::addRow("%s %s %dx%d%s", japanese ? "ja" : "en",
                                      dark ? "dark" : "light", size.width(), size.height(),
                                      clientB ? " client B" : "")
                            << japanese << dark << size << clientB;
                    }
                }
            }
        }
    }
    void centreTextFitsTheInnerCircle() {
        QFETCH(bool, japanese);
        QFETCH(bool, dark);
        QFETCH(QSize, size);
        QFETCH(bool, clientB);
        if (japanese) {
            QVERIFY(applyLanguage(Language::Japanese));
            reopenWindow();
        }
        m_window
            ->findChild<QAction*>(dark ? QStringLiteral("theme-dark")
                                       : QStringLiteral("theme-light"))
            ->trigger();
        Document& doc = *m_window->document();
        QVERIFY(doc.openFile(
            ringscope::test::sourcePath("/resources/presets/ketama-memcached-pool.json")));
        doc.waitForIdle();
        size_t heavy = 0;
        while (doc.scenario().nodes[heavy].id != "10.0.1.3") {
            ++heavy;
        }
        QVERIFY(doc.removeNode(heavy));
        doc.waitForIdle();
        if (clientB) {  // the view computes while it shows
            auto* dock = m_window->findChild<QDockWidget*>(QStringLiteral("clientsDock"));
            QVERIFY(dock);
            dock->show();
            dock->raise();
            doc.setClientView(ClientView{ClientKind::KeyHash, int(HashKind::Xxh64), {}, {}});
            m_window->findChild<ClientsPanel*>()->waitForIdle();
            QVERIFY(doc.clientComparison() != nullptr);
            QVERIFY(m_window->ring()->scene().drawsClientRing());
        }
        m_window->resize(size);
        QTest::qWait(100);
        const RingScene& scene = m_window->ring()->scene();
        const auto lines = scene.textBoxes(RingScene::TextRole::Centre);
        QVERIFY(lines.size() >= 3);
        bool bytes = false;
        const RingGeometry& g = scene.geometry();
        QCOMPARE(scene.centreClearRadius() < g.clientInner(), clientB);
        for (const auto& [text, box] : lines) {
            bytes = bytes || text.contains(QStringLiteral("18.71 MiB"));
            for (const QPointF corner :
                 {box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()}) {
                const double reach =
                    std::hypot(corner.x() - g.center.x(), corner.y() - g.center.y());
                QVERIFY2(reach <= scene.centreClearRadius() && reach <= g.densityInner(),
                         qPrintable(QStringLiteral("\"%1\" reaches %2 of %3")
                                        .arg(text)
                                        .arg(reach)
                                        .arg(scene.centreClearRadius())));
            }
        }
        QVERIFY(bytes);
        m_window->findChild<QAction*>(QStringLiteral("theme-system"))->trigger();
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

    // At 1440x900 with the docks as first arranged, every analysis view is legible whole —
    // after a node is removed too, when the jump view shows both repairs — and the moved keys
    // fit their dock's width, long keys, 2^64 positions and replica lists included.
    void defaultLayoutIsLegible() {
        QTest::qWait(50);  // the docks are sized once the window is laid out
        Document& doc = *m_window->document();
        const QString why = clippedView(*m_window);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QVERIFY(doc.removeNode(1));
        const QString whyAfter = clippedView(*m_window);
        QVERIFY2(whyAfter.isEmpty(), qPrintable(whyAfter));

        QVERIFY(doc.edit(QStringLiteral("long"), [](Scenario& s) {
            s.space = 0;  // 2^64: twenty-digit positions
            s.keyHash = HashKind::Xxh64;
            s.replicas = 3;
            s.keys.pattern = "customer-session-{i}";
            s.keys.count = 2000;
            s.nodes.clear();
            for (int n = 0; n < 6; ++n) {
                NodeSpec node;
                node.id = "cache-server-" + std::to_string(n);
                node.vnodes = 8;
                s.nodes.push_back(node);
            }
        }));
        doc.waitForIdle();
        QVERIFY(doc.addNode());
        doc.waitForIdle();
        QVERIFY(doc.changedKeys().size() > 100);
        auto* table = m_window->findChild<MovedKeysPanel*>()->findChild<QTableView*>();
        QTest::qWait(20);
        QVERIFY2(table->horizontalHeader()->length() <= table->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2")
                                .arg(table->horizontalHeader()->length())
                                .arg(table->viewport()->width())));
        QVERIFY(!table->horizontalScrollBar()->isVisible());
        // A shortened cell keeps its whole text in the tool tip.
        const QModelIndex position = table->model()->index(0, MovedKeysModel::Position);
        QCOMPARE(position.data(Qt::ToolTipRole), position.data(Qt::DisplayRole));
        QVERIFY(position.data().toString().size() >= 15);
    }

    // Every view stays whole with the production profiles' presets too: 2^64 and signed64
    // positions, host:port names, Redis slots, Maglev tables.
    void presetsAreLegible_data() {
        QTest::addColumn<QString>("name");
        for (const char* name :
             {"cassandra-6x16-rf3.json", "envoy-maglev.json", "envoy-ring-hash-weighted.json",
              "redis-cluster-resharding.json", "ketama-memcached-pool.json", "replicas-zones.json",
              "vnode-lesson.json"}) {
            QTest::newRow(name) << QString::fromLatin1(name);
        }
    }
    void presetsAreLegible() {
        QFETCH(QString, name);
        QTest::qWait(50);
        Document& doc = *m_window->document();
        QVERIFY(m_window->openFile(ringscope::test::sourcePath("/resources/presets/") + name));
        const QString why = clippedView(*m_window);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        // A Redis Cluster master cannot leave with its slots (the document says so): a new
        // master joins instead; elsewhere a node leaves.
        QVERIFY(name.startsWith(u"redis") ? doc.addNode() : doc.removeNode(0));
        const QString whyAfter = clippedView(*m_window);
        QVERIFY2(whyAfter.isEmpty(), qPrintable(whyAfter));
    }

private:
    std::unique_ptr<QTemporaryDir> m_autosave;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
