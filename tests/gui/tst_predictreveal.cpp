// Predict, then reveal: while a question waits for its guess, no visible text anywhere in the
// window gives the answer away — not the analysis views, the ring's middle, the moved-key list,
// the status bar nor a chart's labels. Walked for every question of every lesson of the course
// and every kind of interview practice, in English and in Japanese, over the whole main window.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QUndoStack>

#include <memory>

#include "barchart.h"
#include "boundedloadpanel.h"
#include "comparisonmodel.h"
#include "document.h"
#include "hrwpanel.h"
#include "jumppanel.h"
#include "language.h"
#include "learningtools.h"
#include "lessonjson.h"
#include "lessonpanel.h"
#include "lessonplayer.h"
#include "linechart.h"
#include "loadhistogrampanel.h"
#include "maglevpanel.h"
#include "mainwindow.h"
#include "modnpanel.h"
#include "nodepanel.h"
#include "nodetablemodel.h"
#include "numberformat.h"
#include "practice.h"
#include "redisslotspanel.h"
#include "ringwidget.h"
#include "vnodestudypanel.h"

using namespace ringscope;

namespace {

// A text the window shows, and where.
struct Shown {
    QString where;
    QString text;
};

bool within(const QWidget* widget, const QWidget* ancestor) {
    for (const QWidget* w = widget; w; w = w->parentWidget()) {
        if (w == ancestor) {
            return true;
        }
    }
    return false;
}

QString plain(const QLabel* label) {
    const bool rich = label->textFormat() == Qt::RichText ||
                      (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text()));
    return rich ? QTextDocumentFragment::fromHtml(label->text()).toPlainText() : label->text();
}

// The value axis's tick labels of a bar chart: a scale of round numbers, not data.
QStringList tickLabels(const BarChart& chart) {
    QStringList ticks;
    const auto [top, count] = chart.valueAxis();
    const QString format = chart.valueLabelFormat();
    const qsizetype dot = format.indexOf(u'.');
    const int decimals = dot < 0 ? 0 : format.mid(dot + 1).chopped(1).toInt();
    for (int t = 0; t < count && count > 1; ++t) {
        ticks << chart.valueLabelLocale().toString(top * t / (count - 1), 'f', decimals);
    }
    return ticks;
}

// Every text of the visible widgets of the window, except what the question may show itself:
// the lesson panel (the question, its choices, the narration), the scenario's title and
// description as their author wrote them, the node table's columns of scenario data (ids, tokens,
// weights, zones) and the positions written on the ring (its ticks and node@position labels).
QList<Shown> shownTexts(MainWindow& window) {
    QList<Shown> out;
    const auto add = [&](const QWidget* w, const QString& text) {
        if (!text.trimmed().isEmpty()) {
            out << Shown{QString::fromLatin1(w->metaObject()->className()) + u' ' + w->objectName(),
                         text};
        }
    };
    add(&window, window.windowTitle());
    add(window.statusBar(), window.statusBar()->currentMessage());
    const QWidget* lesson = window.learning()->panel();
    QList<const QWidget*> description;
    for (const QLabel* label :
         window.centralWidget()->findChildren<QLabel*>(Qt::FindDirectChildrenOnly)) {
        description << label;
    }
    const QTableView* nodes = window.findChild<NodePanel*>()->view();
    for (QWidget* w : window.findChildren<QWidget*>()) {
        if (!w->isVisible() || w->visibleRegion().isEmpty() || within(w, lesson) ||
            description.contains(w)) {
            continue;
        }
        if (auto* view = qobject_cast<QAbstractItemView*>(w)) {
            const QAbstractItemModel* model = view->model();
            for (int c = 0; model && c < model->columnCount(); ++c) {
                add(w, model->headerData(c, Qt::Horizontal).toString());
                const bool data =
                    view == nodes && (c == NodeTableModel::Id || c == NodeTableModel::Tokens ||
                                      c == NodeTableModel::Weight || c == NodeTableModel::Zone);
                for (int r = 0; !data && r < model->rowCount(); ++r) {
                    add(w, model->index(r, c).data().toString());
                }
            }
        } else if (auto* label = qobject_cast<QLabel*>(w)) {
            add(w, plain(label));
        } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
            add(w, button->text());
        } else if (auto* edit = qobject_cast<QLineEdit*>(w)) {
            add(w, edit->text());
        } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
            add(w, combo->currentText());
        } else if (auto* spin = qobject_cast<QAbstractSpinBox*>(w)) {
            add(w, spin->text());
        } else if (auto* box = qobject_cast<QGroupBox*>(w)) {
            add(w, box->title());
        } else if (auto* tabs = qobject_cast<QTabBar*>(w)) {
            for (int i = 0; i < tabs->count(); ++i) {
                add(w, tabs->tabText(i));
            }
        } else if (auto* dock = qobject_cast<QDockWidget*>(w)) {
            add(w, dock->windowTitle());
        } else if (auto* ring = qobject_cast<RingWidget*>(w)) {
            static const QRegularExpression position(QStringLiteral("^[-−]?[0-9][0-9,.]*$|@"));
            for (const QString& text : ring->scene().texts()) {
                if (!position.match(text).hasMatch()) {
                    add(w, text);
                }
            }
        } else if (auto* bars = qobject_cast<BarChart*>(w)) {
            const QStringList ticks = tickLabels(*bars);
            for (const QString& text : bars->texts()) {
                if (!ticks.contains(text)) {
                    add(w, text);
                }
            }
        } else if (auto* lines = qobject_cast<LineChart*>(w)) {
            for (const QString& text : lines->texts()) {
                add(w, text);
            }
        }
        QStringList drawn;
        if (auto* strip = qobject_cast<JumpStrip*>(w)) {
            drawn = strip->texts();
        } else if (auto* grid = qobject_cast<ModNGrid*>(w)) {
            drawn = grid->texts();
        } else if (auto* hrw = qobject_cast<HrwBars*>(w)) {
            drawn = hrw->texts();
        } else if (auto* bounded = qobject_cast<BoundedLoadChart*>(w)) {
            drawn = bounded->texts();
        } else if (auto* table = qobject_cast<MaglevTableView*>(w)) {
            drawn = table->texts();
        } else if (auto* redis = qobject_cast<RedisSlotRing*>(w)) {
            drawn = redis->texts();
        }
        for (const QString& text : drawn) {
            add(w, text);
        }
    }
    return out;
}

