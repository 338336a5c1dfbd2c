#include "jsonfields.h"

#include <algorithm>
#include <span>

#include "ringscope/names.h"

namespace ringscope {

void allowOnlyFields(const QJsonObject& object, std::span<const std::string_view> known,
                     const std::string& where) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = it.key().toStdString();
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            throw unknownFieldError(key, known, where);
        }
    }
}

}  // namespace ringscope
