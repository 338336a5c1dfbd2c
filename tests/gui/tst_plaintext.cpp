// All text from files is shown as written. A scenario whose node ids, zone, key names, title and
// description hold HTML, and a lesson whose titles, narration, question and choices do, are
// opened in the real window; every label, tooltip, table cell, chart text and message box that
// shows them must show the tags as typed (an id "<img src=…><b>BIG</b>" once made the error box
// load a local image and draw the word in bold). English and Japanese.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHelpEvent>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTimer>
#include <QToolTip>

#include "document.h"
#include "learningtools.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "ringgeometry.h"
#include "ringwidget.h"

using namespace ringscope;

namespace {

// The text a hostile file holds; shown as written, its tags stay in the text. Rendered, the image
// is loaded and the tags vanish, leaving the bare word.
const QString kPayload = QStringLiteral("<img src='/tmp/ringscope-plaintext.png'><b>BIG</b>");
const QString kWord = QStringLiteral("BIG");
const QString kAsWritten = QStringLiteral("<b>BIG</b>");

QByteArray json(const QString& text) {
    return text.toUtf8().replace('\\', "\\\\").replace('"', "\\\"");
}

// How Qt shows `text` in a place told its format, or guessing (Qt::AutoText: Qt::mightBeRichText).
QString displayed(const QString& text, Qt::TextFormat format) {
    const bool rich =
        format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text));
    if (!rich) {
        return text;
    }
    QTextDocument document;
    document.setHtml(text);
    return document.toPlainText();
}

struct Shown {
    QString where;
    QString text;  // as it reaches the eye
};

QString nameOf(const QObject* o) {
    return QString::fromLatin1(o->metaObject()->className()) + u' ' + o->objectName();
}

// Everything the window shows as text, as it shows it: labels, buttons, tooltips of widgets and
// actions, item views' cells, headers and their tooltips, charts' labels and legends.
std::vector<Shown> shownTexts(QWidget* root) {
    std::vector<Shown> out;
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets << root;
    for (QWidget* w : widgets) {
        if (!w->toolTip().isEmpty()) {
            out.push_back(
                {nameOf(w) + QStringLiteral(" tooltip"), displayed(w->toolTip(), Qt::AutoText)});
        }
        if (auto* label = qobject_cast<QLabel*>(w)) {
            out.push_back({nameOf(w), displayed(label->text(), label->textFormat())});
        }
        if (auto* button = qobject_cast<QAbstractButton*>(w)) {
            out.push_back({nameOf(w), button->text()});
        }
        if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model()) {
            const QAbstractItemModel* model = view->model();
            for (int r = 0; r < std::min(model->rowCount(), 500); ++r) {
                for (int c = 0; c < model->columnCount(); ++c) {
                    const QModelIndex index = model->index(r, c);
                    out.push_back({nameOf(w) + QStringLiteral(" cell"),
                                   model->data(index, Qt::DisplayRole).toString()});
                    out.push_back(
                        {nameOf(w) + QStringLiteral(" cell tooltip"),
                         displayed(model->data(index, Qt::ToolTipRole).toString(), Qt::AutoText)});
                }
            }
            for (int c = 0; c < model->columnCount(); ++c) {
                out.push_back(
                    {nameOf(w) + QStringLiteral(" header tooltip"),
                     displayed(model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(),
                               Qt::AutoText)});
            }
        }
        if (auto* chart = qobject_cast<QChartView*>(w); chart && chart->scene()) {
            for (QGraphicsItem* item : chart->scene()->items()) {
                if (auto* text = dynamic_cast<QGraphicsTextItem*>(item)) {
                    out.push_back({nameOf(w) + QStringLiteral(" chart text"), text->toPlainText()});
                } else if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
                    out.push_back({nameOf(w) + QStringLiteral(" chart label"), simple->text()});
                }
            }
        }
    }
    for (QAction* a : root->findChildren<QAction*>()) {
        out.push_back({QStringLiteral("action ") + a->text() + QStringLiteral(" tooltip"),
                       displayed(a->toolTip(), Qt::AutoText)});
    }
    return out;
}

// Every text that shows the word shows it as written; returns how many places showed it.
int countWritten(QWidget* root, QString* problem) {
    int places = 0;
    for (const Shown& s : shownTexts(root)) {
        if (!s.text.contains(kWord)) {
            continue;
        }
        if (!s.text.contains(kAsWritten)) {
            *problem = s.where + QStringLiteral(" shows ") + s.text.left(200);
            return places;
        }
        ++places;
    }
    return places;
}

void writeFile(const QString& path, const QByteArray& content) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

// Answers the next message box with OK, keeping its text and format.
void closeNextMessageBox(QString* text, Qt::TextFormat* format) {
    auto* timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, timer, [timer, text, format] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            *text = box->text();
            *format = box->textFormat();
            box->button(QMessageBox::Ok)->click();
            timer->deleteLater();
        }
    });
    timer->start(10);
}

// Lets the views compute in the background and redraw.
void settle(MainWindow& window) {
    for (int i = 0; i < 10; ++i) {
        window.document()->waitForIdle();
        QTest::qWait(50);
    }
}

}  // namespace

