#pragma once
// The clients view: a second client ("client B") over the document's keys, and where it and the
// document's scenario (client A) disagree: the share and bytes of keys, the pairs of nodes they
// send a key to (A's owner in rows, B's in columns) as a heat map, and the keys in a list. The
// ring draws B's ring inside A's with the disagreeing keys marked. Client B is derived from A
// (one change behind, the other node order, another key hash, key encoding or token scheme) or
// read from a file; it follows A's edits.

#include "analysispanel.h"
#include "clients.h"

class QComboBox;
class QPushButton;
class QTableWidget;

namespace ringscope {

class Document;
class MigrationChart;

class ClientsPanel : public AnalysisPanel {
    Q_OBJECT
public:
    // The most keys the list shows (the summary counts them all).
    static constexpr int kMaxListedKeys = 1000;

    explicit ClientsPanel(Document* document, QWidget* parent = nullptr);
    const MigrationChart& chart() const { return *m_chart; }
    const QTableWidget& keyList() const { return *m_keys; }
    // Client B from `path` (a scenario file); on failure the document says why.
    void openClientFile(const QString& path);

private:
    void syncChoices();
    void chooseKind();
    void showComparison(std::shared_ptr<const ClientComparison> comparison, QString error);
    static QString differencesText(const std::vector<ClientDifference>& differences, bool disagree);

    QComboBox* m_kind;
    QComboBox* m_choice;
    QPushButton* m_open;
    MigrationChart* m_chart;
    QTableWidget* m_keys;
};

}  // namespace ringscope
