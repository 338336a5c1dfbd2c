#pragma once
// The parameters modules keep in a scenario (or in one of its nodes), each module's own struct:
// Maglev's table size, the Envoy ring's sizes, jump's bucket table, a Redis master's slots. A
// scenario holds them without knowing them, so a new module adds its parameters without
// touching the Scenario type; the module reads them from its own JSON object and writes them
// back (module.h).
//
// A parameter struct P is a regular value type: default-constructible (its defaults), copyable
// and equality-comparable. An unset P reads as P{}, and two sets compare equal when every P they
// hold compares equal, an unset one counting as P{}. Copies are deep (parameters are small).

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

namespace ringscope {

class ModuleParams {
public:
    ModuleParams() = default;
    ModuleParams(const ModuleParams& other);
    ModuleParams& operator=(const ModuleParams& other);
    ModuleParams(ModuleParams&&) noexcept = default;
    ModuleParams& operator=(ModuleParams&&) noexcept = default;
    ~ModuleParams() = default;

    // The parameters P, or P{} when unset.
    template <typename P>
    const P& get() const {
        if (const Slot* slot = find(key<P>())) {
            return static_cast<const Held<P>&>(*slot->value).value;
        }
        static const P kDefaults{};
        return kDefaults;
    }
    // P to change in place (set to P{} first when unset).
    template <typename P>
    P& edit() {
        if (Slot* slot = find(key<P>())) {
            return static_cast<Held<P>&>(*slot->value).value;
        }
        auto held = std::make_unique<Held<P>>();
        P& value = held->value;
        insert(key<P>(), std::move(held));
        return value;
    }
    template <typename P>
    void set(P value) {
        edit<P>() = std::move(value);
    }
    // Back to P{}.
    template <typename P>
    void reset() {
        std::erase_if(m_slots, [](const Slot& slot) { return slot.key == key<P>(); });
    }

    bool operator==(const ModuleParams& other) const;

private:
    using Key = const void*;
    struct Base {
        virtual ~Base() = default;
        virtual std::unique_ptr<Base> clone() const = 0;
        virtual bool equals(const Base& other) const = 0;
        virtual bool isDefault() const = 0;
    };
    template <typename P>
    struct Held final : Base {
        P value{};
        std::unique_ptr<Base> clone() const override { return std::make_unique<Held>(*this); }
        bool equals(const Base& other) const override {
            return value == static_cast<const Held&>(other).value;
        }
        bool isDefault() const override { return value == P{}; }
    };
    struct Slot {
        Key key;
        std::unique_ptr<Base> value;
    };
    // One address per parameter type, the same in every translation unit.
    template <typename P>
    static Key key() {
        static const char tag = 0;
        return &tag;
    }
    const Slot* find(Key key) const;
    Slot* find(Key key);
    void insert(Key key, std::unique_ptr<Base> value);

    std::vector<Slot> m_slots;
};

}  // namespace ringscope