class TestPlainText : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_window = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("autosave")));
        m_window->resize(1440, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void scenarioText() {
        const QByteArray p = json(kPayload);
        const QString path = m_dir.filePath(QStringLiteral("hostile.json"));
        writeFile(path, R"({"format": "ringscope/1", "title": ")" + p + R"(", "description": ")" +
                            p + R"(", "space": 100, "replicas": 2, "nodes": [{"id": ")" + p +
                            R"(", "tokens": [20], "zone": ")" + p +
                            R"("}, {"id": "B", "tokens": [60]}, {"id": "C", "tokens": [90]}], )"
                            R"("keys": {"list": [")" +
                            p + R"(", "k1", "k2", "k3"]}})");
        QVERIFY(m_window->openFile(path));
        settle(*m_window);
        // The node and the key named by the file are selected, so the views explain them.
        m_window->document()->setSelectedNode(0);
        m_window->document()->setSelectedKey(0);
        for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
            dock->show();
            dock->raise();
            settle(*m_window);
            QString problem;
            const int places = countWritten(m_window.get(), &problem);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(dock->windowTitle() + QStringLiteral(": ") + problem));
            QVERIFY(places > 0);
        }
        // The tooltip of the node's token on the ring.
        RingWidget* ring = m_window->ring();
        const RingGeometry g = ring->widgetGeometry();
        QString tip;
        for (const double r : {g.radius, g.bandInner(), (g.radius + g.bandInner()) / 2}) {
            const QPoint at = g.pointAt(20, r).toPoint();
            QHelpEvent help(QEvent::ToolTip, at, ring->mapToGlobal(at));
            QApplication::sendEvent(ring, &help);
            if (QToolTip::isVisible() && QToolTip::text().contains(kWord)) {
                tip = QToolTip::text();
                break;
            }
        }
        QVERIFY2(!tip.isEmpty(), "no tooltip at the node's token");
        QVERIFY2(displayed(tip, Qt::AutoText).contains(kAsWritten), qPrintable(tip));
        QToolTip::hideText();
    }

    // The error box for a duplicate id: the message quotes the id, as written.
    void errorBox() {
        const QByteArray p = json(kPayload);
        const QString path = m_dir.filePath(QStringLiteral("duplicate.json"));
        writeFile(path, R"({"format": "ringscope/1", "nodes": [{"id": ")" + p +
                            R"(", "vnodes": 4}, {"id": ")" + p + R"(", "vnodes": 4}]})");
        QString text;
        Qt::TextFormat format = Qt::AutoText;
        closeNextMessageBox(&text, &format);
        QVERIFY(!m_window->openFile(path));
        QVERIFY2(text.contains(kPayload), qPrintable(text));
        QCOMPARE(displayed(text, format), text);
        QCOMPARE(format, Qt::PlainText);
    }

    void lessonText_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QStringLiteral("en");
        QTest::newRow("Japanese") << QStringLiteral("ja");
    }
    void lessonText() {
        QFETCH(QString, language);
        const QByteArray p = json(kPayload);
        const auto text = [&](const QByteArray& en, const QByteArray& ja) {
            // (No raw string here: moc misreads R"("})" and skips the class.)
            return "{\"en\": \"" + en + "\", \"ja\": \"" + ja + "\"}";
        };
        const QString path = m_dir.filePath(QStringLiteral("hostile-lesson.json"));
        writeFile(path, R"({"format": "ringscope-lesson/1", "title": )" + text(p, p) +
                            R"(, "summary": )" + text(p, p) +
                            R"(, "steps": [)"
                            R"({"preset": "seed000-ring", "title": )" +
                            text(p, p) + R"(, "text": )" + text("Narration " + p, "説明 " + p) +
                            R"(, "question": {"kind": "choice", "prompt": )" +
                            text("Prompt " + p, "質問 " + p) +
                            R"(, "change": [], "answer": "max", "choices": [)"
                            R"({"id": "a", "text": )" +
                            text(p, p) + R"(, "value": "keysOf:A"}, {"id": "b", "text": )" +
                            text("other", "ほか") + R"(, "value": "keysOf:B"}], "reveal": )" +
                            text("Reveal " + p, "答え " + p) + "}}]}");
        QVERIFY(m_window->learning()->openLesson(path));
        m_window->learning()->player()->setLanguage(language == u"ja" ? lesson::Language::Japanese
                                                                      : lesson::Language::English);
        settle(*m_window);
        QWidget* panel = m_window->learning()->dock();
        QString problem;
        const int asking = countWritten(panel, &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY2(asking >= 5,
                 qPrintable(QString::number(asking)));  // titles, text, prompt, a choice
        // Answered: the explanation shows the reveal as written.
        QVERIFY(m_window->learning()->player()->answer(QStringLiteral("b")));
        settle(*m_window);
        QVERIFY(countWritten(panel, &problem) > 0);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        auto* explanation = panel->findChild<QLabel*>(QStringLiteral("revealExplanation"));
        QVERIFY(explanation && explanation->isVisible());
        const QString shown = displayed(explanation->text(), explanation->textFormat());
        QVERIFY2(shown.contains(kPayload), qPrintable(shown));
        QString whole;
        QVERIFY2(countWritten(m_window.get(), &whole) > 0 && whole.isEmpty(), qPrintable(whole));
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestPlainText)
#include "tst_plaintext.moc"