// The numbers in a text, as digits ("1,000" and "1 000" read as 1000; "20.5" stays).
QStringList numbersIn(const QString& text) {
    static const QRegularExpression number(
        QStringLiteral("(?<![0-9.,])[0-9]{1,3}(?:[,\u00a0\u202f][0-9]{3})+(?:\\.[0-9]+)?(?![0-9])|"
                       "(?<![0-9.,])[0-9]+(?:\\.[0-9]+)?(?![0-9])"));
    QStringList out;
    auto it = number.globalMatch(text);
    while (it.hasNext()) {
        QString n = it.next().captured();
        n.remove(u',').remove(QChar(0x00a0)).remove(QChar(0x202f));
        out << n;
    }
    return out;
}

// The words of a text (ids, keys and numbers; Japanese and punctuation separate them).
QStringList wordsIn(const QString& text) {
    static const QRegularExpression separator(QStringLiteral("[^A-Za-z0-9_.:\\[\\]\\-{}]+"));
    QStringList words = text.split(separator, Qt::SkipEmptyParts);
    for (QString& w : words) {
        while (!w.isEmpty() && (w.endsWith(u'.') || w.endsWith(u':'))) {
            w.chop(1);
        }
    }
    return words;
}

// What a question's answer looks like in the window's texts.
struct Giveaway {
    QStringList numbers;  // as digits
    QStringList phrases;  // written as the program writes them ("20.0%")
    QString key, node;    // node questions: the key and the node that owns it
};

// The answer of the question just revealed, and the numbers of a choice's options.
Giveaway giveawayOf(const lesson::Reveal& reveal, size_t keys, const QString& key) {
    Giveaway g;
    const lesson::Value& truth = reveal.answer.truth;
    switch (reveal.answer.kind) {
        case lesson::AnswerKind::Number:
            // The number of keys is the question's own ("how many of the 100 keys"): when the
            // answer is all of them, only its share would give it away.
            if (truth.count != keys) {
                g.numbers << QString::number(truth.count);
            }
            if (keys > 0) {
                g.phrases << format::percentOf(truth.count, keys);
            }
            break;
        case lesson::AnswerKind::Node:
            g.key = key;
            g.node = QString::fromStdString(truth.text);
            break;
        case lesson::AnswerKind::Choice: {
            // Each option's number, as the explanation gives them ("224 keys (22.4%) against
            // 484 (48.4%)"): any of them shown beforehand tells which is fewer.
            static const QRegularExpression percent(QStringLiteral("[0-9.]+ ?%"));
            const QString explanation = reveal.explanation.en;
            for (const QString& n : numbersIn(explanation)) {
                if (n.toDouble() >= 10) {
                    g.numbers << n;
                }
            }
            auto it = percent.globalMatch(explanation);
            while (it.hasNext()) {
                g.phrases << it.next().captured();
            }
            break;
        }
    }
    return g;
}

