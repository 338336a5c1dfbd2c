#include "moduleterms.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace ringscope::lesson {

namespace {

std::vector<ModuleTerm>& registered() {
    static std::vector<ModuleTerm> terms;
    return terms;
}

}  // namespace

TermRegistration::TermRegistration(const ModuleTerm& term) {
    std::vector<ModuleTerm>& terms = registered();
    const auto at =
        std::lower_bound(terms.begin(), terms.end(), term.name,
                         [](const ModuleTerm& t, std::string_view name) { return t.name < name; });
    if (at != terms.end() && at->name == term.name) {
        std::fprintf(stderr, "ringscope: the lesson term \"%.*s\" is registered twice\n",
                     int(term.name.size()), term.name.data());
        std::abort();
    }
    terms.insert(at, term);
}

const std::vector<ModuleTerm>& moduleTerms() {
    return registered();
}

}  // namespace ringscope::lesson
