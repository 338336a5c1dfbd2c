#pragma once
// View → Theme: the desktop's own look, or Fusion with a light or a dark palette, switched at run
// time. Every view draws from the application palette, so a switch repaints everything.

#include <QPalette>
#include <QString>

#include <optional>

namespace ringscope {

enum class Theme : uint8_t { System, Light, Dark };
inline constexpr Theme kAllThemes[] = {Theme::System, Theme::Light, Theme::Dark};

QString themeLabel(Theme theme);  // "System", "Light", "Dark" (translated, for the menu)
QString themeKey(Theme theme);    // "system", "light", "dark" (for the settings)
std::optional<Theme> themeFromKey(const QString& key);

QPalette lightPalette();
QPalette darkPalette();
// Presenting to a room: black on white, a strong blue highlight, solid disabled text.
QPalette highContrastPalette();
// The colour that says "right" or "wrong" next to its words, readable on the palette's window.
QColor verdictColor(bool right, const QPalette& palette);

// Sets the application style and palette. The first call remembers the desktop's own, for System.
void applyTheme(Theme theme);

// The theme chosen last time (QSettings), System if none.
Theme savedTheme();
void saveTheme(Theme theme);

}  // namespace ringscope
