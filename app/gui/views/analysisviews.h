#pragma once
// Installs the analysis docks (load histograms, algorithm comparison, HRW, jump, mod-N, vnode
// study, Maglev, Redis slots, bounded loads) into a main window. Call it before the window
// restores its saved state: each dock has a stable objectName so QMainWindow::saveState remembers
// where it sits.

class QDockWidget;
class QMainWindow;

#include <string_view>

namespace ringscope {

class Document;

void installAnalysisViews(QMainWindow* window, Document* document);

// The dock installAnalysisViews made for a view (lesson::viewNames(): "histogram", "jump", ...),
// or nullptr (the ring is the central widget).
QDockWidget* dockOfView(QMainWindow* window, std::string_view view);

}  // namespace ringscope
