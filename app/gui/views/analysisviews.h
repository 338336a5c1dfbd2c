#pragma once
// Installs the analysis docks, one for each view registered (viewregistry.h: load histograms,
// algorithm comparison, HRW, jump, mod-N, vnode study, Maglev, Redis slots, bounded loads,
// migration, two clients) into a main window. Call it before the window restores its saved
// state: each dock has a stable objectName so QMainWindow::saveState remembers where it sits.

class QDockWidget;
class QMainWindow;
class QWidget;
class QStackedWidget;

#include <string_view>

namespace ringscope {

class Document;
struct Scenario;

// Where a scenario is seen: the view in the middle of the window — the ring, or the analysis
// view that draws its algorithm, named by its dock (HRW's scores, jump's buckets, mod-N's
// buckets, Maglev's table, Redis's slot ring: the view its traits call its own) — and the
// analysis tab in front when a scenario of it opens.
struct AlgorithmViews {
    const char* centreDock = nullptr;  // nullptr: the ring
    const char* frontDock = nullptr;
    bool operator==(const AlgorithmViews&) const = default;
};
AlgorithmViews algorithmViews(const Scenario& scenario);

// Installs the docks. `centre` is the window's middle, holding the ring: the view of a scenario
// whose algorithm draws no ring moves there from its dock (whose tab then says so), and back.
// A scenario that opens (a file, a preset, New) or changes algorithm brings its front tab
// forward.
void installAnalysisViews(QMainWindow* window, Document* document, QStackedWidget* centre);

// The dock installAnalysisViews made for a view (lesson::viewNames(): "histogram", "jump", ...),
// or nullptr (the ring is the middle of the window).
QDockWidget* dockOfView(QMainWindow* window, std::string_view view);

// The view in the middle of the window now: the ring, or a panel moved there.
QWidget* centreView(QStackedWidget* centre);
// True while the dock's view is in the middle of the window (the dock holds a note).
bool isInCentre(const QDockWidget* dock);

}  // namespace ringscope
