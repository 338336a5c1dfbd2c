// The desktop's recent files (app/gui/recentfiles.h): what File → Open Recent lists is what
// recently-used.xbel holds for Ringscope, in the form GTK reads, and nobody else's entries are
// lost.
#include <QDomDocument>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "recentfiles.h"

using ringscope::RecentFiles;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& data) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

// A history as GTK 3 writes it: a text file opened by gedit, and one of Ringscope's scenarios
// recorded by an older GTK (a "timestamp" instead of "modified").
QByteArray gtkHistory(const QString& text, const QString& scenario) {
    return QStringLiteral(
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<xbel version=\"1.0\"\n"
               "      xmlns:bookmark=\"http://www.freedesktop.org/standards/desktop-bookmarks\"\n"
               "      xmlns:mime=\"http://www.freedesktop.org/standards/shared-mime-info\"\n>\n"
               "  <bookmark href=\"%1\" added=\"2026-11-01T10:00:00.123456Z\" "
               "modified=\"2026-11-01T10:00:00.123456Z\" visited=\"2026-11-01T10:00:00.123456Z\">\n"
               "    <info>\n"
               "      <metadata owner=\"http://freedesktop.org\">\n"
               "        <mime:mime-type type=\"text/plain\"/>\n"
               "        <bookmark:groups><bookmark:group>gedit</bookmark:group></bookmark:groups>\n"
               "        <bookmark:applications>\n"
               "          <bookmark:application name=\"gedit\" exec=\"&apos;gedit %u&apos;\" "
               "modified=\"2026-11-01T10:00:00.123456Z\" count=\"3\"/>\n"
               "        </bookmark:applications>\n"
               "      </metadata>\n"
               "    </info>\n"
               "  </bookmark>\n"
               "  <bookmark href=\"%2\" added=\"2026-10-01T10:00:00Z\" "
               "modified=\"2026-10-01T10:00:00Z\" visited=\"2026-10-01T10:00:00Z\">\n"
               "    <info>\n"
               "      <metadata owner=\"http://freedesktop.org\">\n"
               "        <mime:mime-type type=\"application/json\"/>\n"
               "        <bookmark:applications>\n"
               "          <bookmark:application name=\"Ringscope\" exec=\"&apos;ringscope "
               "%u&apos;\" timestamp=\"1790000000\" count=\"2\"/>\n"
               "        </bookmark:applications>\n"
               "      </metadata>\n"
               "    </info>\n"
               "  </bookmark>\n"
               "</xbel>\n")
        .arg(QString::fromUtf8(QUrl::fromLocalFile(text).toEncoded()),
             QString::fromUtf8(QUrl::fromLocalFile(scenario).toEncoded()))
        .toUtf8();
}

// The bookmark of `file`, read back with namespace processing as GLib's parser sees it.
QDomElement bookmarkOf(const QDomDocument& doc, const QString& file) {
    for (QDomElement b = doc.documentElement().firstChildElement(QStringLiteral("bookmark"));
         !b.isNull(); b = b.nextSiblingElement(QStringLiteral("bookmark"))) {
        if (QUrl(b.attribute(QStringLiteral("href"))).toLocalFile() == file) {
            return b;
        }
    }
    return {};
}

}  // namespace

