// HAProxy's key hashes (keyhashes/haproxy): sdbm, djb2, wt6 and crc32, plain and through
// full_hash, against HAProxy 2.6.12's own converters on 2,000 keys
// (tests/core/tokenschemes/haproxy/data/hashes.tsv: `sdbm`, `sdbm(1)`, ... of each key).
#include <QTest>

#include <QFile>

#include "keyhashes/haproxy/haproxy_hashes.h"
#include "ringscope/registry.h"
#include "testpaths.h"

using namespace ringscope;

class TestHaproxyHashes : public QObject {
    Q_OBJECT
private slots:
    void asHaproxyComputesThem() {
        QFile file(ringscope::test::sourcePath("/tests/core/tokenschemes/haproxy/data/hashes.tsv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        const QList<QByteArray> header = lines[0].split('\t');
        QCOMPARE(header.size(), qsizetype(9));
        // The columns' names as HAProxy's converters, ours in the same order.
        const HashKind kinds[] = {HashKind::Sdbm,          HashKind::Djb2,
                                  HashKind::Wt6,           HashKind::Crc32,
                                  HashKind::SdbmAvalanche, HashKind::Djb2Avalanche,
                                  HashKind::Wt6Avalanche,  HashKind::Crc32Avalanche};
        int rows = 0;
        for (const QByteArray& line : lines.mid(1)) {
            if (line.isEmpty()) {
                continue;
            }
            const QList<QByteArray> f = line.split('\t');
            QCOMPARE(f.size(), qsizetype(9));
            for (size_t c = 0; c < std::size(kinds); ++c) {
                const auto got = hashKey(kinds[c], f[0].toStdString());
                QVERIFY2(got == std::optional<uint64_t>(f[qsizetype(c) + 1].toULongLong()),
                         qPrintable(QStringLiteral("%1 of %2")
                                        .arg(QString::fromUtf8(header[qsizetype(c) + 1]),
                                             QString::fromUtf8(f[0]))));
            }
            ++rows;
        }
        QCOMPARE(rows, 2000);
        QCOMPARE(moduleOf(HashKind::Sdbm).name(), std::string_view("sdbm"));
        QCOMPARE(moduleOf(HashKind::Crc32Avalanche).name(), std::string_view("crc32-avalanche"));
    }
    void fullHash() {
        // full_hash (include/haproxy/intops.h) of 0, and of server 1's and server 7's points
        // (id x 4096 + j), computed in Python from its six steps and the final product.
        QCOMPARE(haproxyFullHash(0), 2874071335u);
        QCOMPARE(haproxyFullHash(1 * 4096 + 0), 1237450891u);
        QCOMPARE(haproxyFullHash(7 * 4096 + 15), 2761818408u);
        QCOMPARE(sdbm32(""), 0u);
        QCOMPARE(djb2(""), 5381u);
    }
};

QTEST_GUILESS_MAIN(TestHaproxyHashes)
#include "tst_haproxy_hashes.moc"
