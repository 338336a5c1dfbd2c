#include "lesson.h"

#include <algorithm>

namespace ringscope::lesson {

const std::vector<std::string_view>& viewNames() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out{"ring", "histogram", "comparison", "verdict"};
        for (const auto& row : kAlgorithms) {
            const std::string_view view = row.module().traits().view;
            if (std::find(out.begin(), out.end(), view) == out.end()) {
                out.push_back(view);
            }
        }
        out.insert(out.end(), {"vnodes", "bounded-loads", "migration", "clients", "replay"});
        return out;
    }();
    return names;
}

bool isViewName(std::string_view name) {
    const auto& names = viewNames();
    return std::find(names.begin(), names.end(), name) != names.end();
}

QLocale localeOf(Language language) {
    switch (language) {
        case Language::English:
            return QLocale(QLocale::English, QLocale::UnitedStates);
        case Language::Japanese:
            return QLocale(QLocale::Japanese, QLocale::Japan);
    }
    return QLocale::c();
}

const QString& Text::in(Language language) const {
    switch (language) {
        case Language::English:
            return en;
        case Language::Japanese:
            return ja;
    }
    return en;
}

QString& Text::in(Language language) {
    return const_cast<QString&>(std::as_const(*this).in(language));
}

}  // namespace ringscope::lesson
