// The modules' parameters in a scenario (ringscope/params.h): each module's own struct, unset
// meaning its defaults, compared and copied as values.
#include <QTest>

#include <string>
#include <vector>

#include "ringscope/params.h"

using namespace ringscope;

namespace {

struct Table {
    uint64_t size = 7;
    bool operator==(const Table&) const = default;
};

struct Names {
    std::vector<std::string> names;
    bool operator==(const Names&) const = default;
};

}  // namespace

class TestParams : public QObject {
    Q_OBJECT
private slots:
    void unsetReadsAsTheDefaults() {
        const ModuleParams params;
        QCOMPARE(params.get<Table>().size, uint64_t{7});
        QVERIFY(params.get<Names>().names.empty());
    }

    void editSetAndReset() {
        ModuleParams params;
        params.edit<Table>().size = 11;
        params.set(Names{{"a", "b"}});
        QCOMPARE(params.get<Table>().size, uint64_t{11});
        QCOMPARE(params.get<Names>().names.size(), size_t{2});
        params.reset<Table>();
        QCOMPARE(params.get<Table>().size, uint64_t{7});
        QCOMPARE(params.get<Names>().names.size(), size_t{2});  // the others stay
    }

    // Unset equals the defaults, so a scenario read from a file that leaves a module out equals
    // one whose module parameters were set to their defaults.
    void unsetEqualsDefaults() {
        ModuleParams a;
        ModuleParams b;
        b.set(Table{});
        QVERIFY(a == b);
        QVERIFY(b == a);
        b.edit<Table>().size = 13;
        QVERIFY(!(a == b));
        a.set(Table{13});
        QVERIFY(a == b);
        a.set(Names{{"x"}});
        QVERIFY(!(a == b));
    }

    // Copies are deep: changing one leaves the other as it was.
    void copiesAreValues() {
        ModuleParams a;
        a.set(Names{{"x"}});
        ModuleParams b = a;
        b.edit<Names>().names.push_back("y");
        QCOMPARE(a.get<Names>().names.size(), size_t{1});
        QCOMPARE(b.get<Names>().names.size(), size_t{2});
        a = b;
        QVERIFY(a == b);
        ModuleParams moved = std::move(b);
        QCOMPARE(moved.get<Names>().names.size(), size_t{2});
    }
};

QTEST_GUILESS_MAIN(TestParams)
#include "tst_params.moc"
