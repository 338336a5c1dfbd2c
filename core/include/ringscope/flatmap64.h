#pragma once
// A hash map from 64-bit keys to small values in one array: open addressing with linear probing,
// at most two thirds full. One cache line per lookup where std::unordered_map's nodes cost two
// misses and an allocation each (10 million named tokens took 9 s, half of it there; a million
// node pairs of diff --matrix, 4.7 s). The one key the empty mark cannot hold, 2^64 - 1, has a
// slot of its own. Values are default-constructed on first use.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ringscope {

template <typename Value>
class FlatMap64 {
public:
    size_t size() const { return m_count + (m_lastTaken ? 1 : 0); }

    // Room for `count` keys without growing.
    void reserve(size_t count) {
        size_t wanted = 16;
        while (wanted < count + count / 2 + 1) {
            wanted *= 2;
        }
        if (wanted <= m_slots.size()) {
            return;
        }
        std::vector<Slot> old = std::exchange(m_slots, std::vector<Slot>(wanted, Slot{kEmpty, {}}));
        m_mask = wanted - 1;
        m_count = 0;
        for (Slot& slot : old) {
            if (slot.key != kEmpty) {
                (*this)[slot.key] = std::move(slot.value);
            }
        }
    }

    // The value of `key`, or null.
    Value* find(uint64_t key) { return const_cast<Value*>(std::as_const(*this).find(key)); }
    const Value* find(uint64_t key) const {
        if (key == kEmpty) {
            return m_lastTaken ? &m_last : nullptr;
        }
        if (m_slots.empty()) {
            return nullptr;
        }
        for (size_t i = mix(key) & m_mask;; i = (i + 1) & m_mask) {
            if (m_slots[i].key == key) {
                return &m_slots[i].value;
            }
            if (m_slots[i].key == kEmpty) {
                return nullptr;
            }
        }
    }

    // Removes `key` (nothing when it is not there); the keys after it in its run shift back into
    // the gap where their home slot allows, so that no lookup stops short of them.
    void erase(uint64_t key) {
        if (key == kEmpty) {
            m_lastTaken = false;
            m_last = Value{};
            return;
        }
        if (m_slots.empty()) {
            return;
        }
        size_t gap = mix(key) & m_mask;
        for (; m_slots[gap].key != key; gap = (gap + 1) & m_mask) {
            if (m_slots[gap].key == kEmpty) {
                return;
            }
        }
        for (size_t j = (gap + 1) & m_mask; m_slots[j].key != kEmpty; j = (j + 1) & m_mask) {
            const size_t home = mix(m_slots[j].key) & m_mask;
            // The key at j stays when its home lies cyclically in (gap, j].
            const bool stays = gap <= j ? gap < home && home <= j : gap < home || home <= j;
            if (!stays) {
                m_slots[gap] = std::move(m_slots[j]);
                gap = j;
            }
        }
        m_slots[gap] = Slot{kEmpty, {}};
        --m_count;
    }

    // The bytes of its slots.
    size_t bytes() const { return m_slots.size() * sizeof(Slot); }

    // The value of `key`, made if it is new.
    Value& operator[](uint64_t key) {
        if (key == kEmpty) {
            m_lastTaken = true;
            return m_last;
        }
        if ((m_count + 1) * 3 > m_slots.size() * 2) {
            reserve(std::max<size_t>(m_slots.size(), 8));  // doubles it
        }
        size_t i = mix(key) & m_mask;
        for (; m_slots[i].key != kEmpty && m_slots[i].key != key; i = (i + 1) & m_mask) {
        }
        if (m_slots[i].key == kEmpty) {
            m_slots[i].key = key;
            ++m_count;
        }
        return m_slots[i].value;
    }

    // f(key, value) for every key, in no particular order.
    template <typename F>
    void forEach(F f) const {
        for (const Slot& slot : m_slots) {
            if (slot.key != kEmpty) {
                f(slot.key, slot.value);
            }
        }
        if (m_lastTaken) {
            f(kEmpty, m_last);
        }
    }

private:
    struct Slot {
        uint64_t key;
        Value value;
    };
    static constexpr uint64_t kEmpty = UINT64_MAX;

    static uint64_t mix(uint64_t x) {  // SplitMix64's finaliser
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    }

    std::vector<Slot> m_slots;
    size_t m_mask = 0;
    size_t m_count = 0;  // keys held in m_slots
    bool m_lastTaken = false;
    Value m_last{};
};

}  // namespace ringscope
