#pragma once
// A list that its entries join while the program starts — static objects in the files that
// define them, as Envoy's REGISTER_FACTORY registers filters — so that no list of them is kept
// by hand: the window's views (viewregistry.h), the modules' lesson terms (moduleterms.h) and
// File → New's rows (newscenario.h). Built on first use, so registrations in any order of static
// initialisation find it; kept in the order `before` gives (ties in the order they arrived);
// a second entry that clashes with one already there is a programming error that aborts at
// start-up, naming it.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace ringscope {

template <typename Entry>
class SelfRegistry {
public:
    // Every entry so far, in order.
    static const std::vector<Entry>& entries() { return list(); }

    // Adds `entry` after every entry not `before` it. `clashes(a, b)`: a and b may not both be
    // registered; `kind` and `name` name the entry in the message.
    template <typename Before, typename Clashes>
    static void add(const Entry& entry, Before before, Clashes clashes, std::string_view kind,
                    std::string_view name) {
        std::vector<Entry>& all = list();
        if (std::any_of(all.begin(), all.end(),
                        [&](const Entry& e) { return clashes(e, entry); })) {
            std::fprintf(stderr, "ringscope: the %.*s \"%.*s\" is registered twice\n",
                         int(kind.size()), kind.data(), int(name.size()), name.data());
            std::abort();
        }
        all.insert(std::upper_bound(all.begin(), all.end(), entry, before), entry);
    }

    // The first entry `matches` accepts, or nullptr.
    template <typename Matches>
    static const Entry* find(Matches matches) {
        const std::vector<Entry>& all = list();
        const auto it = std::find_if(all.begin(), all.end(), matches);
        return it == all.end() ? nullptr : &*it;
    }

private:
    static std::vector<Entry>& list() {
        static std::vector<Entry> all;
        return all;
    }
};

}  // namespace ringscope
