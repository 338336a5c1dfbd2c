#pragma once
// The Help menu's pages: About, the keyboard shortcuts (read from the window's own actions, so
// the list cannot drift from the menus), and a short guide to reading the ring.

#include <QString>

class QWidget;

namespace ringscope {

// A menu text as plain words: "&Open…" reads "Open", Japanese "開く(&O)…" reads "開く".
QString withoutMnemonic(QString text);

void showAbout(QWidget* window);
// Every action of the window's menu bar that has a shortcut, menu by menu.
void showShortcuts(QWidget* window);
void showRingGuide(QWidget* window);

// The guide's text (rich text), for the dialog and the tests.
QString ringGuideText();

}  // namespace ringscope
