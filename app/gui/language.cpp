#include "language.h"

#include <QLocale>
#include <QSettings>

namespace ringscope {

namespace {
const QString kLanguageSetting = QStringLiteral("view/language");

QString codeOf(lesson::Language language) {
    const std::string_view code = lesson::languageCode(language);
    return QString::fromLatin1(code.data(), static_cast<qsizetype>(code.size()));
}
}  // namespace

lesson::Language appLanguage() {
    const QString code = QSettings().value(kLanguageSetting).toString();
    for (const lesson::Language language : lesson::kLanguages) {
        if (code == codeOf(language)) {
            return language;
        }
    }
    return QLocale::system().language() == QLocale::Japanese ? lesson::Language::Japanese
                                                             : lesson::Language::English;
}

void setAppLanguage(lesson::Language language) {
    QSettings().setValue(kLanguageSetting, codeOf(language));
}

QString languageName(lesson::Language language) {
    switch (language) {
        case lesson::Language::English:
            return QStringLiteral("English");
        case lesson::Language::Japanese:
            return QStringLiteral("日本語");
    }
    return {};
}

}  // namespace ringscope
