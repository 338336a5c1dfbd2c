#pragma once
// File → New: a scenario built from scratch — an algorithm or a production profile, a number of
// nodes named as that system names its hosts, and a key set — rather than a copy of a preset.
// Plain functions on values; the New Scenario dialog asks for the spec.

#include <QString>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ringscope/scenario.h"

namespace ringscope {

// The teaching ring's space, 0-99: its keys are its positions, all 100 of them.
inline constexpr uint64_t kTeachingSpace = 100;

// Nodes a profile takes at most, unless its system takes fewer: plenty for a design review, and
// Maglev's table and HRW's digests keep this many quick.
inline constexpr size_t kBlankMaxNodes = 1000;

// What a new scenario starts as: one row per profile, registered by the file that knows the
// system (the ring's and the token schemes' here, an algorithm's in its module's folder).
struct BlankProfileRow {
    std::string_view name;  // stable: "ring", "ketama", "maglev", "redis-cluster", ...
    const char* label;      // for the dialog, translated there (context "BlankScenario")
    const char* idPattern;  // node ids: "node-{n}", "10.0.1.{n}", "127.0.0.1:{n}"; "{A}": A, B, …
    int firstNumber;        // {n} of the first node
    size_t maxNodes;        // nodes the profile takes at most
    const char* hint;       // what the system does and names, for the dialog (translated there)
    int order;              // the dialog's place: lower first
    // Makes `s` (its nodes named, its keys set) this profile's scenario: the algorithm, hashes,
    // tokens, replicas and zones.
    void (*shape)(Scenario& s);
};

// Registers `row`; a second row of the same name aborts at start-up.
class BlankProfileRegistration {
public:
    explicit BlankProfileRegistration(const BlankProfileRow& row);
};

// The registered profiles in the dialog's order.
std::span<const BlankProfileRow> blankProfiles();
// The profile of that name; aborts for a name nobody registered (a programming error).
const BlankProfileRow& blankProfile(std::string_view name);
// The profile's label in the user's language.
QString blankProfileLabel(const BlankProfileRow& row);
// What the profile makes, in the user's language: how it names its nodes and what to try.
QString blankProfileHint(const BlankProfileRow& row);
// The teaching ring's name: its keys are always the 100 positions of its space.
inline constexpr std::string_view kTeachingProfile = "teaching-ring";

struct BlankScenarioSpec {
    std::string profile = "ring";  // a registered profile's name
    size_t nodes = 4;
    std::string title;
    std::string keyPattern = "key-{i}";  // the teaching ring's keys are always "{i}"
    uint64_t keys = 10'000;
};

// The scenario: `nodes` nodes of the profile (clamped to 1 … maxNodes), the key set, the title.
// Every profile's scenario places without error. O(N).
Scenario blankScenario(const BlankScenarioSpec& spec);

}  // namespace ringscope
