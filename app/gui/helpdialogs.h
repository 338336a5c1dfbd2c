#pragma once
// The Help menu's pages: About, the keyboard shortcuts (read from the window's own actions, so
// the list cannot drift from the menus), and a short guide to reading the ring.

class QString;
class QWidget;

namespace ringscope {

void showAbout(QWidget* window);
// Every action of the window's menu bar that has a shortcut, menu by menu.
void showShortcuts(QWidget* window);
void showRingGuide(QWidget* window);

// The guide's text (rich text), for the dialog and the tests.
QString ringGuideText();

}  // namespace ringscope
