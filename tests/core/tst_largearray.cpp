// Large arrays (largearray.h): what they hold is a std::vector's; where they live is a 2 MiB
// aligned mapping, not advised for transparent huge pages, kept for the next array of its size.
#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>

#include "ringscope/largearray.h"

using namespace ringscope;

namespace {

// The flags of the mapping holding `p` ("rd wr mr mw me ac sd"): its VmFlags in
// /proc/self/smaps.
std::optional<std::string> smapsFlags(const void* p) {
    std::ifstream in("/proc/self/smaps");
    const auto at = reinterpret_cast<uintptr_t>(p);
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        uintptr_t begin = 0;
        uintptr_t end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> begin >> dash >> end && dash == '-') {
            inside = begin <= at && at < end;
        } else if (inside && line.rfind("VmFlags:", 0) == 0) {
            return line.substr(8);
        }
    }
    return std::nullopt;
}

bool hasFlag(const std::string& flags, const std::string& flag) {
    std::istringstream words(flags);
    for (std::string word; words >> word;) {
        if (word == flag) {
            return true;
        }
    }
    return false;
}

constexpr size_t kLargeCount = kLargeArrayBytes / sizeof(uint32_t) + 7;  // 32 MiB and a bit

}  // namespace

class TestLargeArray : public QObject {
    Q_OBJECT
private slots:
    // Small and large, a LargeVector holds, copies, moves and grows as a std::vector does.
    void behavesAsAVector_data() {
        QTest::addColumn<size_t>("count");
        QTest::newRow("empty") << size_t{0};
        QTest::newRow("small") << size_t{1000};
        QTest::newRow("one entry under the threshold") << kLargeArrayBytes / sizeof(uint32_t) - 1;
        QTest::newRow("at the threshold") << kLargeArrayBytes / sizeof(uint32_t);
        QTest::newRow("large") << kLargeCount;
    }
    void behavesAsAVector() {
        QFETCH(size_t, count);
        LargeVector<uint32_t> v(count);
        QVERIFY(std::all_of(v.begin(), v.end(), [](uint32_t x) { return x == 0; }));
        std::iota(v.begin(), v.end(), 5u);
        const LargeVector<uint32_t> copy = v;
        QVERIFY(copy == v);
        LargeVector<uint32_t> moved = std::move(v);
        QVERIFY(moved == copy);
        moved.push_back(1);  // grows past its capacity into a new buffer
        moved.resize(moved.size() + kHugePageBytes / sizeof(uint32_t));
        QCOMPARE(moved.size(), count + 1 + kHugePageBytes / sizeof(uint32_t));
        QVERIFY(std::equal(copy.begin(), copy.end(), moved.begin()));
        QCOMPARE(moved[count], 1u);
        QCOMPARE(moved.back(), 0u);
        moved.clear();
        moved.shrink_to_fit();
        QVERIFY(moved.empty());
    }

    // A large buffer starts on a 2 MiB boundary in a mapping not advised for huge pages
    // (largearray.h says why); a small one comes from operator new. (AddressSanitizer builds
    // keep its allocator for every size.)
    void largeBuffersAreMappedAligned() {
        if (!detail::mapsLarge(kLargeArrayBytes)) {
            QSKIP("large arrays come from operator new in this build (AddressSanitizer)");
        }
        QVERIFY(!detail::mapsLarge(kLargeArrayBytes - 1));
        const LargeVector<uint32_t> v(kLargeCount);
        QCOMPARE(reinterpret_cast<uintptr_t>(v.data()) % kHugePageBytes, uintptr_t{0});
        // VmFlags lists "hg" for a mapping advised for huge pages (MADV_HUGEPAGE), in every THP
        // mode, and "nh" for one advised against them.
        const std::optional<std::string> flags = smapsFlags(v.data());
        QVERIFY(flags);
        QVERIFY2(!hasFlag(*flags, "hg") && !hasFlag(*flags, "nh"), flags->c_str());
    }

    // A large buffer let go is kept and handed to the next allocation of its size: the same
    // mapping, written anew by the vector (no page fault, no stale entry). Other sizes map
    // afresh.
    void letGoMappingsAreReused() {
        if (!detail::mapsLarge(kLargeArrayBytes)) {
            QSKIP("large arrays come from operator new in this build (AddressSanitizer)");
        }
        const size_t count = kLargeCount + 3 * kHugePageBytes / sizeof(uint32_t);  // this test's
        LargeArrayAllocator<uint32_t> allocator;
        const void* first = nullptr;
        {
            const LargeVector<uint32_t> v(count, 0xffffffffu);
            first = v.data();
        }
        // Kept, not mapped anew: a fresh mapping reads zero, this one what was written before.
        uint32_t* raw = allocator.allocate(count);
        QCOMPARE(static_cast<const void*>(raw), first);
        QCOMPARE(raw[0], 0xffffffffu);
        QCOMPARE(raw[count - 1], 0xffffffffu);
        allocator.deallocate(raw, count);
        const LargeVector<uint32_t> again(count);  // the vector writes every entry
        QCOMPARE(static_cast<const void*>(again.data()), first);
        QVERIFY(std::all_of(again.begin(), again.end(), [](uint32_t x) { return x == 0; }));

        // Eight let go one after another: the last two are kept (youngest first), the others
        // given back, and the next allocation maps afresh.
        {
            std::vector<LargeVector<uint32_t>> many;
            for (uint32_t i = 1; i <= 8; ++i) {
                many.emplace_back(count, i);
            }
            for (size_t i = 0; i < many.size(); ++i) {
                LargeVector<uint32_t>().swap(many[i]);
            }
        }
        uint32_t* youngest = allocator.allocate(count);
        uint32_t* second = allocator.allocate(count);
        uint32_t* fresh = allocator.allocate(count);
        QCOMPARE(youngest[0], 8u);
        QCOMPARE(second[0], 7u);
        QCOMPARE(fresh[0], 0u);
        for (uint32_t* p : {youngest, second, fresh}) {
            allocator.deallocate(p, count);
        }
    }

    // mappedCopy writes f of every entry, in order, small and large.
    void mappedCopyMapsEveryEntry_data() { behavesAsAVector_data(); }
    void mappedCopyMapsEveryEntry() {
        QFETCH(size_t, count);
        LargeVector<uint32_t> v(count);
        std::iota(v.begin(), v.end(), 0u);
        const auto f = [](uint32_t x) { return x * 3 + 1; };
        const LargeVector<uint32_t> out = mappedCopy(std::span<const uint32_t>(v), f);
        QCOMPARE(out.size(), count);
        for (size_t i = 0; i < count; ++i) {
            if (out[i] != f(v[i])) {
                QFAIL(qPrintable(QStringLiteral("entry %1: %2").arg(i).arg(out[i])));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestLargeArray)
#include "tst_largearray.moc"
