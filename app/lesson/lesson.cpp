#include "lesson.h"

namespace ringscope::lesson {

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
