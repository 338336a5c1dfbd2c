// Ringscope as installed, checked the way a package maintainer would. The build is installed with
// `cmake --install` into a scratch root under /usr; with RINGSCOPE_INSTALL_ROOT set, the root is
// one the Debian package was extracted into instead (`dpkg -x`, as .ci/package does), so the
// same checks run on the package itself:
//   - every file is under /usr, and each one the desktop needs is there;
//   - both programs, the man pages, the metainfo and the changelog give one version, the
//     project's (with the commit in a git checkout, alone from a tarball);
//   - the desktop entry, the metainfo and the MIME types pass their validators, and the MIME
//     rules tell every shipped scenario and lesson by content, as the program does;
//   - the icons are drawn at every size, the man pages render without a warning, the bash
//     completion offers every command, option, key hash, encoding and limit of the program's
//     own tables, and the window opens a preset and a lesson from there, offscreen.
#include <QDir>
#include <QDirIterator>
#include <QDomDocument>
#include <QFile>
#include <QImage>
#include <QMap>
#include <QMimeDatabase>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "fileformat.h"
#include "ringscope/hash.h"
#include "ringscope/key_encoding.h"
#include "ringscope/limits.h"
#include "scenariojson.h"
#include "testpaths.h"

namespace {

const QString kSource = ringscope::test::sourceDir();
const QString kBinary = ringscope::test::binaryDir();
const QString kAppId = QStringLiteral(RINGSCOPE_APP_ID);
const QString kScenarioType = QString::fromLatin1(ringscope::kScenarioMimeType);
const QString kLessonType = QString::fromLatin1(ringscope::kLessonMimeType);

struct Run {
    int code = -1;
    QString out, err;
};

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& data) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

QStringList sorted(QStringList list) {
    list.sort();
    return list;
}

}  // namespace

