#include "clientspanel.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

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

// Client i's letter: A is the document's scenario, B the ring's second client, then C, D, ….
QChar clientLetter(size_t i) {
    return QChar(char16_t(u'A' + i));
}

}  // namespace

// The clients as worked out for one scenario: A, then B, C, …, every pair's disagreement, and A
// against B in full (the ring draws it). Shared, read-only, with the next work, which reuses it.
struct ClientsCache {
    ComputedPtr a;
    ComputedPtr behind;
    std::vector<ClientView> views;     // B, C, …
    std::vector<ComputedPtr> clients;  // A, B, C, …; null where the client could not be made
    std::vector<QString> errors;       // why, per client (empty for A and the clients made)
    ClientMatrix matrix;               // zero where either client is null
    std::shared_ptr<const ClientComparison> ab;  // null when B could not be made
};

// The work's answer: the clients and the shown pair's comparison, or why there are none.
struct ClientsPanel::Job {
    std::shared_ptr<const ClientsCache> clients;
    std::shared_ptr<const ClientComparison> shown;
    std::pair<int, int> pair{0, 1};   // the pair shown
    std::pair<int, int> asked{0, 1};  // the pair asked for (another if it is no longer there)
    QString error;                    // A itself cannot be compared
    bool none = false;                // no client B
    bool withheld = false;  // a question is open: the disagreement could give its answer away
};

