// Key sets at scale: generating, hashing and sorting ten million pattern keys, against the floor
// of a plain radix sort of the same positions, and each key hash's throughput over a key set.
// Wall time (the work is split over the hardware threads); compare ratios within one run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "ringscope/keyset.h"
#include "ringscope/radixsort.h"

using namespace ringscope;

namespace {

KeySetSpec sessions(uint64_t count) {
    KeySetSpec spec;
    spec.pattern = "session-{i}";
    spec.count = count;
    return spec;
}

// The xxh64 hashes of the first `count` session keys, computed once per count.
const std::vector<uint64_t>& sessionHashes(uint64_t count) {
    static std::map<uint64_t, std::vector<uint64_t>> cache;
    auto& hashes = cache[count];
    if (hashes.empty()) {
        hashes = hashKeyNames(generateKeys(sessions(count)), KeyHashing{HashKind::Xxh64});
    }
    return hashes;
}

// The pattern of the key file below: the same names either way.
constexpr const char* kUserPattern = "user:{i}:profile";

// A key file of `count` lines "user:0:profile", "user:1:profile", … (10M lines: 209 MB), written
// once per count into the temporary folder and removed at exit.
const std::string& userKeyFile(uint64_t count) {
    struct Files {
        std::map<uint64_t, std::string> paths;
        ~Files() {
            for (const auto& [count, path] : paths) {
                std::remove(path.c_str());
            }
        }
    };
    static Files files;
    std::string& path = files.paths[count];
    if (path.empty()) {
        path = (std::filesystem::temp_directory_path() /
                ("ringscope-bench-keys-" + std::to_string(count) + ".txt"))
                   .string();
        std::ofstream out(path, std::ios::binary);
        KeyNames::pattern(kUserPattern, 0, count)
            .forEach(0, count, [&out](size_t, std::string_view name) { out << name << '\n'; });
    }
    return path;
}

// Opening a key set: generated (or read), hashed with xxh64 and sorted by position in 2^32.
void loadKeys(benchmark::State& state, const KeySetSpec& spec) {
    for (auto _ : state) {
        const KeySet keys = generateKeys(spec);
        const HashedKeys hashed = hashKeys(keys, HashKind::Xxh64, kSpace32);
        benchmark::DoNotOptimize(hashed.byPosition.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * state.range(0));
}

void keyCounts(benchmark::internal::Benchmark* b) {
    b->Arg(1'000'000)->Arg(10'000'000)->UseRealTime()->Unit(benchmark::kMillisecond);
}

}  // namespace

// The floor: the radix sort alone, over positions already hashed into 2^32.
static void BM_SortPositions(benchmark::State& state) {
    const auto& hashes = sessionHashes(uint64_t(state.range(0)));
    for (auto _ : state) {
        const PositionOrder order = sortByPosition(hashes, kSpace32);
        benchmark::DoNotOptimize(order.keys.data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * state.range(0));
}
BENCHMARK(BM_SortPositions)->Apply(keyCounts);

// What opening a scenario costs before placement: the pattern's keys generated, hashed (xxh64)
// and sorted by position, as the desktop program and the loading commands do it.
static void BM_PrepareKeys(benchmark::State& state) {
    const KeySetSpec spec = sessions(uint64_t(state.range(0)));
    loadKeys(state, spec);
}
BENCHMARK(BM_PrepareKeys)->Apply(keyCounts);

// Opening a key file's keys: read into one buffer, hashed (xxh64) and sorted by position, as the
// desktop program does for a scenario whose keys are a file. Beside it, the same names from a
// pattern (never stored): what the file costs over the pattern is reading and keeping its names.
static void BM_LoadKeyFile(benchmark::State& state) {
    KeySetSpec spec;
    spec.kind = KeySetSpec::Kind::File;
    spec.file = userKeyFile(uint64_t(state.range(0)));
    loadKeys(state, spec);
    state.SetBytesProcessed(int64_t(state.iterations()) *
                            int64_t(std::filesystem::file_size(spec.file)));
}
BENCHMARK(BM_LoadKeyFile)->Apply(keyCounts);

static void BM_LoadKeyPattern(benchmark::State& state) {
    KeySetSpec spec;
    spec.pattern = kUserPattern;
    spec.count = uint64_t(state.range(0));
    loadKeys(state, spec);
}
BENCHMARK(BM_LoadKeyPattern)->Apply(keyCounts);

// Each key hash over a million pattern keys ("session-0" … "session-999999", 14.9 bytes on
// average), generated and hashed on every thread: bytes/s and keys/s.
static void BM_HashKeys(benchmark::State& state) {
    const auto kind = static_cast<HashKind>(state.range(0));
    const KeySet keys = generateKeys(sessions(1'000'000));
    int64_t bytes = 0;
    keys.names.forEach(0, keys.size(),
                       [&bytes](size_t, std::string_view name) { bytes += int64_t(name.size()); });
    for (auto _ : state) {
        benchmark::DoNotOptimize(hashKeyNames(keys, KeyHashing{kind}).data());
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(keys.size()));
    state.SetBytesProcessed(int64_t(state.iterations()) * bytes);
    state.SetLabel(std::string(hashName(kind)));
}
BENCHMARK(BM_HashKeys)->DenseRange(1, 5)->UseRealTime()->Unit(benchmark::kMillisecond);
