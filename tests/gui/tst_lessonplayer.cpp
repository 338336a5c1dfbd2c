// The lesson player in the window, driven as a learner drives it: keys and clicks on the dock
// and the ring. A question records the guess and reveals the truth beside it; Next and Back put
// the lesson's state back after the learner pokes at the ring, without filling the undo history;
// presenter mode shows the ring and the lesson only and steps by keyboard; a bad lesson file
// shows why and changes nothing; interview practice keeps its score.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

#include <cstdlib>

#include "document.h"
#include "learningtools.h"
#include "lessonjson.h"
#include "lessonpanel.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "ringcolors.h"
#include "ringwidget.h"
#include "scenariojson.h"
#include "testpaths.h"

using namespace ringscope;

namespace {

// The built-in course, by place: 01-mod-n is 0.
constexpr size_t kRingLesson = 1;     // 02-ring: node questions on seed 000's ring
constexpr size_t kAddNodeLesson = 2;  // 03-add-node: "how many of the 100 keys move?"

QString preset(const char* name) {
    return ringscope::test::sourcePath("/resources/presets/") + QLatin1String(name);
}

// Answers the next message box with OK, keeping its text.
void answerNextMessageBox(QString* text) {
    auto* timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, timer, [timer, text] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            *text = box->text();
            box->accept();
            timer->deleteLater();
        }
    });
    timer->start(10);
}

}  // namespace