class TestInstall : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_scratch.isValid());
        m_root = qEnvironmentVariable("RINGSCOPE_INSTALL_ROOT");
        if (m_root.isEmpty()) {
            m_root = m_scratch.filePath(QStringLiteral("root"));
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("DESTDIR"), m_root);
            const Run r = run(QStringLiteral(RINGSCOPE_CMAKE),
                              {QStringLiteral("--install"), kBinary, QStringLiteral("--prefix"),
                               QStringLiteral("/usr")},
                              env);
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }
        m_usr = m_root + QStringLiteral("/usr");
        m_share = m_usr + QStringLiteral("/share");
        m_version = QString::fromUtf8(readAll(kBinary + QStringLiteral("/generated/version.txt")))
                        .trimmed();
        QVERIFY(!m_version.isEmpty());
        // The programs run with settings of their own, in English, without a display.
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("XDG_CONFIG_HOME"),
                     m_scratch.filePath(QStringLiteral("config")));
        m_env.insert(QStringLiteral("XDG_DATA_HOME"), m_scratch.filePath(QStringLiteral("data")));
        m_env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        m_env.insert(QStringLiteral("LANGUAGE"), QString());
        m_env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    }

    // Nothing outside /usr; the programs, the desktop's files, the man pages, the completion
    // and the package's documents are all there.
    void layout() {
        QStringList outside;
        QDirIterator it(m_root, QDir::Files | QDir::Hidden | QDir::System,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next().mid(m_root.size());
            if (!path.startsWith(u"/usr/")) {
                outside << path;
            }
        }
        QVERIFY2(outside.isEmpty(), qPrintable(outside.join(u' ')));
        const QStringList expected{
            QStringLiteral("bin/ringscope"),
            QStringLiteral("bin/ringscope-cli"),
            QStringLiteral("share/applications/ringscope.desktop"),
            QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kAppId),
            QStringLiteral("share/mime/packages/ringscope.xml"),
            QStringLiteral("share/icons/hicolor/scalable/apps/ringscope.svg"),
            QStringLiteral("share/icons/hicolor/scalable/mimetypes/%1.svg")
                .arg(QString(kScenarioType).replace(u'/', u'-')),
            QStringLiteral("share/icons/hicolor/scalable/mimetypes/%1.svg")
                .arg(QString(kLessonType).replace(u'/', u'-')),
            QStringLiteral("share/man/man1/ringscope.1.gz"),
            QStringLiteral("share/man/man1/ringscope-cli.1.gz"),
            QStringLiteral("share/bash-completion/completions/ringscope-cli"),
            QStringLiteral("share/doc/ringscope/copyright"),
            QStringLiteral("share/doc/ringscope/changelog.gz"),
        };
        for (const QString& file : expected) {
            QVERIFY2(QFileInfo(m_usr + u'/' + file).isFile(), qPrintable(file));
        }
        for (const char* program : {"ringscope", "ringscope-cli"}) {
            QVERIFY(
                QFileInfo(m_usr + QStringLiteral("/bin/") + QLatin1String(program)).isExecutable());
        }
    }

    // One version everywhere: the programs' --version, the man pages' footers, the metainfo's
    // release and the changelog (and so the package, whose version CPack reads from the same
    // generated file).
    void oneVersion() {
        QVERIFY2(m_version.startsWith(QStringLiteral(RINGSCOPE_PROJECT_VERSION)),
                 qPrintable(m_version));
        const Run cli =
            runInstalled(QStringLiteral("ringscope-cli"), {QStringLiteral("--version")});
        QCOMPARE(cli.code, 0);
        QCOMPARE(cli.out, QStringLiteral("ringscope-cli %1\n").arg(m_version));
        // Without a display at all: --version and --help need no window system.
        QProcessEnvironment headless = m_env;
        headless.remove(QStringLiteral("QT_QPA_PLATFORM"));
        headless.remove(QStringLiteral("DISPLAY"));
        headless.remove(QStringLiteral("WAYLAND_DISPLAY"));
        const Run gui =
            runInstalled(QStringLiteral("ringscope"), {QStringLiteral("--version")}, headless);
        QCOMPARE(gui.code, 0);
        QCOMPARE(gui.out, QStringLiteral("ringscope %1\n").arg(m_version));
        const Run help =
            runInstalled(QStringLiteral("ringscope"), {QStringLiteral("--help")}, headless);
        QCOMPARE(help.code, 0);
        QVERIFY2(help.out.contains(QStringLiteral("--quit-when-loaded")), qPrintable(help.out));

        QDomDocument metainfo;
        QVERIFY(metainfo.setContent(readAll(metainfoPath())));
        const QDomElement release = metainfo.documentElement()
                                        .firstChildElement(QStringLiteral("releases"))
                                        .firstChildElement(QStringLiteral("release"));
        QCOMPARE(release.attribute(QStringLiteral("version")), m_version);
        QVERIFY(
            QDate::fromString(release.attribute(QStringLiteral("date")), Qt::ISODate).isValid());

        const Run changelog =
            run(QStringLiteral("gzip"),
                {QStringLiteral("-dc"), m_share + QStringLiteral("/doc/ringscope/changelog.gz")});
        QCOMPARE(changelog.code, 0);
        QCOMPARE(changelog.out.section(u'\n', 0, 0),
                 QStringLiteral("ringscope (%1) unstable; urgency=medium").arg(m_version));
        for (const char* page : {"ringscope", "ringscope-cli"}) {
            const Run man = renderManPage(QLatin1String(page));
            QVERIFY2(man.out.trimmed().section(u'\n', -1).contains(m_version),
                     qPrintable(man.out.trimmed().section(u'\n', -1)));
        }
    }

    // The version as a source tarball gives it (no .git): the project's, dated by the release,
    // a stable release in the metainfo. In a checkout: the project's and the commit.
    void versionWithoutGit() {
        const QString tree = m_scratch.filePath(QStringLiteral("tarball"));
        const QString out = m_scratch.filePath(QStringLiteral("tarball-out"));
        QVERIFY(QDir().mkpath(tree));
        QStringList args;
        for (QString arg : QStringLiteral(RINGSCOPE_VERSION_ARGS).split(u'|')) {
            if (arg.startsWith(QStringLiteral("-DSOURCE_DIR="))) {
                arg = QStringLiteral("-DSOURCE_DIR=") + tree;
            }
            args << arg.replace(QStringLiteral("{source}"), kSource);
        }
        args << QStringLiteral("-DOUTPUT_DIR=") + out << QStringLiteral("-P")
             << kSource + QStringLiteral("/cmake/WriteVersion.cmake");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SOURCE_DATE_EPOCH"));
        const Run r = run(QStringLiteral(RINGSCOPE_CMAKE), args, env);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(QString::fromUtf8(readAll(out + QStringLiteral("/version.txt"))),
                 QStringLiteral(RINGSCOPE_PROJECT_VERSION "\n"));
        QVERIFY(readAll(out + QStringLiteral("/ringscope_version.h"))
                    .contains("kVersion[] = \"" RINGSCOPE_PROJECT_VERSION "\";"));
        const QDate released =
            QDate::fromString(QStringLiteral(RINGSCOPE_RELEASE_DATE), Qt::ISODate);
        const QString rfc2822 =
            QLocale::c().toString(released, QStringLiteral("ddd, dd MMM yyyy")) +
            QStringLiteral(" 00:00:00 +0000");
        const QString changelog = QString::fromUtf8(readAll(out + QStringLiteral("/changelog")));
        QVERIFY2(changelog.trimmed().endsWith(rfc2822), qPrintable(changelog));
        QVERIFY(changelog.startsWith(QStringLiteral("ringscope (" RINGSCOPE_PROJECT_VERSION ") ")));
        const QByteArray metainfo = readAll(out + u'/' + kAppId + QStringLiteral(".metainfo.xml"));
        QVERIFY2(metainfo.contains("<release version=\"" RINGSCOPE_PROJECT_VERSION "\" date=\"" +
                                   QByteArray(RINGSCOPE_RELEASE_DATE) + "\" type=\"stable\">"),
                 metainfo.constData());

        if (QFileInfo::exists(kSource + QStringLiteral("/.git"))) {
            static const QRegularExpression snapshot(QStringLiteral(
                "^" RINGSCOPE_PROJECT_VERSION R"((\+[0-9]+\.g[0-9a-f]{7,}(\.dirty)?)?$)"));
            QVERIFY2(snapshot.match(m_version).hasMatch(), qPrintable(m_version));
        }
    }

    // desktop-file-validate, appstreamcli (without network: the screenshots are not fetched)
    // and xmllint accept the files; the entry, the metainfo and the MIME package name the same
    // two types, and the entry's icon and program are installed.
    void validators() {
        const QString desktop = m_share + QStringLiteral("/applications/ringscope.desktop");
        const Run entry = run(QStringLiteral("desktop-file-validate"), {desktop});
        QVERIFY2(entry.code == 0 && entry.out.isEmpty() && entry.err.isEmpty(),
                 qPrintable(entry.out + entry.err));
        const Run appstream = run(QStringLiteral("appstreamcli"),
                                  {QStringLiteral("validate"), QStringLiteral("--no-net"),
                                   QStringLiteral("--explain"), metainfoPath()});
        QVERIFY2(appstream.code == 0, qPrintable(appstream.out + appstream.err));
        const Run xml = run(QStringLiteral("xmllint"),
                            {QStringLiteral("--noout"), mimePackage(), metainfoPath()});
        QVERIFY2(xml.code == 0, qPrintable(xml.err));

        // The entry's keys (QSettings would read ';' as a comment).
        QMap<QString, QString> entryKeys;
        for (const QString& line : QString::fromUtf8(readAll(desktop)).split(u'\n')) {
            if (const qsizetype eq = line.indexOf(u'='); eq > 0) {
                entryKeys.insert(line.left(eq), line.mid(eq + 1));
            }
        }
        const QStringList types =
            sorted(entryKeys.value(QStringLiteral("MimeType")).split(u';', Qt::SkipEmptyParts));
        QCOMPARE(types, sorted({kScenarioType, kLessonType}));
        QCOMPARE(entryKeys.value(QStringLiteral("Icon")), QStringLiteral("ringscope"));
        QVERIFY(entryKeys.value(QStringLiteral("Exec")).startsWith(u"ringscope %"));

        QDomDocument mime;
        QVERIFY(mime.setContent(readAll(mimePackage())));
        QStringList declared;
        for (QDomElement t = mime.documentElement().firstChildElement(QStringLiteral("mime-type"));
             !t.isNull(); t = t.nextSiblingElement(QStringLiteral("mime-type"))) {
            declared << t.attribute(QStringLiteral("type"));
        }
        QCOMPARE(sorted(declared), types);
        const QByteArray metainfo = readAll(metainfoPath());
        for (const QString& type : types) {
            QVERIFY(metainfo.contains("<mediatype>" + type.toUtf8() + "</mediatype>"));
        }
    }

    // The MIME database as the package's trigger builds it (update-mime-database over
    // shared-mime-info's types and ours) tells each shipped scenario and lesson by content,
    // also under another name, and leaves other JSON as JSON.
    void mimeTypesByContent() {
        const QString share = m_scratch.filePath(QStringLiteral("mime-share"));
        const QString packages = share + QStringLiteral("/mime/packages");
        QVERIFY(QDir().mkpath(packages));
        QVERIFY(QFile::copy(QStringLiteral("/usr/share/mime/packages/freedesktop.org.xml"),
                            packages + QStringLiteral("/freedesktop.org.xml")));
        QVERIFY(QFile::copy(mimePackage(), packages + QStringLiteral("/ringscope.xml")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_DIRS"),
                   share);  // else it warns that nobody looks there
        const Run update =
            run(QStringLiteral("update-mime-database"), {share + QStringLiteral("/mime")}, env);
        QVERIFY2(update.code == 0 && update.err.isEmpty(), qPrintable(update.err));
        QVERIFY(QFileInfo::exists(
            share + QStringLiteral("/mime/application/x-ringscope-scenario+json.xml")));
        // Only this database: QMimeDatabase reads the folders when first used, here.
        qputenv("XDG_DATA_DIRS", share.toUtf8());
        qputenv("XDG_DATA_HOME", m_scratch.filePath(QStringLiteral("no-user-types")).toUtf8());
        const QMimeDatabase db;

        const auto typeOf = [&db](const QString& path) { return db.mimeTypeForFile(path).name(); };
        const QString files = m_scratch.filePath(QStringLiteral("files"));
        QVERIFY(QDir().mkpath(files));
        int presets = 0;
        for (const QFileInfo& f : QDir(kSource + QStringLiteral("/resources/presets"))
                                      .entryInfoList({QStringLiteral("*.json")})) {
            QCOMPARE(typeOf(f.filePath()), kScenarioType);
            const QString renamed = files + QStringLiteral("/scenario-") + f.baseName();
            QVERIFY(QFile::copy(f.filePath(), renamed));  // no .json: content alone
            QCOMPARE(typeOf(renamed), kScenarioType);
            ++presets;
        }
        QVERIFY(presets > 10);
        int lessons = 0;
        for (const QFileInfo& f : QDir(kSource + QStringLiteral("/resources/lessons"))
                                      .entryInfoList({QStringLiteral("*.json")})) {
            QCOMPARE(typeOf(f.filePath()), kLessonType);
            ++lessons;
        }
        QVERIFY(lessons > 10);
        // What Ringscope saves, with a description longer than the sniffed bytes.
        ringscope::Scenario s = ringscope::loadScenarioFile(
            kSource + QStringLiteral("/resources/presets/seed000-ring.json"));
        s.description = std::string(20000, 'x');
        writeAll(files + QStringLiteral("/saved.json"), ringscope::scenarioToJson(s));
        QCOMPARE(typeOf(files + QStringLiteral("/saved.json")), kScenarioType);
        writeAll(files + QStringLiteral("/compact.json"),
                 "{\"format\":\"ringscope/1\",\"nodes\":[{\"id\":\"A\"}]}");
        QCOMPARE(typeOf(files + QStringLiteral("/compact.json")), kScenarioType);
        writeAll(files + QStringLiteral("/other.json"),
                 "{\"format\": \"geojson\", \"a\": [1, 2]}\n");
        QCOMPARE(typeOf(files + QStringLiteral("/other.json")), QStringLiteral("application/json"));
        writeAll(files + QStringLiteral("/late.json"),
                 "{\"title\": \"" + QByteArray(5000, 't') + "\", \"format\": \"ringscope/1\"}");
        QCOMPARE(typeOf(files + QStringLiteral("/late.json")), QStringLiteral("application/json"));

        for (const QString& name : {kScenarioType, kLessonType}) {
            const QMimeType type = db.mimeTypeForName(name);
            QVERIFY(type.isValid());
            QVERIFY(type.inherits(QStringLiteral("application/json")));
            QVERIFY(type.comment().startsWith(u"Ringscope "));
            QVERIFY2(
                QFileInfo::exists(m_share + QStringLiteral("/icons/hicolor/scalable/mimetypes/") +
                                  type.iconName() + QStringLiteral(".svg")),
                qPrintable(type.iconName()));
        }
    }

    // PNGs at every hicolor size, drawn from the SVG: the right size, a transparent corner, and
    // the ring (a third of the square) drawn.
    void icons() {
        for (const QString& size : QStringLiteral(RINGSCOPE_ICON_SIZES).split(u' ')) {
            const QString path =
                m_share + QStringLiteral("/icons/hicolor/%1x%1/apps/ringscope.png").arg(size);
            const QImage icon(path);
            QVERIFY2(!icon.isNull(), qPrintable(path));
            QCOMPARE(icon.width(), size.toInt());
            QCOMPARE(icon.height(), size.toInt());
            QCOMPARE(qAlpha(icon.pixel(0, icon.height() - 1)), 0);
            int opaque = 0;
            for (int y = 0; y < icon.height(); ++y) {
                for (int x = 0; x < icon.width(); ++x) {
                    opaque += qAlpha(icon.pixel(x, y)) >= 128;
                }
            }
            QVERIFY2(opaque > icon.width() * icon.height() / 4, qPrintable(size));
        }
    }

    // Both man pages render with man(1) as lintian checks them (no warning), with the
    // programs' own help in them.
    void manPages() {
        for (const char* page : {"ringscope", "ringscope-cli"}) {
            const QString file =
                m_share + QStringLiteral("/man/man1/%1.1.gz").arg(QLatin1String(page));
            QProcessEnvironment env = m_env;
            env.insert(QStringLiteral("MANROFFSEQ"), QString());
            const Run check =
                run(QStringLiteral("man"),
                    {QStringLiteral("--warnings"), QStringLiteral("-E"), QStringLiteral("UTF-8"),
                     QStringLiteral("-l"), QStringLiteral("-Tutf8"), QStringLiteral("-Z"), file},
                    env);
            QVERIFY2(check.code == 0 && check.err.isEmpty(),
                     qPrintable(QLatin1String(page) + QStringLiteral(": ") + check.err));
        }
        const Run cli = renderManPage(QStringLiteral("ringscope-cli"));
        QVERIFY2(cli.out.contains(QStringLiteral("ringscope-cli - route keys")),
                 qPrintable(cli.out));
        for (const QString& command : list({QStringLiteral("commands")})) {
            QVERIFY2(cli.out.contains(QStringLiteral("ringscope-cli ") + command),
                     qPrintable(command));
        }
        for (const char* text : {"EXAMPLES", "SEE ALSO", "--key-encoding", "--version"}) {
            QVERIFY2(cli.out.contains(QLatin1String(text)), text);
        }
        const Run gui = renderManPage(QStringLiteral("ringscope"));
        for (const char* text : {"ringscope - see consistent hashing work", "--quit-when-loaded",
                                 "recently-used.xbel", "ringscope-cli(1)"}) {
            QVERIFY2(gui.out.contains(QLatin1String(text)), text);
        }
    }

    // The completion offers what the program's own tables hold.
    void completion_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QStringList>("expected");
        QStringList commands = list({QStringLiteral("commands")});
        QVERIFY(commands.contains(QStringLiteral("route")));
        commands << QStringLiteral("--help") << QStringLiteral("--version");
        QTest::newRow("commands") << "ringscope-cli " << commands;
        QStringList hashes, encodings, limits;
        for (const auto& row : ringscope::kKeyHashes) {
            hashes << QString::fromLatin1(row.name().data(), qsizetype(row.name().size()));
        }
        for (const auto& row : ringscope::kKeyEncodingNames) {
            encodings << QString::fromLatin1(row.name.data(), qsizetype(row.name.size()));
        }
        for (const auto& row : ringscope::kLimitRows) {
            limits << QString::fromLatin1(row.name.data(), qsizetype(row.name.size())) + u'=';
        }
        QTest::newRow("key hashes") << "ringscope-cli hash --key-hash " << hashes;
        QTest::newRow("key hashes, started")
            << "ringscope-cli hash --key-hash mu"
            << QStringList{QStringLiteral("murmur3-128"), QStringLiteral("murmur3-cassandra")};
        QTest::newRow("key encodings")
            << "ringscope-cli route pool.json --key-encoding " << encodings;
        QTest::newRow("limits") << "ringscope-cli stats pool.json --limit " << limits;
        QTest::newRow("render's options")
            << "ringscope-cli render pool.json --"
            << QStringList{QStringLiteral("--baseline"), QStringLiteral("--size"),
                           QStringLiteral("--output"), QStringLiteral("--limit"),
                           QStringLiteral("--allow-outside-files")};
        QTest::newRow("stats' options, started")
            << "ringscope-cli stats pool.json --k"
            << QStringList{QStringLiteral("--keys"), QStringLiteral("--key"),
                           QStringLiteral("--key-encoding")};
        // host:port ids: readline replaces only what follows the last ':'.
        QTest::newRow("down: stats' scenario")
            << "ringscope-cli stats pool.json --down "
            << QStringList{QStringLiteral("10.0.0.2:11211"), QStringLiteral("10.0.0.3:11211")};
        QTest::newRow("down: after a colon") << "ringscope-cli stats pool.json --down 10.0.0.3:1"
                                             << QStringList{QStringLiteral("11211")};
        QTest::newRow("down: diff's AFTER")
            << "ringscope-cli diff pool.json after.json --down "
            << QStringList{QStringLiteral("api-a"), QStringLiteral("api-b")};
        QTest::newRow("import") << "ringscope-cli import "
                                << QStringList{QStringLiteral("elasticsearch-settings"),
                                               QStringLiteral("haproxy"),
                                               QStringLiteral("kafka-topic"),
                                               QStringLiteral("nginx"),
                                               QStringLiteral("nodetool-ring"),
                                               QStringLiteral("twemproxy")};
        QTest::newRow("lesson's languages")
            << "ringscope-cli lesson course.json --lang "
            << QStringList{QStringLiteral("en"), QStringLiteral("ja")};
        QTest::newRow("scenario files")
            << "ringscope-cli route "
            << QStringList{QStringLiteral("after.json"), QStringLiteral("pool.json"),
                           QStringLiteral("sub")};
        QTest::newRow("pictures") << "ringscope-cli render pool.json -o "
                                  << QStringList{QStringLiteral("ring.png"), QStringLiteral("sub")};
    }
    void completion() {
        QFETCH(QString, line);
        QFETCH(QStringList, expected);
        const QString dir = m_scratch.filePath(QStringLiteral("completion"));
        if (!QFileInfo::exists(dir)) {
            QVERIFY(QDir().mkpath(dir + QStringLiteral("/sub")));
            writeAll(dir + QStringLiteral("/pool.json"),
                     "{\"format\": \"ringscope/1\", \"algorithm\": \"rendezvous\", \"nodes\": "
                     "[{\"id\": \"10.0.0.2:11211\"}, {\"id\": \"10.0.0.3:11211\"}]}");
            writeAll(dir + QStringLiteral("/after.json"),
                     "{\"format\": \"ringscope/1\", \"algorithm\": \"rendezvous\", \"nodes\": "
                     "[{\"id\": \"api-a\"}, {\"id\": \"api-b\"}]}");
            writeAll(dir + QStringLiteral("/ring.png"), "");
            writeAll(dir + QStringLiteral("/keys.txt"), "");
        }
        // As bash calls a completion function: the line, the cursor, the default word breaks.
        const QString script = QStringLiteral(
            "source \"$1\"\n"
            "COMP_WORDBREAKS=$' \\t\\n\"\\'><=;|&(:'\n"
            "COMP_LINE=$3; COMP_POINT=${#COMP_LINE}\n"
            "_ringscope_cli \"$2\"\n"
            "printf '%s\\n' \"${COMPREPLY[@]}\"\n");
        QProcess bash;
        bash.setWorkingDirectory(dir);
        bash.setProcessEnvironment(m_env);
        bash.start(QStringLiteral("bash"),
                   {QStringLiteral("-c"), script, QStringLiteral("bash"),
                    m_share + QStringLiteral("/bash-completion/completions/ringscope-cli"),
                    m_usr + QStringLiteral("/bin/ringscope-cli"), line});
        QVERIFY(bash.waitForFinished(30000));
        const QString err = QString::fromUtf8(bash.readAllStandardError());
        QVERIFY2(bash.exitCode() == 0 && err.isEmpty(), qPrintable(err));
        const QStringList offered =
            QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(sorted(offered), sorted(expected));
    }

    // ringscope-cli routes from the installed tree, and the window opens a preset, a lesson and
    // the default scenario there and quits by itself; a broken file is a clear exit 2.
    void programsRun() {
        const Run route =
            runInstalled(QStringLiteral("ringscope-cli"),
                         {QStringLiteral("route"),
                          kSource + QStringLiteral("/resources/presets/seed000-ring.json"),
                          QStringLiteral("--key"), QStringLiteral("42"), QStringLiteral("--key"),
                          QStringLiteral("95")});
        QCOMPARE(route.code, 0);
        QCOMPARE(route.out, QStringLiteral("42\tB\n95\tA\n"));

        const QString preset =
            kSource + QStringLiteral("/resources/presets/ketama-memcached-pool.json");
        const Run pool = runInstalled(QStringLiteral("ringscope"),
                                      {QStringLiteral("--quit-when-loaded"), preset});
        QVERIFY2(pool.code == 0, qPrintable(pool.err));
        QVERIFY2(pool.out.startsWith(preset + QStringLiteral(": ")) &&
                     pool.out.contains(u", 4 nodes, 20,000 keys"),
                 qPrintable(pool.out));
        const QString lesson = kSource + QStringLiteral("/resources/lessons/03-add-node.json");
        const Run course = runInstalled(QStringLiteral("ringscope"),
                                        {QStringLiteral("--quit-when-loaded"), lesson});
        QVERIFY2(course.code == 0 && course.out.startsWith(lesson + QStringLiteral(": lesson “")) &&
                     course.out.endsWith(u" steps\n"),
                 qPrintable(course.out + course.err));
        const Run blank =
            runInstalled(QStringLiteral("ringscope"), {QStringLiteral("--quit-when-loaded")});
        QVERIFY2(blank.code == 0 && blank.out.startsWith(u"-: Seed 000"),
                 qPrintable(blank.out + blank.err));

        const QString broken = m_scratch.filePath(QStringLiteral("broken.json"));
        writeAll(broken,
                 "{\"format\": \"ringscope/1\", \"nodes\": [{\"id\": \"A\", \"weight\": -1}]}");
        const Run bad = runInstalled(QStringLiteral("ringscope"),
                                     {QStringLiteral("--quit-when-loaded"), broken});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(broken) && bad.err.contains(u"weight"), qPrintable(bad.err));
        QVERIFY(bad.out.isEmpty());
    }

