#include "viewregistry.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ringscope {

namespace {

// Built on first use, so registrations in any order of static initialisation find it.
std::vector<ViewEntry>& entries() {
    static std::vector<ViewEntry> all;
    return all;
}

}  // namespace

ViewRegistration::ViewRegistration(const ViewEntry& entry) {
    std::vector<ViewEntry>& all = entries();
    for (const ViewEntry& e : all) {
        if (e.view == entry.view || std::strcmp(e.dock, entry.dock) == 0) {
            std::fprintf(stderr, "ringscope: the view \"%.*s\" is registered twice\n",
                         int(entry.view.size()), entry.view.data());
            std::abort();
        }
    }
    const auto at = std::upper_bound(all.begin(), all.end(), entry.order,
                                     [](int order, const ViewEntry& e) { return order < e.order; });
    all.insert(at, entry);
}

const std::vector<ViewEntry>& registeredViews() {
    return entries();
}

const ViewEntry* registeredView(std::string_view view) {
    for (const ViewEntry& e : entries()) {
        if (e.view == view) {
            return &e;
        }
    }
    return nullptr;
}

}  // namespace ringscope
