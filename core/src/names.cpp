#include "ringscope/names.h"

#include <algorithm>
#include <vector>

namespace ringscope {

namespace {

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

// Damerau-Levenshtein without repeated edits of one piece: one row per character of `a`, three
// rows kept.
size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) {
        previous[j] = j;
    }
    for (size_t i = 1; i <= a.size(); ++i) {
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const bool same = lower(a[i - 1]) == lower(b[j - 1]);
            row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1])) {
                row[j] = std::min(row[j], before[j - 2] + 1);  // two neighbours swapped
            }
        }
        std::swap(before, previous);
        std::swap(previous, row);
    }
    return previous[b.size()];
}

std::optional<std::string_view> nearestName(std::string_view name,
                                            std::span<const std::string_view> known) {
    std::optional<std::string_view> best;
    size_t bestDistance = 0;
    for (const std::string_view candidate : known) {
        const size_t distance = editDistance(name, candidate);
        if (distance <= std::max<size_t>(1, candidate.size() / 3) &&
            (!best || distance < bestDistance)) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}

InputError unknownFieldError(std::string_view key, std::span<const std::string_view> known,
                             const std::string& where) {
    std::string list;
    for (const std::string_view field : known) {
        list += (list.empty() ? "" : ", ") + std::string(field);
    }
    const auto nearest = nearestName(key, known);
    const std::string field = shownName(key);
    return InputError(where.empty() ? field : where + "." + field,
                      "unknown field" +
                          (nearest ? "; did you mean \"" + std::string(*nearest) + "\"?" : "") +
                          " (known: " + list + ")");
}

}  // namespace ringscope
