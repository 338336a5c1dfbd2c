#pragma once
// Installs the analysis docks (load histograms, algorithm comparison, HRW, jump, mod-N, vnode
// study, Maglev, Redis slots, bounded loads) into a main window. Call it before the window
// restores its saved state: each dock has a stable objectName so QMainWindow::saveState remembers
// where it sits.

class QMainWindow;

namespace ringscope {

class Document;

void installAnalysisViews(QMainWindow* window, Document* document);

}  // namespace ringscope
