#include "viewregistry.h"

#include <cstring>

#include "ringscope/selfregistry.h"

namespace ringscope {

namespace {

using Views = SelfRegistry<ViewEntry>;

}  // namespace

ViewRegistration::ViewRegistration(const ViewEntry& entry) {
    Views::add(
        entry, [](const ViewEntry& a, const ViewEntry& b) { return a.order < b.order; },
        [](const ViewEntry& a, const ViewEntry& b) {
            return a.view == b.view || std::strcmp(a.dock, b.dock) == 0;
        },
        "view", entry.view);
}

const std::vector<ViewEntry>& registeredViews() {
    return Views::entries();
}

const ViewEntry* registeredView(std::string_view view) {
    return Views::find([&](const ViewEntry& e) { return e.view == view; });
}

}  // namespace ringscope
