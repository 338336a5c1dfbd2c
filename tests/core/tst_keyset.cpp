// Key sets: patterns, lists, files, sizes and Zipf popularity, identical on every platform.
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <numeric>
#include <sstream>

#include "testutil.h"

using namespace ringscope;
using namespace ringscope::test;

class TestKeySet : public QObject {
    Q_OBJECT
private slots:
    void pattern() {
        KeySetSpec spec;
        spec.pattern = "session-{i}";
        spec.count = 3;
        spec.start = 7;
        QCOMPARE(generateKeys(spec).names,
                 (std::vector<std::string>{"session-7", "session-8", "session-9"}));
        spec.pattern = "{i}/{i}";
        spec.count = 1;
        QCOMPARE(generateKeys(spec).names, std::vector<std::string>{"7/7"});
    }

    void splitMixIsPinned() {
        // SplitMix64 reference output for seed 1234567 (Vigna's splitmix64.c).
        SplitMix64 rng(1234567);
        QCOMPARE(rng.next(), Q_UINT64_C(6457827717110365317));
        QCOMPARE(rng.next(), Q_UINT64_C(3203168211198807973));
        QCOMPARE(rng.next(), Q_UINT64_C(9817491932198370423));
        SplitMix64 full(1234567);
        QCOMPARE(full.below(0), Q_UINT64_C(6457827717110365317));  // 0 is the whole range
        SplitMix64 bounded(5);
        for (int i = 0; i < 10000; ++i) {
            QVERIFY(bounded.below(7) < 7);
        }
    }

    void sizesAreDeterministic() {
        KeySetSpec spec;
        spec.pattern = "k{i}";
        spec.count = 1000;
        spec.sizes.kind = SizeSpec::Kind::Uniform;
        spec.sizes.min = 100;
        spec.sizes.max = 200;
        const KeySet a = generateKeys(spec);
        QCOMPARE(generateKeys(spec).sizes, a.sizes);
        QVERIFY(std::all_of(a.sizes.begin(), a.sizes.end(),
                            [](uint64_t s) { return s >= 100 && s <= 200; }));
        QCOMPARE(*std::min_element(a.sizes.begin(), a.sizes.end()), uint64_t(100));
        QCOMPARE(*std::max_element(a.sizes.begin(), a.sizes.end()), uint64_t(200));
        spec.seed = 2;
        QVERIFY(generateKeys(spec).sizes != a.sizes);
        // Pinned values: the same seed gives these sizes on every platform.
        spec.seed = 1;
        spec.count = 4;
        QCOMPARE(generateKeys(spec).sizes, (std::vector<uint64_t>{157, 175, 198, 144}));

        spec.sizes.kind = SizeSpec::Kind::LogNormal;
        spec.sizes.mu = std::log(1000.0);
        spec.sizes.sigma = 0.5;
        spec.count = 20001;
        std::vector<uint64_t> sizes = generateKeys(spec).sizes;
        std::nth_element(sizes.begin(), sizes.begin() + 10000, sizes.end());
        QVERIFY(std::abs(double(sizes[10000]) - 1000.0) < 30.0);  // median exp(mu)
    }

    void zipf() {
        KeySetSpec spec;
        spec.pattern = "k{i}";
        spec.count = 1000;
        spec.popularity.kind = PopularitySpec::Kind::Zipf;
        spec.popularity.s = 1.0;
        spec.popularity.requests = 1e6;
        const KeySet keys = generateKeys(spec);
        const double total = std::accumulate(keys.requests.begin(), keys.requests.end(), 0.0);
        QVERIFY(std::abs(total - 1e6) < 1e-3);
        double harmonic = 0;
        for (int r = 1; r <= 1000; ++r) {
            harmonic += 1.0 / r;
        }
        const double hottest = *std::max_element(keys.requests.begin(), keys.requests.end());
        QVERIFY(std::abs(hottest - 1e6 / harmonic) < 1e-6);
        // Every rank is used once.
        std::vector<double> sorted = keys.requests;
        std::sort(sorted.rbegin(), sorted.rend());
        QVERIFY(std::abs(sorted[9] - 1e6 / harmonic / 10) < 1e-6);
    }

