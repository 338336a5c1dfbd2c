#include "clientspanel.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "document.h"
#include "failure.h"
#include "membershipchange.h"
#include "migrationpanel.h"
#include "numberformat.h"
#include "qstrings.h"
#include "ringscope/key_encoding.h"
#include "ringscope/registry.h"
#include "scenariojson.h"
#include "tablefill.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

// The work's answer: the comparison, or why there is none.
struct ClientsJob {
    std::shared_ptr<const ClientComparison> comparison;
    QString error;
    bool none = false;      // no client B
    bool withheld = false;  // a question is open: the disagreement could give its answer away
};

// The kind combo's entries: no client B, then each ClientKind.
constexpr int kNoClient = -1;

QString ownersOf(const Placement& placement, std::span<const uint32_t> owners) {
    QStringList ids;
    for (const uint32_t n : owners) {
        ids << (n < placement.nodeIds().size() ? qs(placement.nodeIds()[n]) : QStringLiteral("-"));
    }
    return ids.join(QLatin1Char(','));
}

}  // namespace

// Over 80 lines: makes the panel's widgets, their layout and connections in reading order.
ClientsPanel::ClientsPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_kind(new QComboBox(this)),
      m_choice(new QComboBox(this)),
      m_open(new QPushButton(tr("Open…"), this)),
      m_chart(new MigrationChart(this)),
      m_keys(new QTableWidget(this)) {
    setWork<ClientsJob>(
        kViewDebounceMs,
        [this] {
            const Document& doc = *this->document();
            return [a = doc.computed(), behind = doc.baselineComputed(), view = doc.clientView(),
                    limits = doc.limits(), withheld = doc.isQuestionOpen()] {
                ClientsJob job;
                job.withheld = withheld;
                if (!view || withheld) {
                    job.none = true;
                    return job;
                }
                if (!a || !behind) {
                    return job;
                }
                try {
                    const Scenario b = clientScenario(*view, a->scenario, behind->scenario);
                    ComputedPtr computed = b == behind->scenario ? behind
                                           : b == a->scenario    ? a
                                                                 : compute(b, a, {}, limits);
                    job.comparison =
                        std::make_shared<const ClientComparison>(compareClients(a, computed));
                } catch (const std::exception& e) {
                    job.error = QString::fromStdString(describeFailure(e));
                }
                return job;
            };
        },
        [this](ClientsJob job) {
            if (job.withheld) {
                this->document()->setClientComparison(nullptr);
                showComparison(nullptr, QString());
                summaryLabel()->setText(answerWithheldNote());
                return;
            }
            if (job.none) {
                showComparison(nullptr, QString());
                return;
            }
            this->document()->setClientComparison(job.comparison);
            showComparison(std::move(job.comparison), job.error);
        });
    m_kind->addItem(tr("None"), kNoClient);
    m_kind->addItem(tr("One change behind"), int(ClientKind::Behind));
    m_kind->addItem(tr("Nodes in the other order"), int(ClientKind::ReversedOrder));
    m_kind->addItem(tr("Another key hash"), int(ClientKind::KeyHash));
    m_kind->addItem(tr("Another key encoding"), int(ClientKind::KeyEncoding));
    m_kind->addItem(tr("Another token scheme"), int(ClientKind::TokenScheme));
    m_kind->addItem(tr("A scenario file"), int(ClientKind::File));
    m_kind->setToolTip(tr("How client B differs from this scenario (client A)"));
    m_open->setToolTip(tr("Read client B from a scenario file; it looks up this scenario's keys"));
    summaryLabel()->setTextFormat(Qt::RichText);
    setUpReadOnlyTable(m_keys, {tr("Key"), tr("Client A"), tr("Client B")});
    m_chart->setCaption(tr("A ↓ B →"));
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Client B:"), this));
    top->addWidget(m_kind);
    top->addWidget(m_choice);
    top->addWidget(m_open);
    top->addStretch(1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_chart);
    split->addWidget(m_keys);
    m_keys->setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("user:00000:profile")) * 2 + 80);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kPanelMargin, kPanelMargin, kPanelMargin, kPanelMargin);
    layout->setSpacing(kPanelSpacing);
    layout->addLayout(top);
    layout->addWidget(summaryLabel());
    layout->addWidget(split, 1);
    setMinimumSize(kChartPanelMinimumSize);
    connect(m_kind, &QComboBox::activated, this, [this] { chooseKind(); });
    connect(m_choice, &QComboBox::activated, this, [this] { chooseKind(); });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open Client B"), this->document()->fileFolder(),
                                         tr("Ringscope scenarios (*.json);;All files (*)"));
        if (!path.isEmpty()) {
            openClientFile(path);
        }
    });
    connect(m_keys, &QTableWidget::cellClicked, this, [this](int row, int) {
        const ClientComparison* c = this->document()->clientComparison();
        if (c && row >= 0 && size_t(row) < c->disagreeing.size()) {
            this->document()->setSelectedKey(c->disagreeing[size_t(row)]);
        }
    });
    connect(document, &Document::clientViewChanged, this, [this] {
        syncChoices();
        scheduleWork();
    });
    follow({DocumentChange::Scenario, DocumentChange::Baseline, DocumentChange::QuestionOpen});
    syncChoices();
    scheduleWork();
}

