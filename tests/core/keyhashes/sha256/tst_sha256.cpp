// Key hash "sha256" (keyhashes/sha256): the first eight digest bytes, big-endian.
#include <QTest>

#include "ringscope/hash.h"
#include "ringscope/registry.h"

using namespace ringscope;

class TestSha256 : public QObject {
    Q_OBJECT
private slots:
    void firstEightBytesBigEndian() {
        // FIPS 180-2: sha256("abc") = ba7816bf 8f01cfea 414140de ...
        QCOMPARE(hashKey(HashKind::Sha256, "abc"), std::optional<uint64_t>(0xba7816bf8f01cfeaull));
        // sha256("") = e3b0c442 98fc1c14 ...
        QCOMPARE(hashKey(HashKind::Sha256, ""), std::optional<uint64_t>(0xe3b0c44298fc1c14ull));
    }
};

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