    void fileAndLines() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("keys.txt")).toStdString();
        std::ofstream(path) << "7\n\n12\r\nabc\n";
        KeyLines lines;
        QCOMPARE(readKeyFile(path, &lines).toVector(),
                 (std::vector<std::string>{"7", "12", "abc"}));
        QCOMPARE(lines.toVector(), (std::vector<uint32_t>{1, 3, 4}));
        KeySetSpec spec;
        spec.kind = KeySetSpec::Kind::File;
        spec.file = path;
        const KeySet keys = generateKeys(spec);
        // The non-decimal key under identity is named by file and line.
        const QString error = errorOf([&] { hashKeys(keys, HashKind::Identity, 100); });
        QCOMPARE(error, QString::fromStdString(path + ":4: key \"abc\" is not a decimal unsigned "
                                                      "integer (keyHash identity)"));
        const QString missing = errorOf([&] { readKeyFile(path + ".missing"); });
        QCOMPARE(missing,
                 QString::fromStdString(path + ".missing: cannot read the key file: no such file"));
    }

    // A key file that cannot be read: the message names the file and the reason.
    void keyFileErrors() {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        QCOMPARE(errorOf([&] { readKeyFile(folder + "/missing.txt"); }),
                 QString::fromStdString(folder + "/missing.txt: cannot read the key file: no such "
                                                 "file"));
        QCOMPARE(errorOf([&] { readKeyFile(folder); }),
                 QString::fromStdString(folder +
                                        ": cannot read the key file: is a directory, not a file"));
        QCOMPARE(errorOf([&] { readKeyFile(""); }),
                 QStringLiteral("cannot read the key file: no file name given"));
        // Relative to the scenario's folder, named by the path that was tried.
        KeySetSpec spec;
        spec.kind = KeySetSpec::Kind::File;
        spec.file = "sub/../keys.txt";
        spec.fileBase = folder;
        QCOMPARE(keyFilePath(spec), folder + "/keys.txt");
        QCOMPARE(errorOf([&] { generateKeys(spec); }),
                 QString::fromStdString(folder + "/keys.txt: cannot read the key file: no such "
                                                 "file"));
        std::ofstream(folder + "/keys.txt") << "a\nb\n";
        QCOMPARE(generateKeys(spec).names, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(generateKeys(spec).source,
                 (KeySource{KeySource::Kind::File, folder + "/keys.txt"}));
        spec.file = "/elsewhere/keys.txt";  // absolute: the base does not apply
        QCOMPARE(keyFilePath(spec), std::string("/elsewhere/keys.txt"));
    }

    // ---- Names made on demand ------------------------------------------------------------

    void patternNamesOnDemand_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<quint64>("start");
        QTest::addColumn<quint64>("count");
        QTest::newRow("digits grow")
            << QStringLiteral("session-{i}") << quint64(0) << quint64(1200);
        QTest::newRow("nines carry") << QStringLiteral("k{i}:x") << quint64(9'989) << quint64(30);
        QTest::newRow("two placeholders")
            << QStringLiteral("{i}/{i}") << quint64(95) << quint64(10);
        QTest::newRow("wraps at 2^64")
            << QStringLiteral("k{i}") << quint64(18446744073709551610ull) << quint64(12);
        QTest::newRow("placeholder alone") << QStringLiteral("{i}") << quint64(0) << quint64(101);
    }
    void patternNamesOnDemand() {
        // forEach (incremental digits), operator[] (one name) and the plain expansion agree, and
        // find() parses every name back to its index.
        QFETCH(QString, pattern);
        QFETCH(quint64, start);
        QFETCH(quint64, count);
        const std::string p = pattern.toStdString();
        const KeyNames names = KeyNames::pattern(p, start, count);
        QCOMPARE(names.size(), size_t(count));
        std::vector<std::string> expected;
        for (uint64_t k = 0; k < count; ++k) {
            std::string name = p;
            const std::string number = std::to_string(uint64_t(start + k));
            for (size_t at = name.find("{i}"); at != std::string::npos; at = name.find("{i}")) {
                name.replace(at, 3, number);
            }
            expected.push_back(name);
        }
        QVERIFY(names == expected);
        QCOMPARE(names.toVector(), expected);
        for (size_t first : {size_t(0), size_t(count / 3), size_t(count - 1)}) {
            names.forEach(first, size_t(count), [&](size_t k, std::string_view name) {
                QCOMPARE(std::string(name), expected[k]);
            });
        }
        for (size_t k = 0; k < count; ++k) {
            QCOMPARE(names[k], expected[k]);
            QCOMPARE(names.find(expected[k]), std::optional<size_t>(k));
        }
    }

    void findRejects() {
        const KeyNames names = KeyNames::pattern("user:{i}", 10, 5);  // user:10 … user:14
        QCOMPARE(names.find("user:12"), std::optional<size_t>(2));
        QCOMPARE(names.find("user:9"), std::nullopt);    // before start
        QCOMPARE(names.find("user:15"), std::nullopt);   // past count
        QCOMPARE(names.find("user:012"), std::nullopt);  // leading zero: another name
        QCOMPARE(names.find("user:12x"), std::nullopt);  // trailing text
        QCOMPARE(names.find("usr:12"), std::nullopt);    // other prefix
        const KeyNames list(std::vector<std::string>{"b", "a", "b"});
        QCOMPARE(list.find("b"), std::optional<size_t>(0));  // the first of equal names
        QCOMPARE(list.find("c"), std::nullopt);
        QCOMPARE(names.first(2).toVector(), (std::vector<std::string>{"user:10", "user:11"}));
        QCOMPARE(list.first(2).toVector(), (std::vector<std::string>{"b", "a"}));
    }

    // A stored list keeps its names back to back in one buffer: every way of reading them back
    // (index, forEach, find, first, comparison) sees the names appended, empty ones included.
    void listNamesInOneBuffer() {
        const std::vector<std::string> list{"10.0.0.2:11211", "", "user:{7}", "10.0.0.2:11211",
                                            std::string(300, 'x')};
        KeyNames names;
        names.reserve(2, 3);  // less than needed: appending grows it
        for (const std::string& name : list) {
            names.append(name);
        }
        QCOMPARE(names.size(), list.size());
        QVERIFY(!names.isPattern());
        QVERIFY(names == list);
        QVERIFY(names == KeyNames(list));
        QVERIFY(!(names == KeyNames(std::vector<std::string>(list.begin(), list.end() - 1))));
        for (size_t k = 0; k < list.size(); ++k) {
            QCOMPARE(names[k], list[k]);
        }
        std::vector<std::string> seen;
        names.forEach(1, 4, [&](size_t k, std::string_view name) {
            QCOMPARE(std::string(name), list[k]);
            seen.emplace_back(name);
        });
        QCOMPARE(seen, (std::vector<std::string>{"", "user:{7}", "10.0.0.2:11211"}));
        QCOMPARE(names.find("10.0.0.2:11211"), std::optional<size_t>(0));
        QCOMPARE(names.find(""), std::optional<size_t>(1));
        QCOMPARE(names.find("10.0.0.2"), std::nullopt);
        const KeyNames head = names.first(3);
        QCOMPARE(head.toVector(), (std::vector<std::string>(list.begin(), list.begin() + 3)));
        QCOMPARE(names.first(99).toVector(), list);
        QCOMPARE(names.first(0).size(), size_t{0});
        KeyNames copy = head;
        copy.append("more");  // a copy grows apart from the original
        QCOMPARE(copy.size(), size_t{4});
        QCOMPARE(head.size(), size_t{3});
        QCOMPARE(copy[3], std::string("more"));
    }

    // Names under 256 bytes are kept as one length byte each, with every 64th name's start; the
    // first longer name turns them into ends. Every name reads back the same, whether appended
    // one at a time or a batch at a time, across the groups of 64 and across that change.
    void shortNamesThenALongOne() {
        std::vector<std::string> list;
        for (size_t i = 0; i < 300; ++i) {
            list.push_back(i % 7 == 0 ? std::string() : "k" + std::string(i % 255, 'a'));
        }
        std::string long_(256, 'L');  // the first name past a byte's length
        KeyNames one;
        KeyNames batched;
        KeyBatch batch;
        for (size_t i = 0; i < list.size(); ++i) {
            one.append(list[i]);
            batch.add(list[i], uint32_t(i + 1));
            if (batch.size() == 50) {
                batched.append(batch);
                batch.clear();
            }
        }
        batched.append(batch);
        QVERIFY(one == list);
        QVERIFY(batched == list);
        QCOMPARE(keyVolume(one).bytes,
                 std::accumulate(list.begin(), list.end(), uint64_t{0},
                                 [](uint64_t n, const std::string& s) { return n + s.size(); }));
        QCOMPARE(keyVolume(one).longest, uint64_t{255});
        for (size_t k : {size_t{0}, size_t{63}, size_t{64}, size_t{65}, size_t{199}, size_t{299}}) {
            QCOMPARE(one[k], list[k]);
        }
        batch.clear();
        batch.add("after", 1);
        batch.add(long_, 2);
        one.append(long_);
        batched.append(batch);
        list.push_back(long_);
        QVERIFY(one == list);
        QCOMPARE(keyVolume(one).longest, uint64_t{256});
        list.pop_back();
        list.push_back("after");
        list.push_back(long_);
        QVERIFY(batched == list);
        QCOMPARE(keyVolume(batched).longest, uint64_t{256});
        QCOMPARE(batched.find(long_), std::optional<size_t>(301));
        QCOMPARE(batched.find("after"), std::optional<size_t>(300));
        QCOMPARE(batched.first(299).toVector(),
                 std::vector<std::string>(list.begin(), list.begin() + 299));
        const KeyNames copy = batched;
        QVERIFY(copy == batched);
        std::vector<std::string> seen;
        batched.forEach(295, 302, [&](size_t, std::string_view name) { seen.emplace_back(name); });
        QCOMPARE(seen, std::vector<std::string>(list.begin() + 295, list.end()));
    }

    // A million-line key file costs its bytes and about two more per key (each name's length,
    // its line end reserved while reading), not a string object per key.
    void keyFileNamesCostTheirBytes() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("users.txt")).toStdString();
        const size_t count = 1'000'000;
        size_t bytes = 0;
        {
            std::ofstream out(path, std::ios::binary);
            KeyNames::pattern("user:{i}:profile", 0, count)
                .forEach(0, count, [&](size_t, std::string_view name) {
                    out << name << '\n';
                    bytes += name.size();
                });
        }
        KeyLines lines;
        const KeyNames names = readKeyFile(path, &lines);
        QCOMPARE(names.size(), count);
        QVERIFY(names == KeyNames::pattern("user:{i}:profile", 0, count));
        QVERIFY2(names.storedBytes() <= bytes + count + 2 * count,
                 qPrintable(QString::number(names.storedBytes())));
        QCOMPARE(*lines.of(count - 1), uint32_t(count));
        QCOMPARE(lines.storedRuns(), size_t{1});  // no blank line: one run of lines
    }

    // Lines are kept as runs of keys on consecutive lines; every key reads back its line.
    void keyLinesAsRuns() {
        const std::vector<uint32_t> lines{1, 2, 3, 5, 6, 9, 10, 11, 12};
        KeyLines runs(lines);
        QCOMPARE(runs.size(), lines.size());
        QCOMPARE(runs.storedRuns(), size_t{3});
        QCOMPARE(runs.toVector(), lines);
        QCOMPARE(runs.of(lines.size()), std::nullopt);
        QCOMPARE(runs.first(4).toVector(), (std::vector<uint32_t>{1, 2, 3, 5}));
        QCOMPARE(runs.first(4).storedRuns(), size_t{2});
        QVERIFY(runs.first(4) == KeyLines(std::vector<uint32_t>{1, 2, 3, 5}));
        QCOMPARE(KeyLines::numbered(3).toVector(), (std::vector<uint32_t>{1, 2, 3}));
        QVERIFY(KeyLines::numbered(3) == KeyLines(std::vector<uint32_t>{1, 2, 3}));
        QVERIFY(KeyLines::numbered(0).empty());
        // The reader's line count saturates at 2^32 - 1: so do the runs, without a run per key.
        const uint32_t top = UINT32_MAX;
        KeyLines high(std::vector<uint32_t>{top - 1, top, top, top});
        QCOMPARE(high.toVector(), (std::vector<uint32_t>{top - 1, top, top, top}));
        QCOMPARE(high.storedRuns(), size_t{1});
    }

    void patternStoresNoNames() {
        // Ten million pattern keys hold no per-key storage until hashed; sizes and requests are
        // stored only when the spec asks for them.
        KeySetSpec spec;
        spec.pattern = "session-{i}";
        spec.count = 10'000'000;
        const KeySet keys = generateKeys(spec);
        QVERIFY(keys.names.isPattern());
        QCOMPARE(keys.size(), size_t(10'000'000));
        QVERIFY(keys.sizes.empty());
        QVERIFY(keys.requests.empty());
        QCOMPARE(keys.sizeOf(9'999'999), uint64_t(1));
        QCOMPARE(keys.requestsOf(9'999'999), 1e6 / 1e7);
        QCOMPARE(keys.names[9'999'999], std::string("session-9999999"));
    }

    // ---- Parallel hashing and the radix sort ---------------------------------------------

    void hashKeysSortsLikeStdSort_data() {
        QTest::addColumn<quint64>("space");
        QTest::addColumn<int>("hash");
        QTest::addColumn<bool>("positionsOnly");
        QTest::addColumn<int>("count");
        for (const bool positions : {false, true}) {
            const char* kept = positions ? ", positions" : "";
            for (const int count : {300'000, 3}) {
                // 300,000 keys: enough to split hashing and every radix pass over the threads.
                const QByteArray n = count == 3 ? " (3 keys)" : "";
                QTest::addRow("0-99, many ties%s%s", kept, n.constData())
                    << quint64(100) << int(HashKind::Xxh64) << positions << count;
                QTest::addRow("prime space%s%s", kept, n.constData())
                    << quint64(1'000'003) << int(HashKind::Fnv1a32) << positions << count;
                // 2^11 and 2^22: the first scatter takes 11 bits there, which saves a pass.
                QTest::addRow("2^11%s%s", kept, n.constData())
                    << quint64(2048) << int(HashKind::Xxh64) << positions << count;
                QTest::addRow("2^22%s%s", kept, n.constData())
                    << (quint64(1) << 22) << int(HashKind::Fnv1a32) << positions << count;
                QTest::addRow("2^32%s%s", kept, n.constData())
                    << quint64(kSpace32) << int(HashKind::Xxh64) << positions << count;
                QTest::addRow("2^33%s%s", kept, n.constData())
                    << quint64(kSpace32 * 2) << int(HashKind::Fnv1a64) << positions << count;
                QTest::addRow("2^64%s%s", kept, n.constData())
                    << quint64(kSpace64) << int(HashKind::Xxh64) << positions << count;
            }
        }
    }
    void hashKeysSortsLikeStdSort() {
        QFETCH(quint64, space);
        QFETCH(int, hash);
        QFETCH(bool, positionsOnly);
        QFETCH(int, count);
        const KeySet keys = patternKeys("order-{i}", size_t(count));
        const HashedKeys h = hashKeys(keys, KeyHashing{HashKind(hash), space, KeyEncoding::Utf8},
                                      positionsOnly ? KeyValues::Positions : KeyValues::Hashes);
        // Four bytes a position wherever every position fits in 32 bits, eight past that; the
        // key order keeps positions alone only there and only when asked.
        const bool narrow = !isFullSpace(space) && space <= kSpace32;
        QCOMPARE(h.hasHashes(), !(positionsOnly && narrow));
        QCOMPARE(h.bytes(), keys.size() * (h.hasHashes() ? 8 : 4) + keys.size() * (narrow ? 4 : 8) +
                                keys.size() * 4);
        std::vector<std::pair<uint64_t, uint32_t>> order(keys.size());
        for (size_t k = 0; k < keys.size(); ++k) {
            const uint64_t full = *hashKey(HashKind(hash), keys.names[k]);
            if (h.hasHashes()) {
                QCOMPARE(h.hash64[k], full);
            }
            order[k] = {space == kSpace64 ? full : full % space, uint32_t(k)};
            QCOMPARE(h.positionOf(k), order[k].first);
        }
        std::sort(order.begin(), order.end());
        for (size_t r = 0; r < order.size(); ++r) {
            QCOMPARE(h.sortedPositions[r], order[r].first);
            QCOMPARE(h.byPosition[r], order[r].second);
        }
        for (size_t k : {size_t(0), size_t(1), keys.size() / 2, keys.size() - 1}) {
            QCOMPARE(h.byPosition[h.rankOf(k)], uint32_t(k));
        }
        QCOMPARE(h.sortedPositions.isNarrow(), narrow);
        QCOMPARE(h.sortedPositions.bytes(), keys.size() * (narrow ? 4 : 8));
    }

    void firstRejectedKeyNamed() {
        // Two bad keys in different threads' chunks: the message names the first, as one thread
        // would.
        std::vector<std::string> names;
        for (int i = 0; i < 300'000; ++i) {
            names.push_back(std::to_string(i));
        }
        names[250'000] = "late";
        names[70'000] = "early";
        const KeySet keys = decorateKeys(names, {}, {}, 1);
        QCOMPARE(errorOf([&] { hashKeys(keys, HashKind::Identity, 1'000'000); }),
                 QStringLiteral("key 70000: key \"early\" is not a decimal unsigned integer "
                                "(keyHash identity)"));
    }

    // ---- The line reader -----------------------------------------------------------------

    void lineReaderBatches() {
        // Lines that straddle the reader's 1 MiB blocks, CRLF, blank lines and a last line
        // without its newline; batches of 1,000 keep every key's line number.
        std::string text;
        std::vector<std::string> expected;
        std::vector<uint32_t> lines;
        uint32_t line = 0;
        for (int i = 0; i < 200'000; ++i) {
            const std::string key = "key-" + std::to_string(i) + std::string(size_t(i % 7), 'x');
            text += key + (i % 3 == 0 ? "\r\n" : "\n");
            expected.push_back(key);
            lines.push_back(++line);
            if (i % 1000 == 0) {
                text += "\n";
                ++line;
            }
        }
        text += "last";
        expected.push_back("last");
        lines.push_back(++line);
        QVERIFY(text.size() > 2 * (size_t(1) << 20));
        std::istringstream in(text);
        KeyLineReader reader(in, "<test>");
        std::vector<std::string> got;
        std::vector<uint32_t> gotLines;
        KeyBatch batch;
        while (reader.next(batch, 1000)) {
            QVERIFY(batch.size() <= 1000);
            for (size_t i = 0; i < batch.size(); ++i) {
                got.emplace_back(batch.key(i));
            }
            gotLines.insert(gotLines.end(), batch.lines.begin(), batch.lines.end());
            batch.clear();
        }
        QCOMPARE(got, expected);
        QCOMPARE(gotLines, lines);
        std::istringstream again(text);
        KeyLines readLines;
        QCOMPARE(readKeyLines(again, "<test>", &readLines).toVector(), expected);
        QCOMPARE(readLines.toVector(), lines);
    }

    void sizesDrawnOneByOne() {
        // SizeDraw gives, key after key, the sizes a whole key set gets.
        for (const auto kind : {SizeSpec::Kind::Uniform, SizeSpec::Kind::LogNormal}) {
            SizeSpec sizes;
            sizes.kind = kind;
            sizes.min = 10;
            sizes.max = 5000;
            const KeySet keys = decorateKeys(KeyNames::pattern("k{i}", 0, 1000), sizes, {}, 42);
            SizeDraw draw(sizes, 42);
            for (size_t k = 0; k < keys.size(); ++k) {
                QCOMPARE(draw.next(), keys.sizes[k]);
            }
        }
    }

    void hashedKeysSorted() {
        const KeySet keys = patternKeys("{i}", 100);
        const HashedKeys h = hashKeys(keys, HashKind::Xxh64, 10);
        QCOMPARE(h.positionOf(37), *hashKey(HashKind::Xxh64, "37") % 10);
        for (size_t i = 1; i < h.byPosition.size(); ++i) {
            QVERIFY(h.positionOf(h.byPosition[i - 1]) <= h.positionOf(h.byPosition[i]));
        }
        // Identity keys are their positions: within the space, never wrapped into it as a hash
        // is reduced (tokens outside the space are refused too).
        QCOMPARE(hashKeys(keys, HashKind::Identity, 100).positionOf(37), uint64_t(37));
        QCOMPARE(errorOf([&] { hashKeys(keys, HashKind::Identity, 10); }),
                 QStringLiteral("key 10: key \"10\" is outside the hash space [0, 10) (keyHash "
                                "identity uses each key as its position)"));
    }

    void badSpecs() {
        KeySetSpec spec;
        spec.count = kMaxKeys + 1;
        QVERIFY(errorOf([&] { generateKeys(spec); }).startsWith(QStringLiteral("keys.count")));
        spec.count = 2;
        spec.pattern = "same";
        QVERIFY(errorOf([&] { generateKeys(spec); }).startsWith(QStringLiteral("keys.pattern")));
    }
};

QTEST_GUILESS_MAIN(TestKeySet)
#include "tst_keyset.moc"