class TestLessonPlayer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);  // settings of our own, not the user's
        QSettings().clear();
        QSettings().setValue(QStringLiteral("view/language"), QStringLiteral("en"));
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
        m_window->learning()->setPresenting(false);
        m_window->document()->undoStack()->setClean();  // no "save changes?" on close
        m_window.reset();
    }

    // 03-add-node, step 2: "D joins with a token at 40. How many of the 100 keys change owner?"
    // typed into the dock's field, Enter: the guess, the truth and the ideal side by side, and
    // D's join made on the ring. Then 02-ring's "Which node owns key 20?" answered with a click.
    void questionRecordsTheGuessAndReveals() {
        LessonPanel* panel = this->panel();
        QVERIFY(m_window->learning()->startCourseLesson(kAddNodeLesson));
        QCOMPARE(label("lessonCounter")->text(), QStringLiteral("Step 1 of 6"));
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);
        QCOMPARE(label("lessonCounter")->text(), QStringLiteral("Step 2 of 6"));
        QVERIFY(player()->isAsking());
        QVERIFY(label("lessonPrompt")->text().contains(QStringLiteral("How many of the 100 keys")));
        QCOMPARE(document().scenario(), loadScenarioFile(preset("seed000-ring.json")));  // not yet

        auto* guess = panel->findChild<QLineEdit*>(QStringLiteral("lessonGuess"));
        QVERIFY(guess && guess->isVisible());
        QVERIFY(!button("lessonAnswer")->isEnabled());  // nothing typed yet
        guess->setFocus();
        QTest::keyClicks(guess, QStringLiteral("25"));
        QTest::keyClick(guess, Qt::Key_Return);

        QVERIFY(player()->isRevealed());
        QVERIFY(panel->findChild<QGroupBox*>(QStringLiteral("lessonReveal"))->isVisible());
        QCOMPARE(label("revealGuess")->text(), QStringLiteral("25"));
        QCOMPARE(label("revealTruth")->text(), QStringLiteral("20"));
        QCOMPARE(label("revealIdeal")->text(), QStringLiteral("25"));
        QVERIFY(label("revealVerdict")->text().contains(QStringLiteral("not quite")));
        QVERIFY(label("revealExplanation")->text().contains(QStringLiteral("21–40")));
        QCOMPARE(player()->answered(), size_t{1});
        QCOMPARE(player()->correct(), size_t{0});
        // The change is made, and the moved keys are measured against the step before it.
        QCOMPARE(document().scenario().nodes.size(), size_t{4});
        QCOMPARE(document().scenario().nodes[3].id, std::string("D"));
        QCOMPARE(document().scenario().nodes[3].tokens, (std::vector<uint64_t>{40}));
        QCOMPARE(document().moveSummary().primaryMoved, size_t{20});
        QCOMPARE(document().undoStack()->count(), 0);
        QVERIFY(!guess->isVisible());

        // A node question: one button per node; a click answers.
        QVERIFY(m_window->learning()->startCourseLesson(kRingLesson));
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);
        QVERIFY(label("lessonPrompt")->text().contains(QStringLiteral("Key 20")));
        QPushButton* a = button("option-A");
        QVERIFY(a && a->isVisible() && button("option-B") && button("option-C"));
        QTest::mouseClick(a, Qt::LeftButton);
        QCOMPARE(label("revealGuess")->text(), QStringLiteral("A"));
        QCOMPARE(label("revealTruth")->text(), QStringLiteral("A"));
        QVERIFY(label("revealVerdict")->text().contains(QStringLiteral("right")));
        QVERIFY(!label("revealIdeal")->isVisible());  // a node has no ideal
        QCOMPARE(player()->correct(), size_t{1});
        // Next passes an open question: shown with no guess, counted as answered.
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);
        QVERIFY(player()->isAsking());
        QTest::keyClick(button("lessonNext"), Qt::Key_Space);
        QVERIFY(player()->isRevealed());
        QCOMPARE(label("revealTruth")->text(), QStringLiteral("A"));  // key 99 wraps to A
        QCOMPARE(player()->answered(), size_t{2});
        QCOMPARE(player()->correct(), size_t{1});
    }

    // The learner drags a token and adds a node between steps; Next, Back and Restore show the
    // lesson's state again, and Undo never walks back into another step.
    void nextAndBackRestoreAfterPokes() {
        QVERIFY(m_window->learning()->startCourseLesson(kAddNodeLesson));
        const Scenario step1 = document().scenario();
        QCOMPARE(step1, loadScenarioFile(preset("seed000-ring.json")));

        // Poke: drag A's token from 20 to 30 with the mouse.
        RingWidget* ring = m_window->ring();
        const RingGeometry g = ring->widgetGeometry();
        QTest::mousePress(ring, Qt::LeftButton, {}, g.pointAt(20, g.radius).toPoint());
        QTest::mouseMove(ring, g.pointAt(25, g.radius).toPoint());
        QTest::mouseMove(ring, g.pointAt(30, g.radius).toPoint());
        QTest::mouseRelease(ring, Qt::LeftButton, {}, g.pointAt(30, g.radius).toPoint());
        QCOMPARE(document().scenario().nodes[0].tokens, (std::vector<uint64_t>{30}));
        QCOMPARE(document().undoStack()->count(), 1);  // an ordinary, undoable edit
        QVERIFY(player()->isPoked());
        QVERIFY(button("lessonRestore")->isVisible());

        // → on the ring: step 2 as the lesson sets it up (the seed ring, D not joined yet).
        QTest::keyClick(ring, Qt::Key_Right);
        QCOMPARE(player()->stepIndex(), size_t{1});
        QCOMPARE(document().scenario(), step1);
        QCOMPARE(document().undoStack()->count(), 0);
        QVERIFY(!document().isModified());
        QVERIFY(!player()->isPoked());
        QVERIFY(!button("lessonRestore")->isVisible());

        // Poke again, then ← : step 1 exactly, and nothing to undo.
        NodeSpec e;
        e.id = "E";
        e.tokens = {75};
        QVERIFY(document().addNode(e));
        QVERIFY(player()->isPoked());
        QTest::keyClick(ring, Qt::Key_Left);
        QCOMPARE(player()->stepIndex(), size_t{0});
        QCOMPARE(document().scenario(), step1);
        QVERIFY(!document().undoStack()->canUndo());

        // Restore on the same step.
        QVERIFY(document().removeNode(2));
        QVERIFY(player()->isPoked());
        QTest::mouseClick(button("lessonRestore"), Qt::LeftButton);
        QCOMPARE(document().scenario(), step1);
        QCOMPARE(player()->stepIndex(), size_t{0});

        // A revealed step comes back revealed: the outcome of the question, against its start.
        QTest::keyClick(ring, Qt::Key_Right);
        QVERIFY(player()->answer(QStringLiteral("20")));
        const Scenario outcome = document().scenario();
        QVERIFY(document().removeNode(0));
        QTest::keyClick(ring, Qt::Key_Right);
        QTest::keyClick(ring, Qt::Key_Left);
        QCOMPARE(document().scenario(), outcome);
        QCOMPARE(document().moveSummary().primaryMoved, size_t{20});
        QVERIFY(player()->isRevealed());
    }

    // F11: the ring and the lesson only, full screen, large and high-contrast; → and Page Down
    // step, ← and Page Up go back; Esc puts the window back as it was.
    void presenterModeStepsByKeyboard() {
        QVERIFY(m_window->learning()->startCourseLesson(kAddNodeLesson));
        QDockWidget* lesson = m_window->learning()->dock();
        const QList<QDockWidget*> docks = m_window->findChildren<QDockWidget*>();
        QList<QDockWidget*> visibleBefore;
        for (QDockWidget* d : docks) {
            if (d->isVisible()) {
                visibleBefore << d;
            }
        }
        QVERIFY(visibleBefore.size() > 2);

        QTest::keyClick(m_window.get(), Qt::Key_F11);
        QVERIFY(m_window->learning()->isPresenting());
        QVERIFY(m_window->isFullScreen());
        QVERIFY(!m_window->menuBar()->isVisible());
        QVERIFY(!m_window->statusBar()->isVisible());
        for (QToolBar* bar : m_window->findChildren<QToolBar*>()) {
            QVERIFY(!bar->isVisible());
        }
        for (QDockWidget* d : docks) {
            QCOMPARE(d->isVisible(), d == lesson);
        }
        QVERIFY(m_window->ring()->isVisible());
        QVERIFY(m_window->ring()->isPresenting());
        QVERIFY(m_window->ring()->hasFocus());
        QVERIFY(panel()->font().pointSizeF() > QApplication::font().pointSizeF() * 1.5);

        QTest::keyClick(m_window->ring(), Qt::Key_Right);
        QCOMPARE(player()->stepIndex(), size_t{1});
        for (QLabel* besideTheRing : m_window->centralWidget()->findChildren<QLabel*>()) {
            QVERIFY(!besideTheRing->isVisible());  // the scenario's title line stays hidden
        }
        QTest::keyClick(m_window->ring(), Qt::Key_PageDown);  // a presenter's clicker: reveal
        QVERIFY(player()->isRevealed());
        QTest::keyClick(m_window->ring(), Qt::Key_PageDown);
        QCOMPARE(player()->stepIndex(), size_t{2});
        QTest::keyClick(m_window->ring(), Qt::Key_PageUp);
        QCOMPARE(player()->stepIndex(), size_t{1});
        QTest::keyClick(m_window->ring(), Qt::Key_Left);
        QCOMPARE(player()->stepIndex(), size_t{0});

        QTest::keyClick(m_window->ring(), Qt::Key_Escape);
        QVERIFY(!m_window->learning()->isPresenting());
        QVERIFY(!m_window->isFullScreen());
        QVERIFY(m_window->menuBar()->isVisible());
        QVERIFY(!m_window->ring()->isPresenting());
        for (QDockWidget* d : docks) {
            QCOMPARE(d->isVisible(), visibleBefore.contains(d));
        }
        bool titleLineBack = false;
        for (QLabel* besideTheRing : m_window->centralWidget()->findChildren<QLabel*>()) {
            titleLineBack = titleLineBack || besideTheRing->isVisible();
        }
        QVERIFY(titleLineBack);  // the scenario's title line is shown again
        // F11 again, and F11 to leave.
        QTest::keyClick(m_window.get(), Qt::Key_F11);
        QVERIFY(m_window->learning()->isPresenting());
        QTest::keyClick(m_window.get(), Qt::Key_F11);
        QVERIFY(!m_window->learning()->isPresenting());
        QVERIFY(m_window->menuBar()->isVisible());
    }

    // A lesson file that does not load says why (file, step, field) and changes nothing: the
    // document, its undo history and the lesson playing.
    void badLessonFileChangesNothing_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << QByteArray("{\"format\": ")
                                  << QStringLiteral("not valid JSON");
        QTest::newRow("wrong format")
            << QByteArray(R"({"format": "ringscope/1", "title": {"en": "x"}, "steps": []})")
            << QStringLiteral("ringscope-lesson/1");
        QTest::newRow("a typed result")
            << QByteArray(R"({"format": "ringscope-lesson/1", "title": {"en": "Bad"},
                 "steps": [{"preset": "seed000-ring",
                            "text": {"en": "A holds 25 keys."}}]})")
            << QStringLiteral("steps[0].text.en: 25 is written as a count");
        QTest::newRow("unknown node")
            << QByteArray(R"({"format": "ringscope-lesson/1", "title": {"en": "Bad"},
                 "steps": [{"preset": "seed000-ring", "text": {"en": "Start."}},
                           {"edit": [{"op": "remove-node", "node": "Q"}],
                            "text": {"en": "Gone."}}]})")
            << QStringLiteral("steps[1].edit[0].node");
    }
    // On the projector's screen the lesson keeps its share of the width, however the window
    // reaches that size, and the ring has the rest.
    void presentingKeepsTheLessonsShare() {
        QVERIFY(m_window->learning()->startCourseLesson(kAddNodeLesson));
        m_window->learning()->setPresenting(true);
        // The offscreen screen is smaller than a projector's: the window is given the projector's
        // size as a window manager would give it the screen.
        m_window->setWindowState(Qt::WindowNoState);
        m_window->resize(1920, 1080);
        QTRY_COMPARE(m_window->width(), 1920);
        const QDockWidget* lesson = m_window->learning()->dock();
        const int share = int(1920 * LearningTools::kPresentLessonShare);
        QTRY_VERIFY2(std::abs(lesson->width() - share) < 24,
                     qPrintable(QString::number(lesson->width())));
        QVERIFY(m_window->ring()->width() > 1920 - share - 48);
        QVERIFY(m_window->ring()->height() > 1000);
    }

    void badLessonFileChangesNothing() {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QVERIFY(m_window->learning()->startCourseLesson(kRingLesson));
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);
        NodeSpec e;
        e.id = "E";
        e.tokens = {75};
        QVERIFY(document().addNode(e));  // a poke, with its undo step
        const Scenario before = document().scenario();
        const QString narration = label("lessonNarration")->text();
        const QString title = player()->title();

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(json);
        file.close();
        QString shown;
        answerNextMessageBox(&shown);
        QVERIFY(!m_window->learning()->openLesson(path));
        QVERIFY2(shown.contains(message), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("bad")), qPrintable(shown));  // the file's name
        QCOMPARE(document().scenario(), before);
        QCOMPARE(document().undoStack()->count(), 1);
        QCOMPARE(player()->stepIndex(), size_t{1});
        QCOMPARE(player()->title(), title);
        QCOMPARE(label("lessonNarration")->text(), narration);
        QVERIFY(player()->isPoked());
    }

    // A lesson file that loads starts at its first step, from File → Open Lesson's path.
    void lessonFromAFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QVERIFY(QFile::copy(lesson::builtinLessonPaths()[qsizetype(kAddNodeLesson)], path));
        QVERIFY(m_window->learning()->openLesson(path));
        QCOMPARE(player()->title(), QStringLiteral("A node joins: D@40"));
        QCOMPARE(player()->stepIndex(), size_t{0});
        QVERIFY(m_window->learning()->dock()->isVisible());
    }

    // A lesson whose step reads keys outside the lesson's folder: the window asks, as it does
    // for a scenario; declined, nothing changes; allowed, the step shows those keys.
    void lessonKeyFileOutsideItsFolderAsks() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("lesson")));
        {
            QFile keys(dir.filePath(QStringLiteral("keys.txt")));
            QVERIFY(keys.open(QIODevice::WriteOnly));
            keys.write("10\n50\n90\n");
        }
        const QString path = dir.filePath(QStringLiteral("lesson/outside.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        // (Plain string literals: moc misreads some raw strings and skips the class.)
        file.write(
            "{\"format\": \"ringscope-lesson/1\", \"title\": {\"en\": \"Keys from elsewhere\"}, "
            "\"steps\": [{\"scenario\": {\"format\": \"ringscope/1\", \"space\": 100, "
            "\"keyHash\": \"identity\", \"nodes\": [{\"id\": \"A\", \"tokens\": [20]}, "
            "{\"id\": \"B\", \"tokens\": [60]}], \"keys\": {\"file\": \"../keys.txt\"}}, "
            "\"text\": {\"en\": \"A@20 and B@60 hold {keysOf:A} and {keysOf:B} keys.\"}}]}");
        file.close();
        const Scenario before = document().scenario();
        for (const QMessageBox::StandardButton answer : {QMessageBox::Cancel, QMessageBox::Yes}) {
            // The question, answered; then, declined, the refusal (closed).
            QStringList boxes;
            QTimer timer;
            connect(&timer, &QTimer::timeout, &timer, [answer, &boxes] {
                if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                    boxes << box->text();
                    box->button(boxes.size() == 1 ? answer : QMessageBox::Ok)->click();
                }
            });
            timer.start(10);
            const bool opened = m_window->learning()->openLesson(path);
            timer.stop();
            QVERIFY(!boxes.isEmpty());
            const QString question = boxes.front();
            QVERIFY2(question.startsWith(QStringLiteral("This lesson reads keys from\n")),
                     qPrintable(question));
            QVERIFY2(question.contains(dir.filePath(QStringLiteral("keys.txt"))),
                     qPrintable(question));
            if (answer == QMessageBox::Cancel) {
                QVERIFY(!opened);
                QCOMPARE(boxes.size(), 2);
                QVERIFY2(boxes[1].contains(QStringLiteral("is outside the lesson's folder")),
                         qPrintable(boxes[1]));
                QCOMPARE(document().scenario(), before);
            } else {
                QVERIFY(opened);
                document().waitForIdle();
                QCOMPARE(document().keys().size(), size_t{3});
                QCOMPARE(label("lessonNarration")->text(),
                         QStringLiteral("A@20 and B@60 hold 2 and 1 keys."));
            }
        }
    }

    // Interview practice: a question drawn from a seed, answered in the dock, scored; Next
    // draws another, a passed one counts as wrong.
    void practiceKeepsTheScore() {
        QVERIFY(m_window->learning()->startPractice(7));
        QCOMPARE(player()->mode(), LessonPlayer::Mode::Practice);
        QVERIFY(player()->isAsking());
        QVERIFY(!label("lessonPrompt")->text().isEmpty());
        const lesson::PracticeQuestion expected = lesson::PracticeSession(7).question();
        QCOMPARE(document().scenario(), expected.before);
        // Answer with the truth, through the dock.
        const lesson::Value& value = expected.answer.truth;
        const QString truth = value.kind == lesson::Value::Kind::Count
                                  ? QString::number(value.count)
                                  : QString::fromStdString(value.text);
        if (auto kind = player()->questionKind(); kind == lesson::AnswerKind::Number) {
            auto* guess = panel()->findChild<QLineEdit*>(QStringLiteral("lessonGuess"));
            QTest::keyClicks(guess, truth);
            QTest::keyClick(guess, Qt::Key_Return);
        } else {
            QTest::mouseClick(button((QStringLiteral("option-") + truth).toLatin1().constData()),
                              Qt::LeftButton);
        }
        QVERIFY(player()->isRevealed());
        QCOMPARE(document().scenario(), expected.after);
        QCOMPARE(player()->practiceScore().correct, size_t{1});
        QVERIFY(label("practiceScore")->text().contains(QStringLiteral("1 of 1 right")));
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);  // the next question
        QVERIFY(player()->isAsking());
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);  // passed: revealed, wrong
        QTest::keyClick(button("lessonNext"), Qt::Key_Right);
        QCOMPARE(player()->practiceScore().asked, size_t{2});
        QCOMPARE(player()->practiceScore().correct, size_t{1});
        QCOMPARE(player()->practiceScore().bestStreak, size_t{1});
        QVERIFY(label("practiceScore")->text().contains(QStringLiteral("1 of 2 right")));
    }

    // The narration follows the chosen language; every number still comes from the core.
    void narrationInJapanese() {
        QVERIFY(m_window->learning()->startCourseLesson(kAddNodeLesson));
        QVERIFY(label("lessonNarration")->text().contains(QStringLiteral("holding 30, 40 and 30")));
        auto* japanese = m_window->findChild<QAction*>(QStringLiteral("narration-ja"));
        QVERIFY(japanese);
        japanese->trigger();
        QVERIFY2(label("lessonNarration")->text().contains(QStringLiteral("30 個、40 個、30 個")),
                 qPrintable(label("lessonNarration")->text()));
        QCOMPARE(QSettings().value(QStringLiteral("view/language")).toString(),
                 QStringLiteral("ja"));
        m_window->findChild<QAction*>(QStringLiteral("narration-en"))->trigger();
        QVERIFY(label("lessonNarration")->text().contains(QStringLiteral("holding")));
    }

    // Every colour on screen is in the legend: lesson 15's first step outlines 10.0.1.3's arcs
    // in the highlight colour (they were in no row), and the legend names that outline, drawn
    // as the ring draws it; after the change, the moved keys' red has its row; a ring the
    // lesson points at nothing on has neither.
    void legendNamesEveryMark() {
        QVERIFY(m_window->learning()->startCourseLesson(14));  // 15-migration-plan
        document().waitForIdle();
        RingWidget* ring = m_window->ring();
        const auto rows = [ring] { return ring->scene().legendTexts(QRectF(ring->rect()), false); };
        const QString pointed = QStringLiteral("the lesson's highlight");
        QVERIFY2(rows().contains(pointed), qPrintable(rows().join(u'|')));
        QVERIFY(!rows().join(u'|').contains(u"moved"));
        // The outline is painted in the legend: the highlight colour left of the ring.
        QImage image(ring->size(), QImage::Format_ARGB32);
        image.fill(Qt::transparent);
        {
            QPainter p(&image);
            ring->scene().paintLegend(p, QRectF(ring->rect()), false);
        }
        const QColor highlight = RingColors::from(ring->palette()).selection;
        int painted = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                painted += QColor(image.pixel(x, y)) == highlight ? 1 : 0;
            }
        }
        QVERIFY2(painted > 20, qPrintable(QString::number(painted)));

        QVERIFY(player()->next());  // the question: counts withheld, the outline gone
        document().waitForIdle();
        QVERIFY(!rows().contains(pointed));
        QVERIFY(player()->answer(QStringLiteral("8000")));
        document().waitForIdle();
        QVERIFY2(rows().contains(QStringLiteral("keys moved")), qPrintable(rows().join(u'|')));
        m_window->learning()->player()->leave();
        document().waitForIdle();
    }

private:
    LessonPanel* panel() const { return m_window->learning()->panel(); }
    LessonPlayer* player() const { return m_window->learning()->player(); }
    Document& document() const { return *m_window->document(); }
    QLabel* label(const char* name) const {
        auto* l = panel()->findChild<QLabel*>(QLatin1String(name));
        if (!l) {
            qWarning() << "no label" << name;
        }
        return l;
    }
    QPushButton* button(const char* name) const {
        return panel()->findChild<QPushButton*>(QLatin1String(name));
    }

    std::unique_ptr<QTemporaryDir> m_autosave;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestLessonPlayer)
#include "tst_lessonplayer.moc"