void ClientsPanel::openClientFile(const QString& path) {
    try {
        ClientView view;
        view.kind = ClientKind::File;
        view.file = loadScenarioFile(path);
        view.fileName = QFileInfo(path).fileName().toStdString();
        document()->setClientView(std::move(view));
    } catch (const std::exception& e) {
        document()->rejectInput(QString::fromStdString(describeFailure(e)));
    }
}

void ClientsPanel::syncChoices() {
    const std::optional<ClientView>& view = document()->clientView();
    const int kind = view ? int(view->kind) : kNoClient;
    m_kind->setCurrentIndex(m_kind->findData(kind));
    m_choice->clear();
    switch (view ? view->kind : ClientKind::Behind) {
        case ClientKind::KeyHash:
            for (const auto& row : kKeyHashes) {
                m_choice->addItem(qs(std::string(row.name())), int(row.value));
            }
            break;
        case ClientKind::KeyEncoding:
            for (const auto& row : kKeyEncodingNames) {
                m_choice->addItem(qs(std::string(row.name)), int(row.value));
            }
            break;
        case ClientKind::TokenScheme:
            for (const auto& row : kTokenSchemes) {
                m_choice->addItem(qs(std::string(row.name())), int(row.value));
            }
            break;
        case ClientKind::File:
            m_choice->addItem(qs(view->fileName));
            break;
        case ClientKind::Behind:
        case ClientKind::ReversedOrder:
            break;
    }
    if (view && view->kind != ClientKind::File) {
        m_choice->setCurrentIndex(std::max(0, m_choice->findData(view->choice)));
    }
    m_choice->setVisible(m_choice->count() > 0);
    m_choice->setEnabled(view && view->kind != ClientKind::File);
}

void ClientsPanel::chooseKind() {
    const int kind = m_kind->currentData().toInt();
    if (kind == kNoClient) {
        document()->setClientView(std::nullopt);
        return;
    }
    const std::optional<ClientView>& now = document()->clientView();
    ClientView view;
    view.kind = ClientKind(kind);
    if (view.kind == ClientKind::File) {
        if (now && now->kind == ClientKind::File) {
            return;  // the file stays; Open… reads another
        }
        m_open->click();
        syncChoices();
        return;
    }
    const Scenario& a = document()->scenario();
    const bool sameKind = now && now->kind == view.kind;
    switch (view.kind) {
        case ClientKind::KeyHash:
            // Another hash than A's, unless the user picked one.
            view.choice = sameKind
                              ? m_choice->currentData().toInt()
                              : int(a.keyHash == HashKind::Md5 ? HashKind::Xxh64 : HashKind::Md5);
            break;
        case ClientKind::KeyEncoding:
            view.choice = sameKind ? m_choice->currentData().toInt()
                                   : int(a.keyEncoding == KeyEncoding::Utf8 ? KeyEncoding::Hex
                                                                            : KeyEncoding::Utf8);
            break;
        case ClientKind::TokenScheme:
            view.choice =
                sameKind ? m_choice->currentData().toInt()
                         : int(a.tokenScheme == TokenScheme::Twemproxy ? TokenScheme::Ketama
                                                                       : TokenScheme::Twemproxy);
            break;
        case ClientKind::Behind:
        case ClientKind::ReversedOrder:
        case ClientKind::File:
            break;
    }
    document()->setClientView(view);
}

