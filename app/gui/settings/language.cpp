#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

#include <memory>

#include "numberformat.h"

namespace ringscope {

namespace {

const QString kLanguageSetting = QStringLiteral("view/language");

QString codeOf(Language language) {
    return QString::fromLatin1(lesson::languageCode(language));
}

struct Installed {
    Language language = Language::English;
    std::unique_ptr<QTranslator> program;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed() {
    static Installed state;
    return state;
}

}  // namespace

QString languageLabel(Language language) {
    switch (language) {
        case Language::English:
            return QStringLiteral("English");
        case Language::Japanese:
            return QStringLiteral("日本語");
    }
    return {};
}

Language languageOf(const QLocale& locale) {
    return locale.language() == QLocale::Japanese ? Language::Japanese : Language::English;
}

std::optional<Language> savedLanguage() {
    const QString code = QSettings().value(kLanguageSetting).toString();
    for (const Language language : kLanguages) {
        if (codeOf(language) == code) {
            return language;
        }
    }
    return std::nullopt;
}

void saveLanguage(Language language) {
    QSettings().setValue(kLanguageSetting, codeOf(language));
}

Language startupLanguage() {
    return savedLanguage().value_or(languageOf(QLocale::system()));
}

bool applyLanguage(Language language) {
    Installed& state = installed();
    for (auto* translator : {state.program.get(), state.qt.get()}) {
        if (translator) {
            QCoreApplication::removeTranslator(translator);
        }
    }
    state.program.reset();
    state.qt.reset();
    state.language = language;

    const QLocale locale =
        languageOf(QLocale::system()) == language ? QLocale::system() : lesson::localeOf(language);
    QLocale::setDefault(locale);
    QLocale::setDefault(format::numberLocale());  // thousands separators in "%L1" too

    bool loaded = true;
    if (language != Language::English) {  // the sources are English
        state.program = std::make_unique<QTranslator>();
        loaded = state.program->load(QStringLiteral(":/i18n/ringscope_") + codeOf(language));
        if (loaded) {
            QCoreApplication::installTranslator(state.program.get());
        }
        state.qt = std::make_unique<QTranslator>();
        if (state.qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(state.qt.get());
        }
    }
    return loaded;
}

Language currentLanguage() {
    return installed().language;
}

}  // namespace ringscope
