#pragma once
// View → Language: the program's words in English or Japanese. Without a choice it follows the
// system locale; a choice is remembered (QSettings). The translations are compiled from
// resources/translations/ringscope_<code>.ts into the program (:/i18n); Qt's own (standard
// dialogs) come from the system's Qt translations when installed.

#include <QLocale>
#include <QString>

#include <optional>

#include "lesson.h"

namespace ringscope {

// The languages the program speaks; the lesson player reads narration in the same one.
using lesson::kLanguages;
using lesson::Language;

// "English", "日本語": each language in its own words, so anyone can find theirs.
QString languageLabel(Language language);
// The language of a locale: Japanese for ja_*, English for everything else.
Language languageOf(const QLocale& locale);

// The language chosen in View → Language, if any (QSettings "view/language": "en", "ja").
std::optional<Language> savedLanguage();
void saveLanguage(Language language);
// The chosen language, else the system locale's.
Language startupLanguage();

// Installs the translators for `language` (removing earlier ones) and makes numbers, dates and
// percentages follow it: the system locale when it speaks that language, else the language's
// own. Returns false if the program's translation could not be loaded.
bool applyLanguage(Language language);
// The language applyLanguage() installed last (English before any call).
Language currentLanguage();

}  // namespace ringscope
