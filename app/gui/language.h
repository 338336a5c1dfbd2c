#pragma once
// The language Ringscope writes its own words in: lesson narration now, the whole interface once
// it is translated. English or Japanese; the system locale's until the learner picks one, then
// kept in the settings.

#include <QString>

#include "lesson.h"

namespace ringscope {

lesson::Language appLanguage();
void setAppLanguage(lesson::Language language);
// The language's own name ("English", "日本語"): a learner finds their language by it, so it is
// never translated.
QString languageName(lesson::Language language);

}  // namespace ringscope
