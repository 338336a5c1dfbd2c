#include "verdictpanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "document.h"
#include "membershipchange.h"
#include "plaintext.h"
#include "ringscope/error.h"
#include "verdicttable.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

// A cell that sorts by its number (verdict::sortValue), names by their text.
class VerdictItem final : public QTableWidgetItem {
public:
    VerdictItem(const QString& text, double value) : QTableWidgetItem(text), m_value(value) {}
    bool operator<(const QTableWidgetItem& other) const override {
        const auto* o = dynamic_cast<const VerdictItem*>(&other);
        if (!o || (m_value == o->m_value)) {
            return text().localeAwareCompare(other.text()) < 0;
        }
        return m_value < o->m_value;
    }

private:
    double m_value;
};

}  // namespace

VerdictPanel::VerdictPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent), m_table(new QTableWidget(0, verdict::kColumns, this)) {
    setWork<Job>(
        kStudyDebounceMs,
        [this] {
            const Document& doc = *this->document();
            return [scenario = doc.scenario(), keys = doc.computed()->keys,
                    withheld = doc.isQuestionOpen(), limits = doc.limits(), cancel = m_cancel] {
                Job job;
                job.withheld = withheld;
                if (withheld) {
                    return job;
                }
                try {
                    VerdictInput input;
                    input.scenario = scenario;
                    input.keys = keys;
                    input.limits = limits;
                    input.cancel = cancel.get();
                    job.verdict = computeVerdict(input);
                } catch (const std::exception& error) {
                    job.error = QString::fromStdString(describeFailure(error));
                }
                return job;
            };
        },
        [this](Job job) { showVerdict(std::move(job)); });
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    // Registry order until a heading is clicked.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->horizontalHeader()->setSortIndicatorShown(true);
    m_table->setSortingEnabled(true);
    m_table->setObjectName(QStringLiteral("verdictTable"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kPanelMargin, kPanelMargin, kPanelMargin, kPanelMargin);
    layout->setSpacing(kPanelSpacing);
    layout->addWidget(summaryLabel());
    layout->addWidget(m_table, 1);
    setMinimumSize(kTablePanelMinimumSize);
    summaryLabel()->setText(tr("Placing the keys by every algorithm and timing its lookups…"));
    follow({DocumentChange::Scenario, DocumentChange::QuestionOpen}, [this] { request(); });
    scheduleWork();  // once shown (scheduleWork)
}

VerdictPanel::~VerdictPanel() {
    m_cancel->store(true);  // the job running stops: closing waits for it
}

void VerdictPanel::request() {
    m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    scheduleWork();
}

void VerdictPanel::showVerdict(Job job) {
    if (job.verdict && job.verdict->cancelled) {
        return;  // a newer request follows
    }
    m_verdict = std::move(job.verdict);
    const int sortColumn = m_table->horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder order = m_table->horizontalHeader()->sortIndicatorOrder();
    m_table->setSortingEnabled(false);
    m_table->setRowCount(0);
    if (job.withheld || !job.error.isEmpty() || !m_verdict) {
        summaryLabel()->setText(job.withheld ? answerWithheldNote() : job.error);
        m_table->setVisible(false);
        return;
    }
    const Verdict& v = *m_verdict;
    m_table->setVisible(true);
    for (int c = 0; c < verdict::kColumns; ++c) {
        // Short headings: the nodes added and removed are in their tips.
        auto* head = new QTableWidgetItem(verdict::header(v, verdict::Column(c), false));
        head->setToolTip(plain::tip(verdict::headerTip(v, verdict::Column(c))));
        m_table->setHorizontalHeaderItem(c, head);
    }
    m_table->setRowCount(int(v.rows.size()));
    for (size_t r = 0; r < v.rows.size(); ++r) {
        const VerdictRow& row = v.rows[r];
        for (int c = 0; c < verdict::kColumns; ++c) {
            const auto column = verdict::Column(c);
            auto* item =
                new VerdictItem(verdict::cell(v, row, column), verdict::sortValue(v, row, column));
            item->setToolTip(plain::tip(verdict::tip(v, row, column)));
            if (column != verdict::Column::Algorithm) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            if (row.algorithm == v.own) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            m_table->setItem(int(r), c, item);
        }
    }
    m_table->setSortingEnabled(true);
    if (sortColumn >= 0) {
        m_table->sortByColumn(sortColumn, order);
    }
    summaryLabel()->setText(
        verdict::summary(v) + QLatin1Char(' ') +
        tr("The scenario's own algorithm is in bold. Hover a cell for what it says; click a "
           "heading to sort."));
}

namespace {

// Which algorithm?, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"verdict", "verdictDock", QT_TRANSLATE_NOOP("QObject", "Which algorithm?"), 25,
     [](const ViewContext& c) -> QWidget* { return new VerdictPanel(c.document, c.parent); },
     true}};  // closed at the first start: opened from the View menu or a lesson

}  // namespace

}  // namespace ringscope
