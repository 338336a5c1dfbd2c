#include "jsonfields.h"

#include <algorithm>
#include <span>

#include "ringscope/error.h"
#include "ringscope/names.h"

namespace ringscope {

void allowOnlyFields(const QJsonObject& object, std::initializer_list<std::string_view> known,
                     const std::string& where) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = it.key().toStdString();
        if (std::find(known.begin(), known.end(), key) != known.end()) {
            continue;
        }
        std::string list;
        for (const std::string_view field : known) {
            list += (list.empty() ? "" : ", ") + std::string(field);
        }
        const auto nearest =
            nearestName(key, std::span<const std::string_view>(known.begin(), known.size()));
        const std::string field = shownName(key);
        throw InputError(where.empty() ? field : where + "." + field,
                         "unknown field" +
                             (nearest ? "; did you mean \"" + std::string(*nearest) + "\"?" : "") +
                             " (known: " + list + ")");
    }
}

}  // namespace ringscope
