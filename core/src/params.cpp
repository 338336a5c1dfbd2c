#include "ringscope/params.h"

namespace ringscope {

ModuleParams::ModuleParams(const ModuleParams& other) {
    *this = other;
}

ModuleParams& ModuleParams::operator=(const ModuleParams& other) {
    if (this != &other) {
        std::vector<Slot> copy;
        copy.reserve(other.m_slots.size());
        for (const Slot& slot : other.m_slots) {
            copy.push_back({slot.key, slot.value->clone()});
        }
        m_slots = std::move(copy);
    }
    return *this;
}

const ModuleParams::Slot* ModuleParams::find(Key key) const {
    const auto it = std::find_if(m_slots.begin(), m_slots.end(),
                                 [key](const Slot& slot) { return slot.key == key; });
    return it == m_slots.end() ? nullptr : &*it;
}

ModuleParams::Slot* ModuleParams::find(Key key) {
    return const_cast<Slot*>(std::as_const(*this).find(key));
}

void ModuleParams::insert(Key key, std::unique_ptr<Base> value) {
    m_slots.push_back({key, std::move(value)});
}

bool ModuleParams::operator==(const ModuleParams& other) const {
    // Every slot of one side against the other's, an unset one counting as the defaults.
    const auto covered = [](const ModuleParams& a, const ModuleParams& b) {
        return std::all_of(a.m_slots.begin(), a.m_slots.end(), [&b](const Slot& slot) {
            const Slot* theirs = b.find(slot.key);
            return theirs ? slot.value->equals(*theirs->value) : slot.value->isDefault();
        });
    };
    return covered(*this, other) && covered(other, *this);
}

}  // namespace ringscope
