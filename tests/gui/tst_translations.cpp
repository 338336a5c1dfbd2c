// Ringscope in Japanese: the translation is complete and checked (no unfinished or vanished
// entries, placeholders, tags and mnemonics kept, nothing new for lupdate to find under app/),
// the main window's menus, actions and docks read in Japanese, drawn with real CJK glyphs (no
// tofu) and not clipped, and View → Language remembers the choice and offers a restart.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>
#include <QTimer>
#include <QTranslator>
#include <QUndoStack>
#include <QXmlStreamReader>

#include <map>
#include <memory>
#include <set>

#include "document.h"
#include "helpdialogs.h"
#include "language.h"
#include "mainwindow.h"
#include "numberformat.h"
#include "ringscope/registry.h"
#include "testpaths.h"

using namespace ringscope;

namespace {

const QString kTsFile = ringscope::test::sourcePath("/resources/translations/ringscope_ja.ts");

struct Message {
    QString context;
    QString source;
    QString translation;
    QString type;  // "", "unfinished", "vanished", "obsolete"
};

std::vector<Message> readTs(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    std::vector<Message> out;
    QXmlStreamReader xml(&file);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        if (xml.name() == QStringLiteral("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QStringLiteral("message")) {
            m = Message{context, {}, {}, {}};
        } else if (xml.name() == QStringLiteral("source")) {
            m.source = xml.readElementText();
        } else if (xml.name() == QStringLiteral("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            m.translation = xml.readElementText();
            out.push_back(m);
        }
    }
    return out;
}

// The placeholders of a text: "%1", "%L2", ... as a sorted multiset.
std::multiset<QString> placeholders(const QString& text) {
    static const QRegularExpression re(QStringLiteral("%L?[1-9][0-9]?"));
    std::multiset<QString> out;
    for (const auto& match : re.globalMatch(text)) {
        out.insert(match.captured());
    }
    return out;
}

// The HTML tags of a text, as a sorted multiset ("b", "/b", "br", ...).
std::multiset<QString> tags(const QString& text) {
    static const QRegularExpression re(QStringLiteral("<(/?[a-z0-9]+)[^>]*>"));
    std::multiset<QString> out;
    for (const auto& match : re.globalMatch(text)) {
        out.insert(match.captured(1));
    }
    return out;
}

// A menu mnemonic: "&" before a letter, not "&&".
bool hasMnemonic(const QString& text) {
    static const QRegularExpression re(QStringLiteral("(^|[^&])&[^& ]"));
    return re.match(text).hasMatch();
}

bool hasJapanese(const QString& text) {
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u >= 0x3040 && u <= 0x30ff) || (u >= 0x4e00 && u <= 0x9fff) ||
            (u >= 0xff00 && u <= 0xffef)) {
            return true;
        }
    }
    return false;
}

// Every action text in the menus, by its path ("&View/&Theme/&Dark"), skipping the menus whose
// items are data (presets, recent files) or each language in its own words (the program's and
// the narration's).
void collect(const QMenu* menu, const QString& path,
             std::vector<std::pair<QString, QString>>& out) {
    static const QStringList dataMenus{QStringLiteral("presetsMenu"), QStringLiteral("recentMenu"),
                                       QStringLiteral("languageMenu"),
                                       QStringLiteral("narrationMenu")};
    if (dataMenus.contains(menu->objectName())) {
        return;
    }
    for (const QAction* a : menu->actions()) {
        if (a->isSeparator()) {
            continue;
        }
        out.emplace_back(path, a->text());
        if (a->menu()) {
            collect(a->menu(), path + u'/' + a->text(), out);
        }
    }
}

struct WindowTexts {
    std::vector<std::pair<QString, QString>> menus;  // (path, text), in menu order
    QStringList docks;
};

