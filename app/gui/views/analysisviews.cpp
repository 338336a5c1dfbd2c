#include "analysisviews.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTimer>

#include <memory>
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

void installAnalysisViews(QMainWindow* window, Document* document) {
    // One comparison model shared by the panels that show all algorithms: it is a model of the
    // document (computed off the UI thread), not a view, so sharing it keeps views independent.
    auto* comparison = new ComparisonModel(
        document, {std::begin(kComparedAlgorithms), std::end(kComparedAlgorithms)}, window);

    struct Panel {
        QWidget* widget;
        QString title;
        const char* name;  // objectName: stable across languages for saveState
    };
    const std::vector<Panel> panels = {
        {new LoadHistogramPanel(document, comparison, window), QObject::tr("Load"),
         "loadHistogramDock"},
        {new ComparisonPanel(document, comparison, window), QObject::tr("Compare algorithms"),
         "comparisonDock"},
        {new HrwPanel(document, comparison, window), QObject::tr("HRW"), "hrwDock"},
        {new JumpPanel(document, window), QObject::tr("Jump"), "jumpDock"},
        {new ModNPanel(document, window), QObject::tr("mod-N"), "modnDock"},
        {new VnodeStudyPanel(document, window), QObject::tr("Vnode study"), "vnodeStudyDock"},
        {new MaglevPanel(document, window), QObject::tr("Maglev"), "maglevDock"},
        {new RedisSlotsPanel(document, window), QObject::tr("Redis slots"), "redisSlotsDock"},
        {new BoundedLoadPanel(document, window), QObject::tr("Bounded loads"), "boundedLoadDock"},
    };
    QDockWidget* first = nullptr;
    for (const Panel& panel : panels) {
        auto* dock = new QDockWidget(panel.title, window);
        dock->setObjectName(QLatin1String(panel.name));
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
    // A scenario that turns Maglev or Redis Cluster (opened, a preset, an edit) brings its own
    // view to the front: the ring has nothing to draw for them.
    const auto dockNamed = [window](const char* name) {
        return window->findChild<QDockWidget*>(QLatin1String(name));
    };
    auto previous = std::make_shared<Algorithm>(document->scenario().algorithm);
    QObject::connect(document, &Document::scenarioChanged, window, [=] {
        const Algorithm now = document->scenario().algorithm;
        if (now == *previous) {
            return;
        }
        *previous = now;
        if (now == Algorithm::Maglev) {
            dockNamed("maglevDock")->raise();
        } else if (now == Algorithm::RedisCluster) {
            dockNamed("redisSlotsDock")->raise();
        }
    });
}

}  // namespace ringscope
