// The core's JSON values and their readers (ringscope/json.h): the messages every field of a
// scenario file reports, and the numbers that must not be rounded.
#include <QTest>

#include "ringscope/json.h"

using namespace ringscope;

Q_DECLARE_METATYPE(ringscope::json::Value)

namespace {

// The message of the InputError `read` throws, or "" when it throws none.
template <typename Read>
QString failure(Read read) {
    try {
        read();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace

class TestJson : public QObject {
    Q_OBJECT
private slots:
    void typesAreNamed() {
        QCOMPARE(json::typeName(json::Value()), "nothing");
        QCOMPARE(json::typeName(json::Value::null()), "null");
        QCOMPARE(json::typeName(json::Value(true)), "a boolean");
        QCOMPARE(json::typeName(json::Value(1.5)), "a number");
        QCOMPARE(json::typeName(json::Value("x")), "a string");
        QCOMPARE(json::typeName(json::Value(json::Array{})), "an array");
        QCOMPARE(json::typeName(json::Value(json::Object{})), "an object");
    }

    void wrongTypesNameTheField() {
        QCOMPARE(failure([] { json::number(json::Value("2"), "nodes[1] (B).weight"); }),
                 QStringLiteral("nodes[1] (B).weight: expected a number, got a string"));
        QCOMPARE(failure([] { json::string(json::Value(), "title"); }),
                 QStringLiteral("title: expected a string, got nothing"));
        QCOMPARE(failure([] { json::boolean(json::Value(1.0), "zoneAware"); }),
                 QStringLiteral("zoneAware: expected true or false, got a number"));
        QCOMPARE(failure([] { json::object(json::Value(json::Array{}), "keys"); }),
                 QStringLiteral("keys: expected an object, got an array"));
        QCOMPARE(failure([] { json::array(json::Value::null(), "nodes"); }),
                 QStringLiteral("nodes: expected an array, got null"));
    }

    // Whole numbers: exact integers as written, decimal strings above 2^53, nothing rounded.
    void unsignedIntegers_data() {
        QTest::addColumn<json::Value>("value");
        QTest::addColumn<quint64>("expected");
        QTest::addColumn<QString>("message");
        QTest::newRow("integer") << json::Value(int64_t{42}) << quint64(42) << QString();
        QTest::newRow("whole double") << json::Value(7.0) << quint64(7) << QString();
        // 2^53 + 1 written as an integer: the parser kept it exactly.
        QTest::newRow("exact above 2^53")
            << json::Value::number(9007199254740992.0, int64_t{9007199254740993})
            << quint64(9007199254740993ull) << QString();
        QTest::newRow("decimal string")
            << json::Value("18446744073709551615") << quint64(18446744073709551615ull) << QString();
        QTest::newRow("fraction") << json::Value(1.5) << quint64(0)
                                  << QStringLiteral("f: expected a whole number >= 0, got 1.5");
        QTest::newRow("negative") << json::Value(int64_t{-1}) << quint64(0)
                                  << QStringLiteral("f: expected a whole number >= 0, got -1");
        // A whole double that 64 bits hold is taken as it is (as Qt's toInteger does); one
        // beyond them may have been rounded.
        QTest::newRow("whole double above 2^53")
            << json::Value(1e16) << quint64(10000000000000000ull) << QString();
        QTest::newRow("rounded double")
            << json::Value(1e19) << quint64(0)
            << QStringLiteral(
                   "f: whole numbers of 2^53 and above must be written as decimal "
                   "strings (\"18446744073709551615\"), not 1e+19");
        QTest::newRow("bad string")
            << json::Value("12x") << quint64(0)
            << QStringLiteral("f: expected a whole number >= 0, got \"12x\"");
        QTest::newRow("boolean") << json::Value(true) << quint64(0)
                                 << QStringLiteral("f: expected a whole number, got a boolean");
    }
    void unsignedIntegers() {
        QFETCH(json::Value, value);
        QFETCH(quint64, expected);
        QFETCH(QString, message);
        QCOMPARE(failure([&] { QCOMPARE(json::unsignedInt(value, "f"), uint64_t(expected)); }),
                 message);
    }

    void signedIntegers() {
        QCOMPARE(json::signedInt(json::Value(-3.0), "replicas"), int64_t{-3});
        QCOMPARE(failure([] { json::signedInt(json::Value(0.5), "replicas"); }),
                 QStringLiteral("replicas: expected a whole number, got 0.5"));
        QCOMPARE(failure([] { json::signedInt(json::Value(1e300), "vnodes"); }),
                 QStringLiteral("vnodes: expected a whole number of at most 2^53 = "
                                "9007199254740992, got 1.0000000000000001e+300"));
        QCOMPARE(failure([] { json::signedInt(json::Value("3"), "vnodes"); }),
                 QStringLiteral("vnodes: expected a whole number, got a string"));
    }

    // A member the reader does not know is refused, naming the one it most likely misspells.
    void unknownMembers() {
        const json::Object node{{"id", "A"}, {"wieght", 2.0}};
        QCOMPARE(failure([&] {
                     json::allowOnly(node, {"id", "weight"}, "nodes[0]");
                 }),
                 QStringLiteral("nodes[0].wieght: unknown field; did you mean \"weight\"? (known: "
                                "id, weight)"));
        QCOMPARE(failure([&] {
                     json::allowOnly(node, {"id", "zone"}, "");
                 }),
                 QStringLiteral("wieght: unknown field (known: id, zone)"));
        json::allowOnly(node, {"wieght", "id"}, "");  // every member known: nothing thrown
    }

    // An absent member reads as undefined; set() replaces; equality ignores member order.
    void objects() {
        json::Object o{{"a", 1}, {"b", "x"}};
        QVERIFY(o.contains("a"));
        QVERIFY(o["missing"].isUndefined());
        o.set("a", 2);
        QCOMPARE(o.size(), size_t(2));
        QCOMPARE(*o["a"].toInteger(), int64_t{2});
        QVERIFY((json::Object{{"b", "x"}, {"a", 2}}) == o);
        o.remove("b");
        QVERIFY(!o.contains("b"));
    }

    // Counts are numbers while doubles hold them exactly, decimal strings beyond.
    void countsAreNeverRounded() {
        QVERIFY(json::Value::count(42).isExactInteger());
        QCOMPARE(json::Value::count(uint64_t{1} << 53).toString(), std::string("9007199254740992"));
        QVERIFY(!json::Value(2.0).isExactInteger());
    }
};

QTEST_GUILESS_MAIN(TestJson)
#include "tst_json.moc"
