#include "moduleterms.h"

#include "ringscope/selfregistry.h"

namespace ringscope::lesson {

namespace {

using Terms = SelfRegistry<ModuleTerm>;

}  // namespace

TermRegistration::TermRegistration(const ModuleTerm& term) {
    Terms::add(
        term, [](const ModuleTerm& a, const ModuleTerm& b) { return a.name < b.name; },
        [](const ModuleTerm& a, const ModuleTerm& b) { return a.name == b.name; }, "lesson term",
        term.name);
}

const std::vector<ModuleTerm>& moduleTerms() {
    return Terms::entries();
}

}  // namespace ringscope::lesson