namespace {

// A, then each client of `views` over A's keys, and every pair's disagreement; what `cache`
// worked out for the same A and baseline is reused. A client whose scenario cannot be made (a
// token scheme for jump, a file that no longer fits) is null with its error; the others stay.
// O(C·K + C²·K·R²) for C clients, the reused ones aside.
std::shared_ptr<const ClientsCache> workOutClients(const ComputedPtr& a, const ComputedPtr& behind,
                                                   const std::vector<ClientView>& views,
                                                   const std::shared_ptr<const ClientsCache>& cache,
                                                   const Limits& limits) {
    const bool same = cache && cache->a == a && cache->behind == behind;
    if (same && cache->views == views) {
        return cache;
    }
    auto out = std::make_shared<ClientsCache>();
    out->a = a;
    out->behind = behind;
    out->views = views;
    out->clients.push_back(a);
    out->errors.resize(views.size() + 1);
    for (size_t at = 1; at <= views.size(); ++at) {
        const ClientView& view = views[at - 1];
        if (same) {
            const auto it = std::find(cache->views.begin(), cache->views.end(), view);
            if (it != cache->views.end()) {
                const size_t was = size_t(it - cache->views.begin()) + 1;
                out->clients.push_back(cache->clients[was]);
                out->errors[at] = cache->errors[was];
                continue;
            }
        }
        try {
            const std::string name = "client " + std::string(1, char('A' + at));
            const Scenario b = clientScenario(view, a->scenario, behind->scenario, name);
            out->clients.push_back(b == behind->scenario ? behind
                                   : b == a->scenario    ? a
                                                         : compute(b, a, {}, limits));
        } catch (const std::exception& e) {
            out->clients.push_back(nullptr);
            out->errors[at] = failureText(e);
        }
    }
    out->matrix = clientMatrix(out->clients);
    const bool sameB = same && !cache->views.empty() && cache->views.front() == views.front();
    if (sameB) {
        out->ab = cache->ab;
    } else if (out->clients[1]) {
        out->ab = std::make_shared<const ClientComparison>(compareClients(a, out->clients[1]));
    }
    return out;
}

// The comparison of `pair` among `clients`: A against B's is the one worked out for the ring;
// none when either client could not be made.
std::shared_ptr<const ClientComparison> pairComparison(const ClientsCache& clients,
                                                       std::pair<int, int> pair) {
    if (pair == std::pair{0, 1}) {
        return clients.ab;
    }
    const ComputedPtr& x = clients.clients[size_t(pair.first)];
    const ComputedPtr& y = clients.clients[size_t(pair.second)];
    return x && y ? std::make_shared<const ClientComparison>(compareClients(x, y)) : nullptr;
}

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
      m_add(new QToolButton(this)),
      m_remove(new QPushButton(this)),
      m_matrix(new QTableWidget(this)),
      m_chart(new MigrationChart(this)),
      m_keys(new QTableWidget(this)) {
    setUpWork();
    m_kind->addItem(tr("None"), kNoClient);
    m_kind->addItem(tr("One change behind"), int(ClientKind::Behind));
    m_kind->addItem(tr("Nodes in the other order"), int(ClientKind::ReversedOrder));
    m_kind->addItem(tr("Another key hash"), int(ClientKind::KeyHash));
    m_kind->addItem(tr("Another key encoding"), int(ClientKind::KeyEncoding));
    m_kind->addItem(tr("Another token scheme"), int(ClientKind::TokenScheme));
    m_kind->addItem(tr("A scenario file"), int(ClientKind::File));
    m_kind->setToolTip(tr("How client B differs from this scenario (client A)"));
    m_open->setToolTip(tr("Read client B from a scenario file; it looks up this scenario's keys"));
    m_add->setText(tr("Add client"));
    m_add->setToolTip(
        tr("Another client of the same keys: each pair's disagreement is shown in "
           "a matrix"));
    m_add->setPopupMode(QToolButton::InstantPopup);
    m_add->setMenu(makeAddMenu());
    m_remove->setObjectName(QStringLiteral("removeClient"));
    m_remove->hide();
    summaryLabel()->setTextFormat(Qt::RichText);
    setUpReadOnlyTable(m_keys, {tr("Key"), tr("Client A"), tr("Client B")});
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrix->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrix->setToolTip(
        tr("The share of the keys each pair of clients sends to different "
           "primaries; click a cell for that pair's nodes and keys"));
    m_matrix->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    m_matrix->hide();
    m_chart->setCaption(tr("A ↓ B →"));
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Client B:"), this));
    top->addWidget(m_kind);
    top->addWidget(m_choice);
    top->addWidget(m_open);
    top->addWidget(m_add);
    top->addWidget(m_remove);
    top->addStretch(1);
    // The matrix beside the pair's heat map and keys: a dock is wider than it is tall.
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_matrix);
    split->addWidget(m_chart);
    split->addWidget(m_keys);
    m_keys->setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("user:00000:profile")) * 2 + 80);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setStretchFactor(2, 1);
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
        if (const QString path = pickScenarioFile(tr("Open Client B")); !path.isEmpty()) {
            openClientFile(path);
        }
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        // The shown pair's second client, C or later: B is set above, and A is the document.
        std::vector<ClientView> more = this->document()->moreClients();
        const size_t index = size_t(m_shownPair.second) - 2;
        if (m_shownPair.second >= 2 && index < more.size()) {
            more.erase(more.begin() + std::ptrdiff_t(index));
            this->document()->setMoreClients(std::move(more));
        }
    });
    connect(m_matrix, &QTableWidget::cellClicked, this,
            [this](int row, int column) { showPair(row, column); });
    connect(m_keys, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (m_shown && row >= 0 && size_t(row) < m_shown->disagreeing.size()) {
            this->document()->setSelectedKey(m_shown->disagreeing[size_t(row)]);
        }
    });
    connect(document, &Document::clientViewChanged, this, [this] {
        // Other clients: A against B again, unless one was just added here (addClient).
        m_pair = std::exchange(m_addedPair, std::nullopt).value_or(std::pair{0, 1});
        m_remove->hide();
        syncChoices();
        scheduleWork();
    });
    follow({DocumentChange::Scenario, DocumentChange::Baseline, DocumentChange::QuestionOpen});
    syncChoices();
    scheduleWork();
}

ClientsPanel::~ClientsPanel() = default;

