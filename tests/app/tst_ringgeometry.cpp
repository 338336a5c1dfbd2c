// RingGeometry: hash position <-> angle <-> point, both ways, and token hit tests.
#include <QTest>

#include "ringgeometry.h"
#include "ringscope/ring.h"

using namespace ringscope;

Q_DECLARE_METATYPE(uint64_t)

namespace {
constexpr uint64_t k2to32 = uint64_t{1} << 32;

RingGeometry geometry(uint64_t space) {
    RingGeometry g;
    g.center = {400, 300};
    g.radius = 200;
    g.space = space;
    return g;
}
}  // namespace

class TestRingGeometry : public QObject {
    Q_OBJECT
private slots:
    void angleOf_data() {
        QTest::addColumn<uint64_t>("space");
        QTest::addColumn<uint64_t>("position");
        QTest::addColumn<double>("angle");
        QTest::newRow("0-99: zero at 12 o'clock") << uint64_t{100} << uint64_t{0} << 0.0;
        QTest::newRow("0-99: 25 at 3 o'clock") << uint64_t{100} << uint64_t{25} << 90.0;
        QTest::newRow("0-99: 50 at 6 o'clock") << uint64_t{100} << uint64_t{50} << 180.0;
        QTest::newRow("0-99: 99 just before the top") << uint64_t{100} << uint64_t{99} << 356.4;
        QTest::newRow("360: one degree per position") << uint64_t{360} << uint64_t{1} << 1.0;
        QTest::newRow("2^32: half") << k2to32 << (k2to32 / 2) << 180.0;
        QTest::newRow("2^32: last") << k2to32 << (k2to32 - 1) << 360.0 * (1.0 - 1.0 / 4294967296.0);
        QTest::newRow("2^64: quarter") << uint64_t{0} << (uint64_t{1} << 62) << 90.0;
        QTest::newRow("2^64: three quarters") << uint64_t{0} << (uint64_t{3} << 62) << 270.0;
    }
    void angleOf() {
        QFETCH(uint64_t, space);
        QFETCH(uint64_t, position);
        QFETCH(double, angle);
        QCOMPARE(geometry(space).angleOf(position), angle);
    }

    void positionAt_data() {
        QTest::addColumn<uint64_t>("space");
        QTest::addColumn<QPointF>("point");
        QTest::addColumn<uint64_t>("position");
        // Centre (400, 300): up is angle 0, right is 90.
        QTest::newRow("0-99: top") << uint64_t{100} << QPointF(400, 100) << uint64_t{0};
        QTest::newRow("0-99: right") << uint64_t{100} << QPointF(600, 300) << uint64_t{25};
        QTest::newRow("0-99: bottom, any radius")
            << uint64_t{100} << QPointF(400, 350) << uint64_t{50};
        QTest::newRow("0-99: left") << uint64_t{100} << QPointF(10, 300) << uint64_t{75};
        QTest::newRow("0-99: just left of the top wraps to 0")
            << uint64_t{100} << QPointF(399.9, 100) << uint64_t{0};
        QTest::newRow("2^32: bottom") << k2to32 << QPointF(400, 500) << (k2to32 / 2);
        QTest::newRow("2^64: right") << uint64_t{0} << QPointF(600, 300) << (uint64_t{1} << 62);
    }
    void positionAt() {
        QFETCH(uint64_t, space);
        QFETCH(QPointF, point);
        QFETCH(uint64_t, position);
        QCOMPARE(geometry(space).positionAt(point), position);
    }

