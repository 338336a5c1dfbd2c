// What a file holds, from its start (app/document/fileformat.h): the top-level "format", found the
// way the desktop's MIME rules find it, in every shipped scenario and lesson and in what
// Ringscope writes.
#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

#include "fileformat.h"
#include "lessonjson.h"
#include "scenariojson.h"
#include "testpaths.h"

using ringscope::fileFormat;
using ringscope::formatField;

class TestFileFormat : public QObject {
    Q_OBJECT
private slots:
    void field_data() {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("format");  // empty: none
        QTest::newRow("indented") << QByteArray("{\n    \"format\": \"ringscope/1\",\n")
                                  << "ringscope/1";
        QTest::newRow("compact") << QByteArray("{\"format\":\"ringscope-lesson/1\",\"steps\":[")
                                 << "ringscope-lesson/1";
        QTest::newRow("after other members")
            << QByteArray(
                   "{\"title\": \"a \\\"format\\\": x\", \"space\": 100, \"tags\": "
                   "[1, {\"format\": \"inner\"}], \"nodes\": {\"format\": \"no\"},\n"
                   "\"format\": \"ringscope/1\"}")
            << "ringscope/1";
        QTest::newRow("only nested")
            << QByteArray("{\"step\": {\"format\": \"ringscope/1\"}}") << "";
        QTest::newRow("cut before the value")
            << QByteArray("{\"title\": \"x\", \"format\": \"ring") << "";
        QTest::newRow("cut in an earlier member") << QByteArray("{\"title\": \"x ") << "";
        QTest::newRow("not a string") << QByteArray("{\"format\": 1}") << "";
        QTest::newRow("an array") << QByteArray("[{\"format\": \"ringscope/1\"}]") << "";
        QTest::newRow("a key list") << QByteArray("node-1\nnode-2\n") << "";
        QTest::newRow("empty object") << QByteArray("{ }") << "";
        QTest::newRow("empty") << QByteArray() << "";
    }
    void field() {
        QFETCH(QByteArray, head);
        QFETCH(QString, format);
        const auto found = formatField(std::string_view(head.constData(), size_t(head.size())));
        QCOMPARE(found.has_value(), !format.isEmpty());
        if (found) {
            QCOMPARE(QString::fromStdString(*found), format);
        }
    }

    // Every preset is a scenario and every lesson of the course a lesson, as the MIME rules say
    // too (tests/package/tst_install checks those on the same files).
    void shippedFiles() {
        const QDir presets(ringscope::test::sourcePath("/resources/presets"));
        const QDir lessons(ringscope::test::sourcePath("/resources/lessons"));
        QVERIFY(!presets.entryList({QStringLiteral("*.json")}).isEmpty());
        for (const QString& name : presets.entryList({QStringLiteral("*.json")})) {
            QCOMPARE(fileFormat(presets.filePath(name)), std::optional<std::string>("ringscope/1"));
        }
        QVERIFY(!lessons.entryList({QStringLiteral("*.json")}).isEmpty());
        for (const QString& name : lessons.entryList({QStringLiteral("*.json")})) {
            QCOMPARE(fileFormat(lessons.filePath(name)),
                     std::optional<std::string>(ringscope::lesson::kLessonFormatV1));
        }
        QCOMPARE(fileFormat(QStringLiteral(":/no/such/resource")), std::nullopt);
        QCOMPARE(fileFormat(QStringLiteral("/no/such/file.json")), std::nullopt);
        QCOMPARE(fileFormat(QStringLiteral("/dev/null")), std::nullopt);  // not a regular file
    }

    // Ringscope writes "format" first, whatever else the scenario holds (QJsonDocument would
    // put it after "algorithm" and a description of any length).
    void writtenFirst() {
        ringscope::Scenario s = ringscope::loadScenarioFile(
            ringscope::test::sourcePath("/resources/presets/seed000-ring.json"));
        s.description = std::string(10000, 'd');
        const QByteArray json = ringscope::scenarioToJson(s);
        QVERIFY2(json.startsWith("{\n    \"format\": \"ringscope/1\",\n    \"algorithm\""),
                 json.left(80).constData());
        QCOMPARE(formatField(json.toStdString()), std::optional<std::string>("ringscope/1"));
        const ringscope::Scenario back = ringscope::scenarioFromJson(json);
        QCOMPARE(back.description, s.description);
        QCOMPARE(ringscope::scenarioToJson(back), json);
    }
};

QTEST_GUILESS_MAIN(TestFileFormat)
#include "tst_fileformat.moc"