void ClientsPanel::setUpWork() {
    setWork<Job>(
        kViewDebounceMs,
        [this] {
            const Document& doc = *document();
            std::vector<ClientView> views;
            if (doc.clientView()) {
                views.push_back(*doc.clientView());
                views.insert(views.end(), doc.moreClients().begin(), doc.moreClients().end());
            }
            return [a = doc.computed(), behind = doc.baselineComputed(), views = std::move(views),
                    cache = m_cache, pair = m_pair, limits = doc.limits(),
                    withheld = doc.isQuestionOpen()] {
                Job job;
                job.withheld = withheld;
                job.asked = pair;
                if (views.empty() || withheld) {
                    job.none = true;
                    return job;
                }
                if (!a || !behind) {
                    return job;
                }
                try {
                    job.clients = workOutClients(a, behind, views, cache, limits);
                    const int n = int(job.clients->clients.size());
                    if (pair.first != pair.second && std::max(pair.first, pair.second) < n) {
                        job.pair = pair;
                    }
                    job.shown = pairComparison(*job.clients, job.pair);
                } catch (const std::exception& e) {
                    job.clients.reset();
                    job.error = failureText(e);
                }
                return job;
            };
        },
        [this](Job job) { showJob(job); });
}

QMenu* ClientsPanel::makeAddMenu() {
    auto* menu = new QMenu(this);
    const auto add = [this](QMenu* to, const QString& text, ClientKind kind, int choice) {
        to->addAction(text, this, [this, kind, choice] {
            ClientView view;
            view.kind = kind;
            view.choice = choice;
            addClient(std::move(view));
        });
    };
    add(menu, tr("One change behind"), ClientKind::Behind, 0);
    add(menu, tr("Nodes in the other order"), ClientKind::ReversedOrder, 0);
    QMenu* hashes = menu->addMenu(tr("Another key hash"));
    for (const auto& row : kKeyHashes) {
        add(hashes, qs(std::string(row.name())), ClientKind::KeyHash, int(row.value));
    }
    QMenu* encodings = menu->addMenu(tr("Another key encoding"));
    for (const auto& row : kKeyEncodingNames) {
        add(encodings, qs(std::string(row.name)), ClientKind::KeyEncoding, int(row.value));
    }
    QMenu* schemes = menu->addMenu(tr("Another token scheme"));
    for (const auto& row : kTokenSchemes) {
        add(schemes, qs(std::string(row.name())), ClientKind::TokenScheme, int(row.value));
    }
    menu->addAction(tr("A scenario file…"), this, [this] {
        if (const QString path = pickScenarioFile(tr("Add a Client")); !path.isEmpty()) {
            if (std::optional<ClientView> view = readClientFile(path)) {
                addClient(std::move(*view));
            }
        }
    });
    return menu;
}

void ClientsPanel::addClient(ClientView view) {
    Document& doc = *document();
    if (!doc.clientView()) {
        doc.setClientView(std::move(view));
        return;
    }
    if (!canAddClient()) {
        doc.rejectInput(tr("The clients view compares at most %1 clients.").arg(kMaxClients));
        return;
    }
    std::vector<ClientView> more = doc.moreClients();
    more.push_back(std::move(view));
    m_addedPair = std::pair{0, int(more.size()) + 1};  // the new client against A
    doc.setMoreClients(std::move(more));
}

bool ClientsPanel::canAddClient() const {
    const Document& doc = *document();
    return !doc.clientView() || int(doc.moreClients().size()) + 2 < kMaxClients;
}

bool ClientsPanel::worksWhileHidden() const {
    return document()->clientView().has_value();  // the ring draws B from this work
}

void ClientsPanel::showPair(int row, int column) {
    const int n = m_cache ? int(m_cache->clients.size()) : 0;
    if (row == column || row < 0 || column < 0 || row >= n || column >= n) {
        return;
    }
    m_pair = {row, column};
    m_remove->hide();  // until that pair is shown: Remove acts on the pair shown
    scheduleWork();
}

void ClientsPanel::openClientFile(const QString& path) {
    if (std::optional<ClientView> view = readClientFile(path)) {
        document()->setClientView(std::move(*view));
    }
}

QString ClientsPanel::pickScenarioFile(const QString& title) {
    return QFileDialog::getOpenFileName(this, title, document()->fileFolder(),
                                        tr("Ringscope scenarios (*.json);;All files (*)"));
}

