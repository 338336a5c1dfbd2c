// Key hash "crc32" (keyhashes/crc32): the IEEE CRC-32 nginx's ngx_crc32_long computes.
#include <QTest>

#include "keyhashes/crc32/crc32.h"
#include "ringscope/registry.h"

using namespace ringscope;

class TestCrc32 : public QObject {
    Q_OBJECT
private slots:
    void publishedValues() {
        // The CRC-32 check value (ITU-T V.42 / ISO 3309): "123456789" -> 0xCBF43926.
        QCOMPARE(hashKey(HashKind::Crc32, "123456789"), std::optional<uint64_t>(0xCBF43926u));
        QCOMPARE(hashKey(HashKind::Crc32, ""), std::optional<uint64_t>(0));
        // Python's zlib.crc32 on the keys of tests/core/tokenschemes/nginx/data (crc32.tsv).
        QCOMPARE(hashKey(HashKind::Crc32, "a"), std::optional<uint64_t>(3904355907u));
        QCOMPARE(hashKey(HashKind::Crc32, "apple"), std::optional<uint64_t>(2838417488u));
        QCOMPARE(hashKey(HashKind::Crc32, "key-0"), std::optional<uint64_t>(2045480940u));
    }
    void runningFormIsTheWhole() {
        using namespace std::literals;
        const std::string_view whole =
            "backend.example.com\0"
            "8080"sv;  // nginx's HOST \0 PORT
        for (size_t cut = 0; cut <= whole.size(); ++cut) {
            QCOMPARE(crc32Update(crc32(whole.substr(0, cut)), whole.substr(cut)), crc32(whole));
        }
    }
};

QTEST_GUILESS_MAIN(TestCrc32)
#include "tst_crc32.moc"
