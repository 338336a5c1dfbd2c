#include "analysisviews.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTimer>

#include <memory>
#include <string_view>
#include <vector>

#include "boundedloadpanel.h"
#include "comparisonmodel.h"
#include "comparisonpanel.h"
#include "document.h"
#include "hrwpanel.h"
#include "jumppanel.h"
#include "loadhistogrampanel.h"
#include "maglevpanel.h"
#include "modnpanel.h"
#include "redisslotspanel.h"
#include "vnodestudypanel.h"

namespace ringscope {

namespace {
// The view name a dock shows (lesson::viewNames()), as a property of the dock.
constexpr char kViewProperty[] = "ringscopeView";
}  // namespace

QDockWidget* dockOfView(QMainWindow* window, std::string_view view) {
    const QString name = QString::fromLatin1(view.data(), qsizetype(view.size()));
    for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
        if (dock->property(kViewProperty).toString() == name) {
            return dock;
        }
    }
    return nullptr;
}

void installAnalysisViews(QMainWindow* window, Document* document) {
    // One comparison model shared by the panels that show all algorithms: it is a model of the
    // document (computed off the UI thread), not a view, so sharing it keeps views independent.
    auto* comparison = new ComparisonModel(document, comparedAlgorithms(), window);

    struct Panel {
        QWidget* widget;
        QString title;
        const char* name;            // objectName: stable across languages for saveState
        std::string_view view = {};  // the view an algorithm names as its own (module traits)
    };
    const std::vector<Panel> panels = {
        {new LoadHistogramPanel(document, comparison, window), QObject::tr("Load"),
         "loadHistogramDock", "histogram"},
        {new ComparisonPanel(document, comparison, window), QObject::tr("Compare algorithms"),
         "comparisonDock", "comparison"},
        {new HrwPanel(document, comparison, window), QObject::tr("HRW"), "hrwDock", "hrw"},
        {new JumpPanel(document, window), QObject::tr("Jump"), "jumpDock", "jump"},
        {new ModNPanel(document, window), QObject::tr("mod-N"), "modnDock", "modn"},
        {new VnodeStudyPanel(document, window), QObject::tr("Vnode study"), "vnodeStudyDock",
         "vnodes"},
        {new MaglevPanel(document, window), QObject::tr("Maglev"), "maglevDock", "maglev"},
        {new RedisSlotsPanel(document, window), QObject::tr("Redis slots"), "redisSlotsDock",
         "redis-slots"},
        {new BoundedLoadPanel(document, window), QObject::tr("Bounded loads"), "boundedLoadDock",
         "bounded-loads"},
    };
    QDockWidget* first = nullptr;
    for (const Panel& panel : panels) {
        auto* dock = new QDockWidget(panel.title, window);
        dock->setObjectName(QLatin1String(panel.name));
        dock->setProperty(kViewProperty,
                          QString::fromLatin1(panel.view.data(), qsizetype(panel.view.size())));
        dock->setWidget(panel.widget);
        window->addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (first) {
            window->tabifyDockWidget(first, dock);
        } else {
            first = dock;
        }
    }
    if (first) {
        // Once the window is built: raising reorders the window's children, and the View menu
        // lists the docks in that order, which should be the tabs' (Load first).
        QTimer::singleShot(0, first, &QDockWidget::raise);
    }
    // A scenario that turns to an algorithm whose view comes first (Maglev, Redis Cluster:
    // opened, a preset, an edit) brings that view to the front: the ring has nothing to draw.
    auto previous = std::make_shared<Algorithm>(document->scenario().algorithm);
    QObject::connect(document, &Document::scenarioChanged, window, [=] {
        const Algorithm now = document->scenario().algorithm;
        if (now == *previous) {
            return;
        }
        *previous = now;
        const AlgorithmModule::Traits& traits = moduleOf(now).traits();
        if (QDockWidget* dock = traits.viewFirst ? dockOfView(window, traits.view) : nullptr) {
            dock->raise();
        }
    });
}

}  // namespace ringscope