std::optional<ClientView> ClientsPanel::readClientFile(const QString& path) {
    try {
        ClientView view;
        view.kind = ClientKind::File;
        view.file = loadScenarioFile(path);
        view.fileName = QFileInfo(path).fileName().toStdString();
        return view;
    } catch (const std::exception& e) {
        document()->rejectInput(QString::fromStdString(describeFailure(e)));
        return std::nullopt;
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
    m_add->setEnabled(canAddClient());
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
                                      bool disagree, QChar first, QChar second) {
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
                parts << (d.before.empty()  ? tr("the nodes (%2 also has %1)").arg(after, second)
                          : d.after.empty() ? tr("the nodes (only %2 has %1)").arg(before, first)
                                            : tr("the nodes (only %3 has %1, only %4 has %2)")
                                                  .arg(before, after, first, second));
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
        return disagree ? tr("Client %2 differs from client %1 in the algorithm's parameters.")
                              .arg(first, second)
                        : QString();
    }
    return tr("Client %2 differs from client %1 in %3.").arg(first, second, parts.join(tr(", ")));
}

QString ClientsPanel::clientLabel(const ClientView& view) {
    switch (view.kind) {
        case ClientKind::Behind:
            return tr("one change behind");
        case ClientKind::ReversedOrder:
            return tr("the nodes in the other order");
        case ClientKind::KeyHash:
            return tr("key hash %1").arg(qs(std::string(kKeyHashes[view.choice].name())));
        case ClientKind::KeyEncoding:
            return tr("key encoding %1").arg(qs(std::string(kKeyEncodingNames[view.choice].name)));
        case ClientKind::TokenScheme:
            return tr("token scheme %1").arg(qs(std::string(kTokenSchemes[view.choice].name())));
        case ClientKind::File:
            return qs(view.fileName);
    }
    return {};
}

void ClientsPanel::showJob(const Job& job) {
    Document& doc = *document();
    if (job.withheld || job.none || !job.clients) {
        doc.setClientComparison(nullptr);
        m_shown.reset();
        m_matrix->hide();
        m_remove->hide();
        showComparison(nullptr, job.error);
        if (job.withheld) {
            summaryLabel()->setText(answerWithheldNote());
        }
        return;
    }
    m_cache = job.clients;
    m_shownPair = job.pair;
    if (m_pair == job.asked) {
        m_pair = job.pair;  // the pair asked for may be gone: the one shown (none clicked since)
    }
    m_shown = job.shown;
    doc.setClientComparison(m_cache->ab);
    fillMatrix(*m_cache);
    const int second = m_shownPair.second;
    if (second >= 2) {
        const QChar letter = clientLetter(size_t(second));
        m_remove->setText(tr("Remove %1").arg(letter));
        m_remove->setToolTip(tr("Remove client %1: %2")
                                 .arg(letter, clientLabel(m_cache->views[size_t(second) - 1])));
    }
    m_remove->setVisible(second >= 2 && m_pair == m_shownPair);
    // The pair's error: the first of its clients that could not be made.
    QString error;
    for (const int client : {m_shownPair.first, m_shownPair.second}) {
        if (error.isEmpty()) {
            error = m_cache->errors[size_t(client)];
        }
    }
    showComparison(m_shown.get(), error);
}

