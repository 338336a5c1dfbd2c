#include "lesson.h"

#include "enumnames.h"

namespace ringscope::lesson {

std::string_view languageCode(Language language) {
    switch (language) {
        case Language::English:
            return "en";
        case Language::Japanese:
            return "ja";
    }
    return "?";
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

std::string_view viewName(View view) {
    switch (view) {
        case View::Ring:
            return "ring";
        case View::Histogram:
            return "histogram";
        case View::Comparison:
            return "comparison";
        case View::Hrw:
            return "hrw";
        case View::Jump:
            return "jump";
        case View::ModN:
            return "modn";
        case View::Vnodes:
            return "vnodes";
    }
    return "?";
}

std::optional<View> viewFromName(std::string_view name) {
    return enumFromName(kAllViews, viewName, name);
}

std::string_view answerKindName(AnswerKind kind) {
    switch (kind) {
        case AnswerKind::Number:
            return "number";
        case AnswerKind::Node:
            return "node";
        case AnswerKind::Choice:
            return "choice";
    }
    return "?";
}

std::optional<AnswerKind> answerKindFromName(std::string_view name) {
    return enumFromName(kAllAnswerKinds, answerKindName, name);
}

}  // namespace ringscope::lesson
