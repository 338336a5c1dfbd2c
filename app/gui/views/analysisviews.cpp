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

AlgorithmViews algorithmViews(const Scenario& scenario) {
    // With bounded loads the bounded-loads view is the one to read first.
    const char* front = scenario.boundedLoadPercent ? "boundedLoadDock" : "loadHistogramDock";
    switch (scenario.algorithm) {
        case Algorithm::Ring:
            return {nullptr, front};
        case Algorithm::Rendezvous:
        case Algorithm::WeightedRendezvous:
        case Algorithm::NaiveDivRendezvous:
        case Algorithm::NaiveMulRendezvous:
            return {"hrwDock", front};
        case Algorithm::Jump:
            return {"jumpDock", front};
        case Algorithm::ModN:
            return {"modnDock", front};
        case Algorithm::Maglev:
            return {"maglevDock", front};
        case Algorithm::RedisCluster:
            return {"redisSlotsDock", front};
    }
    return {nullptr, front};
}

void installAnalysisViews(QMainWindow* window, Document* document, QStackedWidget* centre) {
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
