#pragma once
// The clients view: more clients over the document's keys (B, C, …), and where they and the
// document's scenario (client A) disagree. With three clients or more, a matrix of the share of
// keys each pair disagrees on; for one pair (A and B, or the matrix cell clicked) the share and
// bytes of keys, the pairs of nodes they send a key to (the first's owner in rows, the second's
// in columns) as a heat map, and the keys in a list. The ring draws B's ring inside A's with the
// disagreeing keys marked. A client is derived from A (one change behind, the other node order,
// another key hash, key encoding or token scheme) or read from a file; it follows A's edits.

#include "analysispanel.h"
#include "clients.h"

#include <optional>
#include <utility>

class QComboBox;
class QMenu;
class QPushButton;
class QTableWidget;
class QToolButton;

namespace ringscope {

class Document;
class MigrationChart;

struct ClientsCache;

class ClientsPanel : public AnalysisPanel {
    Q_OBJECT
public:
    // The most keys the list shows (the summary counts them all).
    static constexpr int kMaxListedKeys = 1000;
    // The most clients, A included: the matrix stays readable in a dock.
    static constexpr int kMaxClients = 8;

    explicit ClientsPanel(Document* document, QWidget* parent = nullptr);
    ~ClientsPanel() override;
    const MigrationChart& chart() const { return *m_chart; }
    const QTableWidget& keyList() const { return *m_keys; }
    // The matrix: a row and a column for each client, A first; hidden with two clients.
    const QTableWidget& matrix() const { return *m_matrix; }
    // The pair the chart, the key list and the summary are about (row, column): (0, 1) = A, B.
    std::pair<int, int> shownPair() const { return m_shownPair; }
    void showPair(int row, int column);
    // Client B from `path` (a scenario file); on failure the document says why.
    void openClientFile(const QString& path);
    // Adds a client: B when there is none, else the next letter (up to kMaxClients).
    void addClient(ClientView view);

protected:
    bool worksWhileHidden() const override;

private:
    struct Job;
    bool canAddClient() const;
    // A scenario file chosen in a dialog titled `title` (empty: none).
    QString pickScenarioFile(const QString& title);
    // The client read from the scenario file `path`; none, the document saying why, when it
    // cannot be read.
    std::optional<ClientView> readClientFile(const QString& path);
    void setUpWork();
    QMenu* makeAddMenu();
    void syncChoices();
    void chooseKind();
    void showJob(const Job& job);
    void fillMatrix(const ClientsCache& clients);
    void showComparison(const ClientComparison* comparison, QString error);
    static QString clientLabel(const ClientView& view);
    static QString differencesText(const std::vector<ClientDifference>& differences, bool disagree,
                                   QChar first, QChar second);

    QComboBox* m_kind;
    QComboBox* m_choice;
    QPushButton* m_open;
    QToolButton* m_add;
    QPushButton* m_remove;
    QTableWidget* m_matrix;
    MigrationChart* m_chart;
    QTableWidget* m_keys;
    std::pair<int, int> m_pair{0, 1};                // the pair asked for (clicked)
    std::pair<int, int> m_shownPair{0, 1};           // the pair shown: what Remove acts on
    std::optional<std::pair<int, int>> m_addedPair;  // a client just added: it against A
    // The clients as last worked out, reused while A, its baseline and the clients stay.
    std::shared_ptr<const ClientsCache> m_cache;
    std::shared_ptr<const ClientComparison> m_shown;
};

}  // namespace ringscope