WindowTexts textsOf(MainWindow& window) {
    WindowTexts t;
    for (const QAction* top : window.menuBar()->actions()) {
        t.menus.emplace_back(QString(), top->text());
        if (top->menu()) {
            collect(top->menu(), top->text(), t.menus);
        }
    }
    for (const QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        t.docks << dock->objectName() + u'=' + dock->windowTitle();
    }
    t.docks.sort();
    return t;
}

// Names that read the same in Japanese: algorithm names and the language menu.
bool staysTheSame(QString text) {
    text.remove(u'&');
    static const QStringList same{QStringLiteral("HRW"), QStringLiteral("mod-N")};
    return same.contains(text);
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void cleanup() { applyLanguage(Language::English); }

    // Every entry translated and final; the translation keeps the source's placeholders, HTML
    // tags and menu mnemonic, so no number or link is lost in Japanese.
    void tsIsComplete() {
        const std::vector<Message> messages = readTs(kTsFile);
        QVERIFY2(messages.size() > 300, qPrintable(kTsFile));
        for (const Message& m : messages) {
            const QString what = m.context + QStringLiteral(": ") + m.source;
            QVERIFY2(m.type.isEmpty(), qPrintable(m.type + QStringLiteral(" — ") + what));
            QVERIFY2(!m.translation.isEmpty(), qPrintable(what));
            QVERIFY2(placeholders(m.source) == placeholders(m.translation),
                     qPrintable(what + QStringLiteral(" → ") + m.translation));
            QVERIFY2(tags(m.source) == tags(m.translation),
                     qPrintable(what + QStringLiteral(" → ") + m.translation));
            QVERIFY2(hasMnemonic(m.source) == hasMnemonic(m.translation),
                     qPrintable(what + QStringLiteral(" → ") + m.translation));
        }
    }

    // lupdate over core/ and app/ into a copy of the .ts finds exactly the committed entries: no
    // string in the sources is missing from the translation, none in it has gone from the
    // sources.
    void lupdateFindsNothingNew() {
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("ringscope_ja.ts"));
        QVERIFY(QFile::copy(kTsFile, copy));
        QProcess lupdate;
        QStringList args = QStringLiteral(RINGSCOPE_LUPDATE_OPTIONS).split(u' ');
        args << QStringLiteral(RINGSCOPE_LUPDATE_SOURCES).split(u' ') << QStringLiteral("-ts")
             << copy;
        lupdate.setWorkingDirectory(ringscope::test::sourceDir());
        lupdate.start(QStringLiteral(RINGSCOPE_LUPDATE), args);
        QVERIFY(lupdate.waitForFinished(120'000));
        QCOMPARE(lupdate.exitCode(), 0);

        std::set<std::pair<QString, QString>> committed, found;
        for (const Message& m : readTs(kTsFile)) {
            committed.emplace(m.context, m.source);
        }
        QStringList untranslated;
        for (const Message& m : readTs(copy)) {
            found.emplace(m.context, m.source);
            if (!m.type.isEmpty()) {
                untranslated << m.type + QStringLiteral(": ") + m.context + QStringLiteral(": ") +
                                    m.source;
            }
        }
        QVERIFY2(untranslated.isEmpty(),
                 qPrintable(QStringLiteral("Run `cmake --build --preset default --target "
                                           "ringscope_lupdate` and translate:\n") +
                            untranslated.join(u'\n')));
        QVERIFY(committed == found);
    }

    // The modules' labels (plain C++, marked where each module names itself) all have a
    // translation.
    void algorithmLabelsAreTranslated() {
        QTranslator ja;
        QVERIFY(ja.load(QStringLiteral(":/i18n/ringscope_ja")));
        for (const Algorithm a : kAllAlgorithms) {
            const std::string label(moduleOf(a).label());
            QVERIFY2(!ja.translate("Algorithm", label.c_str()).isEmpty(), label.c_str());
        }
    }

    // The same window in English and in Japanese: every menu item, action and dock title is
    // translated (only algorithm names stay), and Japanese text is in Japanese script.
    void mainWindowSpeaksJapanese() {
        QTemporaryDir autosave;
        QVERIFY(applyLanguage(Language::English));
        WindowTexts english;
        {
            MainWindow window(autosave.path());
            english = textsOf(window);
        }
        QVERIFY(applyLanguage(Language::Japanese));
        QCOMPARE(currentLanguage(), Language::Japanese);
        MainWindow window(autosave.path());
        const WindowTexts japanese = textsOf(window);

        QCOMPARE(japanese.menus.size(), english.menus.size());
        QVERIFY(japanese.menus.size() > 40);
        for (size_t i = 0; i < english.menus.size(); ++i) {
            const QString& en = english.menus[i].second;
            const QString& ja = japanese.menus[i].second;
            const QString where = english.menus[i].first + u'/' + en + QStringLiteral(" → ") + ja;
            if (staysTheSame(en)) {
                QCOMPARE(ja, en);
                continue;
            }
            QVERIFY2(ja != en && hasJapanese(ja), qPrintable(where));
        }
        QCOMPARE(japanese.menus.front().second, QStringLiteral("ファイル(&F)"));
        QCOMPARE(japanese.docks.size(), english.docks.size());
        for (qsizetype i = 0; i < english.docks.size(); ++i) {
            const QString en = english.docks[i].section(u'=', 1);
            const QString ja = japanese.docks[i].section(u'=', 1);
            QCOMPARE(japanese.docks[i].section(u'=', 0, 0), english.docks[i].section(u'=', 0, 0));
            QVERIFY2(staysTheSame(en) ? ja == en : ja != en && hasJapanese(ja),
                     qPrintable(en + QStringLiteral(" → ") + ja));
        }
        window.document()->undoStack()->setClean();
    }

    // The Japanese menu bar as a picture: every title is shaped with real glyphs of a font
    // that has them (glyph 0 is the "tofu" box), fits its item, and puts ink on the picture.
    void japaneseMenuBarIsDrawnWithCjkGlyphs() {
        QTemporaryDir autosave;
        QVERIFY(applyLanguage(Language::Japanese));
        MainWindow window(autosave.path());
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QMenuBar* bar = window.menuBar();
        const QImage picture = bar->grab().toImage().convertToFormat(QImage::Format_RGB32);
        picture.save(ringscope::test::binaryPath("/tst_translations-menubar.png"));
        const QColor background = picture.pixelColor(picture.width() - 2, picture.height() / 2);
        for (QAction* top : bar->actions()) {
            const QString shown = withoutMnemonic(top->text());
            // Shaped as the menu bar shapes it: every glyph real, none the .notdef box.
            QTextLayout layout(shown, bar->font());
            layout.beginLayout();
            layout.createLine();
            layout.endLayout();
            int glyphs = 0;
            for (const QGlyphRun& run : layout.glyphRuns()) {
                for (const quint32 glyph : run.glyphIndexes()) {
                    QVERIFY2(glyph != 0, qPrintable(shown + QStringLiteral(" in ") +
                                                    run.rawFont().familyName()));
                    ++glyphs;
                }
            }
            QVERIFY2(glyphs >= shown.size() - shown.count(u' '), qPrintable(shown));
            // Not clipped: the item is as wide as its text.
            const QRect item = bar->actionGeometry(top);
            QVERIFY2(item.width() >= bar->fontMetrics().horizontalAdvance(shown),
                     qPrintable(shown));
            // Ink: a visible share of the item's pixels differ from the bar's background.
            int ink = 0;
            for (int y = item.top(); y <= item.bottom(); ++y) {
                for (int x = item.left(); x <= item.right(); ++x) {
                    const QColor c = picture.pixelColor(x, y);
                    ink += qAbs(c.lightness() - background.lightness()) > 60;
                }
            }
            QVERIFY2(ink > 8 * shown.size(),
                     qPrintable(shown + QStringLiteral(": ") + QString::number(ink)));
        }
        window.document()->undoStack()->setClean();
    }

    // View → Language: English and 日本語, the running one checked; choosing one is remembered.
    void languageMenuRemembersTheChoice() {
        QTemporaryDir autosave;
        QVERIFY(applyLanguage(Language::Japanese));
        MainWindow window(autosave.path());
        auto* en = window.findChild<QAction*>(QStringLiteral("language-en"));
        auto* ja = window.findChild<QAction*>(QStringLiteral("language-ja"));
        QVERIFY(en && ja);
        QCOMPARE(en->text(), QStringLiteral("English"));
        QCOMPARE(ja->text(), QStringLiteral("日本語"));
        QVERIFY(ja->isChecked() && !en->isChecked());
        QSettings().remove(QStringLiteral("view/language"));
        QCOMPARE(savedLanguage(), std::nullopt);
        ja->trigger();  // the running language: saved, nothing to restart
        QCOMPARE(savedLanguage(), std::optional(Language::Japanese));
        QCOMPARE(startupLanguage(), Language::Japanese);
        // The other language: remembered at once, and offered as a restart; "Later" keeps this
        // window and its language.
        QString asked;
        auto* answer = new QTimer(&window);
        connect(answer, &QTimer::timeout, answer, [answer, &asked] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                asked = box->text();
                for (QAbstractButton* b : box->buttons()) {
                    if (box->buttonRole(b) == QMessageBox::RejectRole) {
                        b->click();
                    }
                }
                answer->stop();
            }
        });
        answer->start(10);
        en->trigger();
        QVERIFY2(
            asked.contains(QStringLiteral("English")) && asked.contains(QStringLiteral("再起動")),
            qPrintable(asked));
        QCOMPARE(savedLanguage(), std::optional(Language::English));
        QCOMPARE(startupLanguage(), Language::English);
        QCOMPARE(currentLanguage(), Language::Japanese);
        window.document()->undoStack()->setClean();
    }

    // Menu texts as the shortcut list shows them, without "&" or Japanese "(&F)".
    void mnemonicsAreLeftOut() {
        QCOMPARE(withoutMnemonic(QStringLiteral("&Open…")), QStringLiteral("Open"));
        QCOMPARE(withoutMnemonic(QStringLiteral("開く(&O)…")), QStringLiteral("開く"));
        QCOMPARE(withoutMnemonic(QStringLiteral("ファイル(&F)")), QStringLiteral("ファイル"));
        QCOMPARE(withoutMnemonic(QStringLiteral("Save &As…")), QStringLiteral("Save As"));
    }

    // A locale's language: Japanese for ja_*, English for every other.
    void languageOfLocale_data() {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<Language>("language");
        QTest::newRow("ja_JP") << QStringLiteral("ja_JP") << Language::Japanese;
        QTest::newRow("ja") << QStringLiteral("ja") << Language::Japanese;
        QTest::newRow("en_US") << QStringLiteral("en_US") << Language::English;
        QTest::newRow("de_DE") << QStringLiteral("de_DE") << Language::English;
        QTest::newRow("C") << QStringLiteral("C") << Language::English;
    }
    void languageOfLocale() {
        QFETCH(QString, locale);
        QFETCH(Language, language);
        QCOMPARE(languageOf(QLocale(locale)), language);
    }

    // Numbers follow the language's locale, through the one formatting place.
    void numbersFollowTheLanguage() {
        QVERIFY(applyLanguage(Language::Japanese));
        QCOMPARE(QLocale().language(), QLocale::Japanese);
        QCOMPARE(format::count(1'234'567), QStringLiteral("1,234,567"));
        QCOMPARE(format::percent(0.125), QStringLiteral("12.5%"));
        QCOMPARE(QStringLiteral("%L1").arg(1234567), QStringLiteral("1,234,567"));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
