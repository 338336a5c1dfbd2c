#pragma once
// The analysis views of the window, each registered by its own file, as Envoy's REGISTER_FACTORY
// registers a filter: a new algorithm's view is its own file's business, and no list of views is
// kept by hand. installAnalysisViews makes a dock of each, in tab order.
//
//   const ViewRegistration kModNView{{"modn", "modnDock", QT_TRANSLATE_NOOP("QObject", "mod-N"),
//                                      50, [](const ViewContext& c) -> QWidget* {...}}};
//
// Registration runs while the program starts (static objects), so ringscope_gui is an object
// library: every consumer links every view's file, none dropped by the linker.

#include <string_view>
#include <vector>

class QWidget;

namespace ringscope {

class ComparisonModel;
class Document;

// What a view is made with: the document, the comparison model the views of all algorithms
// share (computed once, off the UI thread), and the window as the parent.
struct ViewContext {
    Document* document;
    ComparisonModel* comparison;
    QWidget* parent;
};

struct ViewEntry {
    std::string_view view;  // its name: lesson::viewNames(), an algorithm's traits().view
    const char* dock;       // the dock's objectName, stable across languages for saveState
    const char* title;      // the tab's title, QT_TRANSLATE_NOOP("QObject", ...)
    int order;              // the tab's place: lower first
    QWidget* (*make)(const ViewContext& context);
    // Closed at the first start (opened from the View menu, a lesson or the middle of the
    // window when a scenario uses its algorithm): the bottom tab bar holds the views every
    // scenario reads and the classic algorithms' own, whole at the default size.
    bool startsClosed = false;
};

// Registers `entry`; a second entry of the same view name or dock aborts at start-up.
class ViewRegistration {
public:
    explicit ViewRegistration(const ViewEntry& entry);
};

// Every registered view, in tab order.
const std::vector<ViewEntry>& registeredViews();
// The entry of `view`, or nullptr (the ring is the middle's own).
const ViewEntry* registeredView(std::string_view view);

}  // namespace ringscope
