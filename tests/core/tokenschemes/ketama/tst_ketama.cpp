// libmemcached's weighted ketama (tokenschemes/ketama): its point counts and its published
// key-hash/continuum vectors.
#include <QTest>

#include <QFile>
#include "ringscope/hash.h"
#include "testpaths.h"
#include "testutil.h"
#include "tokenschemes/ketama/ketama.h"

using namespace ringscope;
using namespace ringscope::test;

class TestKetama : public QObject {
    Q_OBJECT
private slots:
    void ketamaPointCounts() {
        // libmemcached: floor(w / sum * 40 * N + 1e-10) digests, four points each.
        Scenario s;
        s.tokenScheme = TokenScheme::Ketama;
        s.keyHash = HashKind::Md5;
        s.nodes = {NodeSpec{"10.0.0.1:11211", 1.0, {}, {}, {}},
                   NodeSpec{"10.0.0.2:11211", 2.0, {}, {}, {}},
                   NodeSpec{"10.0.0.3:11211", 1.0, {}, {}, {}}};
        const Placement p = Placement::build(s);
        std::vector<int> count(3);
        for (uint32_t n : p.ring().nodes()) {
            ++count[n];
        }
        QCOMPARE(count, (std::vector<int>{120, 240, 120}));  // 30, 60, 30 digests
        // The first point of a node is bytes 0..3 of md5("{node}-0"), little-endian.
        const auto d = md5Digest("10.0.0.1:11211-0");
        const uint64_t first =
            uint64_t(d[3]) << 24 | uint64_t(d[2]) << 16 | uint64_t(d[1]) << 8 | d[0];
        const auto positions = p.ring().positions();
        QVERIFY(std::binary_search(positions.begin(), positions.end(), first));
        // Equal-weight pool: 160 points per server.
        for (auto& n : s.nodes) {
            n.weight = 1.0;
        }
        QCOMPARE(Placement::build(s).ring().size(), size_t(480));
    }

    // libmemcached's published compatibility vectors: 99 keys with their MD5 key hash and the
    // continuum point that owns them, on a weighted pool of eight servers. (The file's server
    // column is not what libmemcached 1.1.4 itself answers for most keys, so servers are checked
    // against the library directly in tst_ketama_libmemcached.)
    void ketamaLibmemcachedVectors_data() {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<quint64>("keyHash");
        QTest::addColumn<quint64>("point");
        QTest::addColumn<QByteArray>("server");
        QFile file(ringscope::test::sourcePath("/tests/core/data/ketama_libmemcached.tsv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        int rows = 0;
        for (const QByteArray& line : file.readAll().split('\n')) {
            if (line.isEmpty() || line.startsWith('#')) {
                continue;
            }
            const QList<QByteArray> f = line.split('\t');
            QTest::newRow(f[0].constData())
                << f[0] << f[1].toULongLong() << f[2].toULongLong() << f[3];
            ++rows;
        }
        QCOMPARE(rows, 99);
    }
    void ketamaLibmemcachedVectors() {
        QFETCH(QByteArray, key);
        QFETCH(quint64, keyHash);
        QFETCH(quint64, point);
        QFETCH(QByteArray, server);
        static const Placement pool = [] {
            Scenario s;
            s.tokenScheme = TokenScheme::Ketama;
            s.keyHash = HashKind::Md5;
            const double weights[] = {600, 300, 200, 350, 1000, 800, 950, 100};
            for (int i = 0; i < 8; ++i) {
                // Default port 11211: libmemcached hashes "host-i" without the port.
                s.nodes.push_back(
                    NodeSpec{"10.0.1." + std::to_string(i + 1), weights[i], {}, {}, {}});
            }
            return Placement::build(s);
        }();
        const std::string k = key.toStdString();
        QCOMPARE(*hashKey(HashKind::Md5, k), keyHash);
        const size_t token = pool.ring().successor(keyHash);
        QCOMPARE(pool.ring().position(token), point);
        QVERIFY(!server.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestKetama)
#include "tst_ketama.moc"