// The shown texts that give the answer away, one line each.
QStringList leaks(const QList<Shown>& shown, const Giveaway& g) {
    QStringList out;
    for (const Shown& s : shown) {
        const QStringList numbers = numbersIn(s.text);
        const QStringList words = wordsIn(s.text);
        QString why;
        for (const QString& n : g.numbers) {
            if (numbers.contains(n)) {
                why = n;
            }
        }
        for (const QString& p : g.phrases) {
            if (s.text.contains(p)) {
                why = p;
            }
        }
        if (!g.node.isEmpty() && words.contains(g.key) && words.contains(g.node)) {
            why = QStringLiteral("key %1 with %2").arg(g.key, g.node);
        }
        if (!why.isEmpty()) {
            out << QStringLiteral("%1: \"%2\" gives away %3").arg(s.where, s.text.left(160), why);
        }
    }
    return out;
}

// Everything the window computes for what it shows, installed.
void settle(MainWindow& window) {
    window.document()->waitForIdle();
    for (int round = 0; round < 2; ++round) {
        QTest::qWait(30);  // the views schedule their work through the event loop
        for (ComparisonModel* m : window.findChildren<ComparisonModel*>()) {
            m->waitForIdle();
        }
        for (JumpPanel* p : window.findChildren<JumpPanel*>()) {
            p->waitForIdle();
        }
        for (ModNPanel* p : window.findChildren<ModNPanel*>()) {
            p->waitForIdle();
        }
        for (VnodeStudyPanel* p : window.findChildren<VnodeStudyPanel*>()) {
            p->waitForIdle();
        }
        for (MaglevPanel* p : window.findChildren<MaglevPanel*>()) {
            p->waitForIdle();
        }
        for (BoundedLoadPanel* p : window.findChildren<BoundedLoadPanel*>()) {
            p->waitForIdle();
        }
        for (RedisSlotsPanel* p : window.findChildren<RedisSlotsPanel*>()) {
            p->waitForIdle();
        }
    }
    QTest::qWait(30);
}

// What the window last measured as moved (the step before the question): none of it may stay in
// view while a question waits, as a count, a share or bytes (lesson 15 step 4 asked how many keys
// would move under "8,705 keys moved", the previous step's count). Counts under 10 and the key
// count itself are too common to tell anything.
Giveaway leftOver(const Document& doc) {
    Giveaway g;
    const MoveSummary s = doc.moveSummary();
    const auto count = [&](uint64_t n) {
        if (n >= 10 && n != s.keys) {
            g.numbers << QString::number(n);
        }
    };
    count(s.primaryMoved);
    count(s.replicaOnly);
    count(s.failover.primaryLost);
    count(s.failover.noReplica);
    if (s.primaryMoved > 0 && s.keys > 0) {
        g.phrases << format::percentOf(s.primaryMoved, s.keys);
    }
    if (s.hasSizes && s.bytesMoved > 0) {
        g.phrases << format::count(s.bytesMoved);
    }
    return g;
}

// The key a node question asks about: "owner:20" asks about key 20.
QString keyOfAnswer(const std::string& answer) {
    const size_t colon = answer.find(':');
    return colon == std::string::npos ? QString()
                                      : QString::fromStdString(answer.substr(colon + 1));
}

// A session seed whose first question is of `kind`.
std::optional<uint64_t> seedFor(std::string_view kind) {
    for (uint64_t seed = 1; seed < 2000; ++seed) {
        SplitMix64 first(seed);
        if (lesson::practiceQuestion(first.next()).kind == kind) {
            return seed;
        }
    }
    return std::nullopt;
}

// Closes any message box the window shows (a lesson step it could not show, say), keeping its
// text: the test fails on it rather than waiting for a click.
class MessageCloser : public QObject {
public:
    MessageCloser() {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                messages << box->text();
                box->reject();
            }
        });
        m_timer.start(20);
    }
    QStringList messages;

private:
    QTimer m_timer;
};

}  // namespace