private:
    Run run(const QString& program, const QStringList& args,
            const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) const {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(program, args);
        Run r;
        if (!p.waitForStarted(30000)) {
            r.err = program +
                    QStringLiteral(": cannot start it (is it installed? .ci/packages lists it)");
            return r;
        }
        p.waitForFinished(120000);
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    Run runInstalled(const QString& program, const QStringList& args) const {
        return runInstalled(program, args, m_env);
    }
    Run runInstalled(const QString& program, const QStringList& args,
                     const QProcessEnvironment& env) const {
        return run(m_usr + QStringLiteral("/bin/") + program, args, env);
    }
    QStringList list(const QStringList& what) const {
        const Run r = runInstalled(QStringLiteral("ringscope-cli"),
                                   QStringList{QStringLiteral("--list")} + what);
        return r.out.split(u'\n', Qt::SkipEmptyParts);
    }
    Run renderManPage(const QString& page) const {
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("100"));
        env.insert(QStringLiteral("MAN_KEEP_FORMATTING"), QString());
        return run(QStringLiteral("man"),
                   {QStringLiteral("-l"), m_share + QStringLiteral("/man/man1/%1.1.gz").arg(page)},
                   env);
    }
    QString metainfoPath() const {
        return m_share + QStringLiteral("/metainfo/%1.metainfo.xml").arg(kAppId);
    }
    QString mimePackage() const { return m_share + QStringLiteral("/mime/packages/ringscope.xml"); }

    QTemporaryDir m_scratch;
    QString m_root, m_usr, m_share, m_version;
    QProcessEnvironment m_env;
};

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
