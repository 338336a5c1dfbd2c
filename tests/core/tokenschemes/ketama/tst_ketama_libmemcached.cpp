// Bit-for-bit against libmemcached itself (Debian's libmemcached-dev): the same weighted ketama
// pools must send every key to the same server. Built only when libmemcached is installed.
#include <QTest>

#include <libmemcached-1.0/memcached.h>

#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestKetamaLibmemcached : public QObject {
    Q_OBJECT
private slots:
    void sameServers_data() {
        QTest::addColumn<QString>("pool");  // memcached_servers_parse syntax
        QTest::newRow("libmemcached test pool")
            << "10.0.1.1:11211 600,10.0.1.2:11211 300,10.0.1.3:11211 200,10.0.1.4:11211 350,"
               "10.0.1.5:11211 1000,10.0.1.6:11211 800,10.0.1.7:11211 950,10.0.1.8:11211 100";
        QTest::newRow("equal weights") << "cache-a:11211 1,cache-b:11211 1,cache-c:11211 1";
        QTest::newRow("one heavy") << "m1:11211 1,m2:11211 1,m3:11211 1,m4:11211 5";
        QTest::newRow("odd weights") << "a:11211 3,b:11211 7,c:11211 11,d:11211 13,e:11211 17";
    }
    void sameServers() {
        QFETCH(QString, pool);
        memcached_st* memc = memcached_create(nullptr);
        QVERIFY(memc);
        // Choosing the distribution clears the weighted flag, so set it last: then libmemcached
        // uses the weighted continuum even when no weight exceeds 1.
        QCOMPARE(
            memcached_behavior_set_distribution(memc, MEMCACHED_DISTRIBUTION_CONSISTENT_KETAMA),
            MEMCACHED_SUCCESS);
        QCOMPARE(memcached_behavior_set(memc, MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED, 1),
                 MEMCACHED_SUCCESS);
        memcached_server_st* servers = memcached_servers_parse(pool.toUtf8().constData());
        QCOMPARE(memcached_server_push(memc, servers), MEMCACHED_SUCCESS);

        // The same pool as a scenario: default port 11211 is left out of the hashed name.
        Scenario s;
        s.tokenScheme = TokenScheme::Ketama;
        s.keyHash = HashKind::Md5;
        for (const QString& entry : pool.split(u',')) {
            const QStringList parts = entry.split(u' ');
            s.nodes.push_back(NodeSpec{
                parts[0].section(u':', 0, 0).toStdString(), parts[1].toDouble(), {}, {}, {}});
        }
        const Placement p = Placement::build(s);
        QCOMPARE(p.ring().size(), size_t(memc->ketama.continuum_points_counter));
        const KeySet keys = patternKeys("user:{i}:profile", 50000);
        const Assignment a = assignAll(p, keys);
        int mismatches = 0;
        for (size_t k = 0; k < keys.size(); ++k) {
            const std::string& key = keys.names[k];
            const uint32_t idx = memcached_generate_hash(memc, key.data(), key.size());
            const char* host =
                memcached_server_name(memcached_server_instance_by_position(memc, idx));
            mismatches += p.nodes()[a.primary(k)].id != host;
        }
        QCOMPARE(mismatches, 0);
        // The wrap-around key of libmemcached's tests: past the last point, to the first.
        const uint32_t idx = memcached_generate_hash(memc, "VDEAAAAA", 8);
        QCOMPARE(*hashKey(HashKind::Md5, "VDEAAAAA"), uint64_t(0xfffcd1b5));
        QCOMPARE(
            std::string(memcached_server_name(memcached_server_instance_by_position(memc, idx))),
            ownersAt(p, 0xfffcd1b5));
        memcached_server_list_free(servers);
        memcached_free(memc);
    }
};

QTEST_GUILESS_MAIN(TestKetamaLibmemcached)
#include "tst_ketama_libmemcached.moc"
