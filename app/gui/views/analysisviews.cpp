#include "analysisviews.h"

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QTimer>

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "boundedloadpanel.h"
#include "clientspanel.h"
#include "comparisonmodel.h"
#include "comparisonpanel.h"
#include "document.h"
#include "hrwpanel.h"
#include "jumppanel.h"
#include "loadhistogrampanel.h"
#include "maglevpanel.h"
#include "migrationpanel.h"
#include "modnpanel.h"
#include "redisslotspanel.h"
#include "vnodestudypanel.h"

namespace ringscope {

namespace {

// Each dock's view name (lesson::viewNames(); the one an algorithm's traits call its own) and
// objectName (stable across languages for saveState), in the order of the tabs.
struct ViewDock {
    std::string_view view;
    const char* dock;
};
constexpr ViewDock kViewDocks[] = {
    {"histogram", "loadHistogramDock"},
    {"comparison", "comparisonDock"},
    {"hrw", "hrwDock"},
    {"jump", "jumpDock"},
    {"modn", "modnDock"},
    {"vnodes", "vnodeStudyDock"},
    {"maglev", "maglevDock"},
    {"redis-slots", "redisSlotsDock"},
    {"bounded-loads", "boundedLoadDock"},
    {"migration", "migrationDock"},
    {"clients", "clientsDock"},
};

// The objectName of the dock that shows `view`, or nullptr (the ring is the middle's own).
const char* dockNameOf(std::string_view view) {
    for (const ViewDock& d : kViewDocks) {
        if (d.view == view) {
            return d.dock;
        }
    }
    return nullptr;
}

// The view name a dock shows, as a property of the dock.
constexpr char kViewProperty[] = "ringscopeView";

}  // namespace

AlgorithmViews algorithmViews(const Scenario& scenario) {
    // With bounded loads the bounded-loads view is the one to read first.
    const char* front = dockNameOf(scenario.boundedLoadPercent ? "bounded-loads" : "histogram");
    // The view the algorithm calls its own draws it in the middle; a ring draws itself.
    return {dockNameOf(algorithmOf(scenario).traits().view), front};
}

QDockWidget* dockOfView(QMainWindow* window, std::string_view view) {
    const QString name = QString::fromLatin1(view.data(), qsizetype(view.size()));
    for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
        if (dock->property(kViewProperty).toString() == name) {
            return dock;
        }
    }
    return nullptr;
}

void installAnalysisViews(QMainWindow* window, Document* document, QStackedWidget* centre) {
    // One comparison model shared by the panels that show all algorithms: it is a model of the
    // document (computed off the UI thread), not a view, so sharing it keeps views independent.
    auto* comparison = new ComparisonModel(document, comparedAlgorithms(), window);

    struct Panel {
        QWidget* widget;
        QString title;
        std::string_view view;  // kViewDocks
    };
    const std::vector<Panel> panels = {
        {new LoadHistogramPanel(document, comparison, window), QObject::tr("Load"), "histogram"},
        {new ComparisonPanel(document, comparison, window), QObject::tr("Compare algorithms"),
         "comparison"},
        {new HrwPanel(document, comparison, window), QObject::tr("HRW"), "hrw"},
        {new JumpPanel(document, window), QObject::tr("Jump"), "jump"},
        {new ModNPanel(document, window), QObject::tr("mod-N"), "modn"},
        {new VnodeStudyPanel(document, window), QObject::tr("Vnode study"), "vnodes"},
        {new MaglevPanel(document, window), QObject::tr("Maglev"), "maglev"},
        {new RedisSlotsPanel(document, window), QObject::tr("Redis slots"), "redis-slots"},
        {new BoundedLoadPanel(document, window), QObject::tr("Bounded loads"), "bounded-loads"},
        {new MigrationPanel(document, window), QObject::tr("Migration"), "migration"},
        {new ClientsPanel(document, window), QObject::tr("Two clients"), "clients"},
    };
    QDockWidget* first = nullptr;
    for (const Panel& panel : panels) {
        auto* dock = new QDockWidget(panel.title, window);
        dock->setObjectName(QLatin1String(dockNameOf(panel.view)));
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
    // Each view in the middle of the window leaves a note in its dock.
    struct Moved {
        QDockWidget* dock;
        QWidget* panel;
        QLabel* note;
    };
    auto moved = std::make_shared<std::optional<Moved>>();
    const auto dockNamed = [window](const char* name) {
        return window->findChild<QDockWidget*>(QLatin1String(name));
    };
    const auto place = [=](const char* centreDock) {
        QDockWidget* wanted = centreDock ? dockNamed(centreDock) : nullptr;
        if (*moved && (*moved)->dock != wanted) {  // back to its dock
            const Moved back = **moved;
            centre->removeWidget(back.panel);
            back.dock->setWidget(back.panel);  // the note leaves the dock, kept for next time
            moved->reset();
        }
        if (!wanted) {
            centre->setCurrentIndex(0);  // the ring
            return;
        }
        if (!*moved) {
            auto* note = wanted->findChild<QLabel*>(QStringLiteral("centreNote"));
            if (!note) {
                note = new QLabel(wanted);
                note->setObjectName(QStringLiteral("centreNote"));
                note->setWordWrap(true);
                note->setAlignment(Qt::AlignCenter);
                note->setMargin(12);
            }
            note->setText(QObject::tr("The %1 view is in the middle of the window: this "
                                      "scenario's algorithm draws no ring.")
                              .arg(wanted->windowTitle()));
            QWidget* panel = wanted->widget();
            wanted->setWidget(note);
            note->show();
            centre->addWidget(panel);
            panel->show();
            *moved = Moved{wanted, panel, note};
        }
        centre->setCurrentWidget((*moved)->panel);
    };
    auto shown = std::make_shared<std::optional<AlgorithmViews>>();
    auto algorithm = std::make_shared<std::optional<Algorithm>>();
    const auto follow = [=](bool opened) {
        const AlgorithmViews views = algorithmViews(document->scenario());
        if (*shown != views) {
            place(views.centreDock);
        }
        const bool newAlgorithm = *algorithm != document->scenario().algorithm;
        if ((opened || newAlgorithm) && *shown) {  // not while the window is being built
            dockNamed(views.frontDock)->raise();
        }
        *shown = views;
        *algorithm = document->scenario().algorithm;
    };
    QObject::connect(document, &Document::scenarioChanged, window, [=] { follow(false); });
    QObject::connect(document, &Document::replaced, window, [=] { follow(true); });
    follow(false);
}

bool isInCentre(const QDockWidget* dock) {
    return dock->widget() && dock->widget()->objectName() == u"centreNote";
}

QWidget* centreView(QStackedWidget* centre) {
    return centre->currentWidget();
}

}  // namespace ringscope