class TestRecentFiles : public QObject {
    Q_OBJECT
private slots:
    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        m_xbel = m_dir->filePath(QStringLiteral("share/recently-used.xbel"));
        for (const char* name : {"a.json", "b.json", "c d ü.json", "lesson.json", "notes.txt"}) {
            writeAll(m_dir->filePath(QString::fromUtf8(name)), "{}");
        }
    }

    // No history yet: the folder and the file are made, in the shape GTK and GLib read.
    void firstEntry() {
        const RecentFiles recent(m_xbel);
        QVERIFY(recent.files().isEmpty());
        const QString file = m_dir->filePath(QStringLiteral("c d ü.json"));
        QVERIFY(recent.add(file, QStringLiteral("application/x-ringscope-scenario+json")));
        QCOMPARE(recent.files(), QStringList{file});

        QDomDocument doc;
        QVERIFY(doc.setContent(readAll(m_xbel), true));  // with namespaces, as GLib reads it
        const QDomElement root = doc.documentElement();
        QCOMPARE(root.tagName(), QStringLiteral("xbel"));
        QCOMPARE(root.attribute(QStringLiteral("version")), QStringLiteral("1.0"));
        const QDomElement bookmark = bookmarkOf(doc, file);
        QVERIFY(!bookmark.isNull());
        QVERIFY2(bookmark.attribute(QStringLiteral("href")).contains(u"c%20d%20%C3%BC.json"),
                 qPrintable(bookmark.attribute(QStringLiteral("href"))));
        for (const char* attribute : {"added", "modified", "visited"}) {
            QVERIFY(QDateTime::fromString(bookmark.attribute(QString::fromLatin1(attribute)),
                                          Qt::ISODateWithMs)
                        .isValid());
        }
        const QDomElement metadata = bookmark.firstChildElement(QStringLiteral("info"))
                                         .firstChildElement(QStringLiteral("metadata"));
        QCOMPARE(metadata.attribute(QStringLiteral("owner")),
                 QStringLiteral("http://freedesktop.org"));
        const QString mimeNs =
            QStringLiteral("http://www.freedesktop.org/standards/shared-mime-info");
        const QString bookmarkNs =
            QStringLiteral("http://www.freedesktop.org/standards/desktop-bookmarks");
        QCOMPARE(metadata.elementsByTagNameNS(mimeNs, QStringLiteral("mime-type"))
                     .at(0)
                     .toElement()
                     .attribute(QStringLiteral("type")),
                 QStringLiteral("application/x-ringscope-scenario+json"));
        const QDomElement app =
            metadata.elementsByTagNameNS(bookmarkNs, QStringLiteral("application"))
                .at(0)
                .toElement();
        QCOMPARE(app.attribute(QStringLiteral("name")), QStringLiteral("Ringscope"));
        QCOMPARE(app.attribute(QStringLiteral("exec")), QStringLiteral("'ringscope %u'"));
        QCOMPARE(app.attribute(QStringLiteral("count")), QStringLiteral("1"));
    }

    // Other programs' entries and what Ringscope does not know survive; Ringscope's own old
    // entry is found, counted and moved to the front; the newest comes first.
    void keepsTheRest() {
        const QString text = m_dir->filePath(QStringLiteral("notes.txt"));
        const QString a = m_dir->filePath(QStringLiteral("a.json"));
        const QString b = m_dir->filePath(QStringLiteral("b.json"));
        QDir().mkpath(m_dir->filePath(QStringLiteral("share")));
        writeAll(m_xbel, gtkHistory(text, a));
        const RecentFiles recent(m_xbel);
        QCOMPARE(recent.files(), QStringList{a});  // gedit's file is not Ringscope's
        QVERIFY(recent.add(b, QStringLiteral("application/x-ringscope-scenario+json")));
        QCOMPARE(recent.files(), (QStringList{b, a}));
        QTest::qWait(5);  // a later time stamp
        QVERIFY(recent.add(a, QStringLiteral("application/x-ringscope-scenario+json")));
        QCOMPARE(recent.files(), (QStringList{a, b}));

        QDomDocument doc;
        QVERIFY(doc.setContent(readAll(m_xbel), true));
        const QString bookmarkNs =
            QStringLiteral("http://www.freedesktop.org/standards/desktop-bookmarks");
        const QDomElement gedit = bookmarkOf(doc, text);
        QVERIFY(!gedit.isNull());
        QCOMPARE(gedit.attribute(QStringLiteral("modified")),
                 QStringLiteral("2026-11-01T10:00:00.123456Z"));
        QCOMPARE(
            gedit.elementsByTagNameNS(bookmarkNs, QStringLiteral("group")).at(0).toElement().text(),
            QStringLiteral("gedit"));
        const QDomElement geditApp =
            gedit.elementsByTagNameNS(bookmarkNs, QStringLiteral("application")).at(0).toElement();
        QCOMPARE(geditApp.attribute(QStringLiteral("name")), QStringLiteral("gedit"));
        QCOMPARE(geditApp.attribute(QStringLiteral("count")), QStringLiteral("3"));
        const QDomElement ours = bookmarkOf(doc, a)
                                     .elementsByTagNameNS(bookmarkNs, QStringLiteral("application"))
                                     .at(0)
                                     .toElement();
        QCOMPARE(ours.attribute(QStringLiteral("count")), QStringLiteral("3"));  // 2 before
        QVERIFY(!ours.hasAttribute(QStringLiteral("timestamp")));
        QCOMPARE(doc.documentElement().elementsByTagName(QStringLiteral("bookmark")).size(), 3);
    }

    // At most eight, only files that still exist, each once.
    void listsWhatExists() {
        const RecentFiles recent(m_xbel);
        QStringList added;
        for (int i = 0; i < 10; ++i) {
            const QString file = m_dir->filePath(QStringLiteral("f%1.json").arg(i));
            writeAll(file, "{}");
            QVERIFY(recent.add(file, QStringLiteral("application/x-ringscope-scenario+json")));
            added.prepend(file);
            QTest::qWait(2);
        }
        QCOMPARE(recent.files(), added.mid(0, RecentFiles::kMaxListed));
        QFile::remove(added[0]);
        QCOMPARE(recent.files(), added.mid(1, RecentFiles::kMaxListed));
    }

    // A history that is not XBEL is somebody's data: never overwritten, and lists nothing.
    void leavesBrokenFilesAlone() {
        QDir().mkpath(m_dir->filePath(QStringLiteral("share")));
        for (const QByteArray& broken : {QByteArray("<xbel version=\"1.0\"><bookmark href="),
                                         QByteArray("<html/>"), QByteArray("\xff\xfe garbage")}) {
            writeAll(m_xbel, broken);
            const RecentFiles recent(m_xbel);
            QVERIFY(recent.files().isEmpty());
            QVERIFY(!recent.add(m_dir->filePath(QStringLiteral("a.json")),
                                QStringLiteral("application/x-ringscope-scenario+json")));
            QCOMPARE(readAll(m_xbel), broken);
        }
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_xbel;
};

QTEST_GUILESS_MAIN(TestRecentFiles)
#include "tst_recentfiles.moc"