// What differs between the two configurations, as it is (not how B was derived): a token scheme
// whose points are the same as A's is no difference, its key hash may be. Rich text, escaped.
QString ClientsPanel::differencesText(const std::vector<ClientDifference>& differences,
                                      bool disagree) {
    using What = ClientDifference::What;
    QStringList parts;
    for (const ClientDifference& d : differences) {
        const QString before = QString::fromStdString(d.before).toHtmlEscaped();
        const QString after = QString::fromStdString(d.after).toHtmlEscaped();
        switch (d.what) {
            case What::Algorithm:
                parts << tr("the algorithm (%1 → %2)").arg(before, after);
                break;
            case What::Points:  // the same scheme gives other points: other nodes or order
                parts << (before == after ? tr("the ring's points")
                                          : tr("the ring's points (%1 → %2)").arg(before, after));
                break;
            case What::KeyHash:
                parts << tr("the key hash (%1 → %2)").arg(before, after);
                break;
            case What::KeyEncoding:
                parts << tr("the key encoding (%1 → %2)").arg(before, after);
                break;
            case What::Space:
                parts << tr("the hash space (%1 → %2)").arg(before, after);
                break;
            case What::Nodes:
                parts << (d.before.empty() ? tr("the nodes (B also has %1)").arg(after)
                          : d.after.empty()
                              ? tr("the nodes (only A has %1)").arg(before)
                              : tr("the nodes (only A has %1, only B has %2)").arg(before, after));
                break;
            case What::NodeOrder:
                parts << tr("the order of the nodes");
                break;
            case What::Weights:
                parts << tr("the weights of %1").arg(before);
                break;
            case What::Replicas:
                parts << tr("the replicas (%1 → %2)").arg(before, after);
                break;
            case What::Down:
                parts << tr("the nodes down (%1 → %2)")
                             .arg(before.isEmpty() ? tr("none") : before,
                                  after.isEmpty() ? tr("none") : after);
                break;
        }
    }
    if (parts.isEmpty()) {  // the same algorithm, points, hash and nodes: its parameters
        return disagree ? tr("Client B differs from client A in the algorithm's parameters.")
                        : QString();
    }
    return tr("Client B differs from client A in %1.").arg(parts.join(tr(", ")));
}

void ClientsPanel::showComparison(std::shared_ptr<const ClientComparison> c, QString error) {
    if (!c) {
        m_chart->setExplanation({});
        refill(m_keys, 0, [](int) {});
        summaryLabel()->setText(
            !error.isEmpty()
                ? error.toHtmlEscaped()
                : tr("Pick a client B to see where two clients of the same keys disagree: one "
                     "change behind, the nodes in the other order, another key hash or token "
                     "scheme, or a scenario file. Presets ▸ Two clients has three examples."));
        return;
    }
    const DiffResult& d = c->diff;
    QString text;
    if (d.primaryMoved == 0) {
        text = tr("<b>Client A and client B agree</b> on the primary of every one of the %1 keys.")
                   .arg(format::count(d.keys));
    } else {
        text = tr("<b>Client A and client B disagree on %1 of %2 keys (%3)</b>")
                   .arg(format::count(d.primaryMoved), format::count(d.keys),
                        format::percent(d.movedFraction()));
        if (c->pairs.sized) {
            text += tr(", %1 of %2").arg(format::bytes(d.bytesMoved), format::bytes(d.totalBytes));
        }
        text += tr(": a read through B misses where A wrote.");
    }
    if (d.replicaOnly) {
        text += tr(" %1 more agree on the primary but not on the replicas.")
                    .arg(format::count(d.replicaOnly));
    }
    text += u' ' + differencesText(c->differences, d.primaryMoved + d.replicaOnly > 0);
    summaryLabel()->setText(text);
    const Placement& pa = c->a->placement;
    const Placement& pb = c->b->placement;
    const int rows = int(std::min<size_t>(c->disagreeing.size(), kMaxListedKeys));
    refill(m_keys, rows, [&](int row) {
        const size_t k = c->disagreeing[size_t(row)];
        m_keys->setItem(row, 0, new QTableWidgetItem(qs(c->a->keys->names[k])));
        m_keys->setItem(row, 1, new QTableWidgetItem(ownersOf(pa, c->a->assignment.ownersOf(k))));
        m_keys->setItem(row, 2, new QTableWidgetItem(ownersOf(pb, c->b->assignment.ownersOf(k))));
    });
    MigrationExplanation pairs = c->pairs;
    m_chart->setExplanation(std::move(pairs));
}

namespace {
// The Two clients view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"clients", "clientsDock", QT_TRANSLATE_NOOP("QObject", "Two clients"), 110,
     [](const ViewContext& c) -> QWidget* { return new ClientsPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