    // position -> point -> position is the identity for every position of a small space, and
    // close (within the angular resolution of a double) for the large ones.
    void roundTrip_data() {
        QTest::addColumn<uint64_t>("space");
        QTest::newRow("0-99") << uint64_t{100};
        QTest::newRow("0-359") << uint64_t{360};
        QTest::newRow("0-4095") << uint64_t{4096};
    }
    void roundTrip() {
        QFETCH(uint64_t, space);
        const RingGeometry g = geometry(space);
        for (uint64_t p = 0; p < space; ++p) {
            for (const double r : {g.radius, g.keyRadius()}) {
                QCOMPARE(g.positionAt(g.pointAt(p, r)), p);
            }
        }
    }
    void roundTripLargeSpaces() {
        for (const uint64_t space : {k2to32, uint64_t{0}}) {
            const RingGeometry g = geometry(space);
            const double size = spaceSize(space);
            for (const double f : {0.1, 0.333, 0.5, 0.75, 0.999}) {
                const auto p = static_cast<uint64_t>(f * size);
                const double back = double(g.positionAt(g.pointAt(p, g.radius)));
                QVERIFY2(std::abs(back - double(p)) / size < 1e-12, qPrintable(QString::number(f)));
            }
        }
    }

    void tokenAt_data() {
        QTest::addColumn<QPointF>("point");
        QTest::addColumn<int>("token");  // -1: none
        const RingGeometry g = geometry(100);
        QTest::newRow("on A@20") << g.pointAt(20, g.radius) << 0;
        QTest::newRow("near B@60") << g.pointAt(60, g.radius) + QPointF(4, -3) << 1;
        QTest::newRow("on C@90") << g.pointAt(90, g.radius) << 2;
        QTest::newRow("between tokens") << g.pointAt(40, g.radius) << -1;
        QTest::newRow("right angle, wrong radius") << g.pointAt(20, g.radius * 0.5) << -1;
        QTest::newRow("C across the wrap, from 99") << g.pointAt(0, g.radius) << -1;
    }
    void tokenAt() {
        QFETCH(QPointF, point);
        QFETCH(int, token);
        const Ring ring(100, {{20, 0}, {60, 1}, {90, 2}});
        const auto found = geometry(100).tokenAt(point, ring, 10.0);
        QCOMPARE(found ? int(*found) : -1, token);
    }

    // The window of a clip rectangle around the centre (100, 100): its radii and angles, and
    // which angle ranges meet it, across 0 degrees too.
    void window_data() {
        QTest::addColumn<QRectF>("rect");
        QTest::addColumn<double>("nearest");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("span");
        QTest::newRow("holds the centre") << QRectF(90, 90, 20, 20) << 0.0 << 0.0 << 360.0;
        // Above, astride 12 o'clock: its lower corners at 315 and 45 degrees.
        QTest::newRow("above, across 0") << QRectF(50, 0, 100, 50) << 50.0 << 315.0 << 90.0;
        // Right of the centre, below its level: from 90 to 135 degrees.
        QTest::newRow("right, lower") << QRectF(150, 100, 50, 50) << 50.0 << 90.0 << 45.0;
    }
    void window() {
        QFETCH(QRectF, rect);
        QFETCH(double, nearest);
        QFETCH(double, from);
        QFETCH(double, span);
        const RingWindow w = RingWindow::of(rect, QPointF(100, 100));
        QVERIFY(!w.isWhole());
        QCOMPARE(w.nearest, nearest);
        QVERIFY(std::abs(w.from - from) < 1e-9);
        QVERIFY(std::abs(w.span - span) < 1e-9);
        // An angle range meets the window when it overlaps [from, from + span] on the circle.
        const auto meets = [&](double a, double b) { return w.meetsAngles(a, b); };
        QVERIFY(meets(from + span / 2, from + span / 2 + 1));
        if (span < 360) {
            QVERIFY(!meets(from + span + 1, from + span + 2));
            QVERIFY(meets(from - 5, from + 1));                 // reaches into it from before
            QVERIFY(meets(from + span - 1, from + span + 20));  // leaves it
            QVERIFY(meets(from - 400, from - 350));             // a turn earlier
            QVERIFY(!meets(from + span + 10, from + span + 11 + 0.0));
        }
        QVERIFY(w.reaches(nearest, nearest + 1));
        QVERIFY(!w.reaches(0, nearest - 1) || nearest == 0);
        QVERIFY(RingWindow::whole().meetsAngles(10, 11) && RingWindow::whole().isWhole());
    }
};

QTEST_GUILESS_MAIN(TestRingGeometry)
#include "tst_ringgeometry.moc"
