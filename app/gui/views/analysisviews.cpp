#include "analysisviews.h"

#include <QCoreApplication>
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

#include "comparisonmodel.h"
#include "document.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

// The objectName of the dock that shows `view`, or nullptr (the ring is the middle's own).
const char* dockNameOf(std::string_view view) {
    const ViewEntry* entry = registeredView(view);
    return entry ? entry->dock : nullptr;
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

// Over 80 lines: installs every registered view and the wiring between the middle of the window and
// the docks, whose lambdas share what is moved where.
void installAnalysisViews(QMainWindow* window, Document* document, QStackedWidget* centre) {
    // One comparison model shared by the panels that show all algorithms: it is a model of the
    // document (computed off the UI thread), not a view, so sharing it keeps views independent.
    auto* comparison = new ComparisonModel(document, comparedAlgorithms(), window);

    QDockWidget* first = nullptr;
    const ViewContext context{document, comparison, window};
    for (const ViewEntry& view : registeredViews()) {  // each registered by its own file
        auto* dock = new QDockWidget(QCoreApplication::translate("QObject", view.title), window);
        dock->setObjectName(QLatin1String(view.dock));
        dock->setProperty(kViewProperty,
                          QString::fromLatin1(view.view.data(), qsizetype(view.view.size())));
        dock->setWidget(view.make(context));
        window->addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (first) {
            window->tabifyDockWidget(first, dock);
        } else {
            first = dock;
        }
        if (view.startsClosed) {
            dock->hide();
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