class TestPredictReveal : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void cleanup() { applyLanguage(Language::English); }

    // Both languages walk every lesson and practice question; under the sanitizers (four times
    // slower, and after memory errors, which the language does not change) lessons walk in
    // English and practice in Japanese, so each language's texts still pass through them.
    void lessons_data() {
        QTest::addColumn<bool>("japanese");
        QTest::newRow("English") << false;
#if !defined(__SANITIZE_ADDRESS__)
        QTest::newRow("Japanese") << true;
#endif
    }
    void lessons() {
        QFETCH(bool, japanese);
        QVERIFY(applyLanguage(japanese ? Language::Japanese : Language::English));
        QTemporaryDir autosave;
        MainWindow window(autosave.path());
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const std::vector<lesson::LessonHeading> course = lesson::builtinCourse();
        QVERIFY(course.size() >= 13);
        QStringList found;
        MessageCloser closer;
        int questions = 0;
        int told = 0;
        for (size_t l = 0; l < course.size(); ++l) {
            const lesson::Lesson file = lesson::loadLessonFile(course[l].path);
            QVERIFY(window.learning()->startCourseLesson(l));
            LessonPlayer& player = *window.learning()->player();
            for (int guard = 0; guard < 64; ++guard) {
                if (player.isAsking()) {
                    settle(window);
                    const QList<Shown> shown = shownTexts(window);
                    QVERIFY(shown.size() > 20);  // the whole window was walked
                    for (const QString& leak : leaks(shown, leftOver(*window.document()))) {
                        found << QStringLiteral("%1 step %2, left from the step before: %3")
                                     .arg(file.name)
                                     .arg(player.stepIndex() + 1)
                                     .arg(leak);
                    }
                    const lesson::Step& step = file.steps[player.stepIndex()];
                    const QString key = keyOfAnswer(step.question->answer);
                    QVERIFY(player.next());  // reveal, without a guess
                    QVERIFY(player.reveal());
                    const Giveaway g =
                        giveawayOf(*player.reveal(), window.document()->keys().size(), key);
                    for (const QString& leak : leaks(shown, g)) {
                        found << QStringLiteral("%1 step %2: %3")
                                     .arg(file.name)
                                     .arg(player.stepIndex() + 1)
                                     .arg(leak);
                    }
                    // The walk reaches what tells the answer once it may be told: after the
                    // reveal the keys moved are written out (the ring's middle, the status bar,
                    // the views).
                    if (step.question->answer == "moved" && !g.numbers.isEmpty()) {
                        settle(window);
                        QVERIFY2(!leaks(shownTexts(window), g).isEmpty(),
                                 qPrintable(QStringLiteral("%1 step %2: the walk missed %3")
                                                .arg(file.name)
                                                .arg(player.stepIndex() + 1)
                                                .arg(g.numbers.join(u','))));
                        ++told;
                    }
                    ++questions;
                }
                const qsizetype before = closer.messages.size();
                if (!player.next()) {
                    break;
                }
                QTest::qWait(40);
                if (closer.messages.size() > before) {
                    closer.messages.last() += QStringLiteral(" (%1, going to step %2)")
                                                  .arg(file.name)
                                                  .arg(player.stepIndex() + 1);
                }
            }
        }
        QVERIFY2(closer.messages.isEmpty(), qPrintable(closer.messages.join(u'\n')));
        QCOMPARE(questions, 32);  // every question of the course was asked
        QVERIFY(told >= 10);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
        window.document()->undoStack()->setClean();
    }

    void practice_data() {
        QTest::addColumn<bool>("japanese");
#if !defined(__SANITIZE_ADDRESS__)
        QTest::newRow("English") << false;
#endif
        QTest::newRow("Japanese") << true;
    }
    void practice() {
        QFETCH(bool, japanese);
        QVERIFY(applyLanguage(japanese ? Language::Japanese : Language::English));
        QTemporaryDir autosave;
        MainWindow window(autosave.path());
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QStringList found;
        MessageCloser closer;
        for (const lesson::PracticeKind& practiceKind : lesson::practiceKinds()) {
            const std::string_view kind = practiceKind.name;
            const std::optional<uint64_t> seed = seedFor(kind);
            QVERIFY2(seed, std::string(kind).c_str());
            QVERIFY(window.learning()->startPractice(*seed));
            LessonPlayer& player = *window.learning()->player();
            QVERIFY(player.isAsking());
            SplitMix64 first(*seed);
            const lesson::PracticeQuestion q = lesson::practiceQuestion(first.next());
            QCOMPARE(q.kind, kind);
            settle(window);
            const QList<Shown> shown = shownTexts(window);
            QVERIFY(shown.size() > 20);
            QVERIFY(player.next());
            QVERIFY(player.reveal());
            const QString key = q.keys.empty() ? QString() : QString::fromStdString(q.keys[0]);
            const Giveaway g = giveawayOf(*player.reveal(), q.before.keys.count, key);
            for (const QString& leak : leaks(shown, g)) {
                found << QStringLiteral("%1: %2")
                             .arg(QLatin1String(kind.data(), qsizetype(kind.size())))
                             .arg(leak);
            }
        }
        QVERIFY2(closer.messages.isEmpty(), qPrintable(closer.messages.join(u'\n')));
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
        window.document()->undoStack()->setClean();
    }

    // Interview practice's views show the question's own scenario — before the guess and, after
    // the reveal, after its change: the node table, the load chart, the comparison and the
    // views of the algorithm in the middle of the window name the question's nodes.
    void practiceViewsShowTheQuestionsScenario() {
        QTemporaryDir autosave;
        MainWindow window(autosave.path());
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        MessageCloser closer;
        const auto idsOf = [](const Scenario& s) {
            QStringList ids;
            for (const NodeSpec& n : s.nodes) {
                ids << QString::fromStdString(n.id);
            }
            return ids;
        };
        Scenario before;  // the question's state before its change
        const auto check = [&](const Scenario& expected, const QString& when) {
            settle(window);
            const QStringList ids = idsOf(expected);
            QCOMPARE(window.document()->scenario(), expected);
            const QAbstractItemModel* nodes = window.findChild<NodePanel*>()->view()->model();
            QStringList table;
            for (int r = 0; r < nodes->rowCount(); ++r) {
                table << nodes->index(r, 0).data().toString();
            }
            QVERIFY2(table == ids,
                     qPrintable(when + QStringLiteral(": table ") + table.join(u',')));
            const BarChartData& load = window.findChild<LoadHistogramPanel*>()->chartData();
            QVERIFY2(load.categories == ids,
                     qPrintable(when + QStringLiteral(": load ") + load.categories.join(u',')));
            for (const AlgorithmResult& r :
                 window.findChild<ComparisonModel*>()->result().algorithms) {
                QStringList compared;
                for (const std::string& id : r.nodeIds) {
                    compared << QString::fromStdString(id);
                }
                QVERIFY2(!r.error.isEmpty() || compared == ids,
                         qPrintable(when + QStringLiteral(": comparison ") + compared.join(u',')));
            }
            // The middle of the window draws the question's algorithm.
            QWidget* middle = window.centre()->currentWidget();
            const char* drawn = middle->metaObject()->className();
            switch (expected.algorithm) {
                case Algorithm::Ring:
                    QVERIFY2(qobject_cast<RingWidget*>(middle), drawn);
                    break;
                case Algorithm::Rendezvous:
                case Algorithm::WeightedRendezvous:
                    QVERIFY2(qobject_cast<HrwPanel*>(middle), drawn);
                    break;
                case Algorithm::Jump:
                    QVERIFY2(qobject_cast<JumpPanel*>(middle), drawn);
                    break;
                case Algorithm::ModN:
                    QVERIFY2(qobject_cast<ModNPanel*>(middle), drawn);
                    break;
                default:
                    QFAIL(qPrintable(when + QStringLiteral(": an algorithm practice never asks")));
            }
            if (auto* jump = qobject_cast<JumpPanel*>(middle)) {
                // After a removal it shows the table the node left, crossed out: the nodes
                // before it.
                const QStringList shown = jump->strip().explanation().ids;
                QVERIFY2(shown == ids || shown == idsOf(before), qPrintable(when));
            } else if (auto* modn = qobject_cast<ModNPanel*>(middle)) {
                QVERIFY2(modn->grid().explanation().ids == ids, qPrintable(when));
            } else if (auto* hrw = qobject_cast<HrwPanel*>(middle)) {
                for (const HrwBar& bar : hrw->bars().explanation().bars) {
                    QVERIFY2(ids.contains(bar.node), qPrintable(when));
                }
            } else {
                QVERIFY(qobject_cast<RingWidget*>(middle));
            }
        };
        for (const lesson::PracticeKind& practiceKind : lesson::practiceKinds()) {
            const std::string_view kind = practiceKind.name;
            const std::optional<uint64_t> seed = seedFor(kind);
            QVERIFY(seed);
            QVERIFY(window.learning()->startPractice(*seed));
            SplitMix64 first(*seed);
            const lesson::PracticeQuestion q = lesson::practiceQuestion(first.next());
            const QString name = QLatin1String(kind.data(), qsizetype(kind.size()));
            before = q.before;
            check(q.before, name + QStringLiteral(" before"));
            QVERIFY(window.learning()->player()->next());  // reveal
            check(q.after, name + QStringLiteral(" after"));
        }
        QVERIFY2(closer.messages.isEmpty(), qPrintable(closer.messages.join(u'\n')));
        window.document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestPredictReveal)
#include "tst_predictreveal.moc"