// The matrix of every pair, A first: each cell the share of the keys the pair disagrees on (a
// dash where a client could not be made, its tool tip why), the shown pair's cell selected.
// Shown with three clients or more.
void ClientsPanel::fillMatrix(const ClientsCache& clients) {
    const int n = int(clients.clients.size());
    const ClientMatrix& matrix = clients.matrix;
    const bool sized = clients.a->keys && clients.a->keys->hasSizes;
    QStringList rows, columns;
    for (int i = 0; i < n; ++i) {
        const QChar letter = clientLetter(size_t(i));
        columns << QString(letter);
        rows << tr("%1 · %2").arg(letter).arg(i == 0 ? tr("this scenario")
                                                     : clientLabel(clients.views[size_t(i) - 1]));
    }
    m_matrix->clear();
    m_matrix->setRowCount(n);
    m_matrix->setColumnCount(n);
    m_matrix->setHorizontalHeaderLabels(columns);
    m_matrix->setVerticalHeaderLabels(rows);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            auto* item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignCenter);
            const QString& error = clients.errors[size_t(clients.clients[size_t(i)] ? j : i)];
            if (i == j) {
                item->setText(QStringLiteral("·"));
                item->setFlags(Qt::ItemIsEnabled);
            } else if (!error.isEmpty()) {
                item->setText(QStringLiteral("—"));
                item->setToolTip(error);
            } else {
                const ClientDisagreement& d = matrix.cells[size_t(i)][size_t(j)];
                item->setText(format::percentOf(d.keys, matrix.keys));
                QString tip = tr("Clients %1 and %2 disagree on %3 of %4 keys")
                                  .arg(clientLetter(size_t(i)))
                                  .arg(clientLetter(size_t(j)))
                                  .arg(format::count(d.keys), format::count(matrix.keys));
                if (sized) {
                    tip += tr(", %1 of %2")
                               .arg(format::bytes(d.bytes), format::bytes(matrix.totalBytes));
                }
                if (matrix.totalRequests > 0) {  // popularity: what the keys are asked for
                    tip += tr(", %1 of the requests")
                               .arg(format::percent(d.requests / matrix.totalRequests));
                }
                item->setToolTip(tip + QLatin1Char('.'));
            }
            m_matrix->setItem(i, j, item);
        }
    }
    m_matrix->setCurrentCell(m_shownPair.first, m_shownPair.second);
    m_matrix->resizeColumnsToContents();
    m_matrix->resizeRowsToContents();
    m_matrix->setFixedWidth(m_matrix->verticalHeader()->sizeHint().width() +
                            m_matrix->horizontalHeader()->length() + 2 * m_matrix->frameWidth() +
                            m_matrix->verticalScrollBar()->sizeHint().width());
    m_matrix->setVisible(n >= 3);
}

void ClientsPanel::showComparison(const ClientComparison* c, QString error) {
    const QChar first = clientLetter(size_t(m_shownPair.first));
    const QChar second = clientLetter(size_t(m_shownPair.second));
    m_keys->setHorizontalHeaderLabels(
        {tr("Key"), tr("Client %1").arg(first), tr("Client %1").arg(second)});
    m_chart->setCaption(tr("%1 ↓ %2 →").arg(first, second));
    if (!c) {
        m_chart->setExplanation({});
        refill(m_keys, 0, [](int) {});
        summaryLabel()->setText(
            !error.isEmpty()
                ? error.toHtmlEscaped()
                : tr("Pick a client B to see where two clients of the same keys disagree: one "
                     "change behind, the nodes in the other order, another key hash or token "
                     "scheme, or a scenario file; Add client compares more. Presets ▸ Clients has "
                     "examples."));
        return;
    }
    const DiffResult& d = c->diff;
    QString text;
    if (d.primaryMoved == 0) {
        text = tr("<b>Client %1 and client %2 agree</b> on the primary of every one of the %3 "
                  "keys.")
                   .arg(first)
                   .arg(second)
                   .arg(format::count(d.keys));
    } else {
        text = tr("<b>Client %1 and client %2 disagree on %3 of %4 keys (%5)</b>")
                   .arg(first)
                   .arg(second)
                   .arg(format::count(d.primaryMoved), format::count(d.keys),
                        format::percent(d.movedFraction()));
        if (c->pairs.sized) {
            text += tr(", %1 of %2").arg(format::bytes(d.bytesMoved), format::bytes(d.totalBytes));
        }
        text += tr(": a read through %2 misses where %1 wrote.").arg(first, second);
    }
    if (d.replicaOnly) {
        text += tr(" %1 more agree on the primary but not on the replicas.")
                    .arg(format::count(d.replicaOnly));
    }
    text +=
        u' ' + differencesText(c->differences, d.primaryMoved + d.replicaOnly > 0, first, second);
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
// The clients view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"clients", "clientsDock", QT_TRANSLATE_NOOP("QObject", "Clients"), 110,
     [](const ViewContext& c) -> QWidget* { return new ClientsPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
