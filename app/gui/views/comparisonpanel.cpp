#include "comparisonpanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "analysispanel.h"
#include "comparisonmodel.h"
#include "document.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "viewregistry.h"

namespace ringscope {

namespace {
// The chart needs this much beside the table for its algorithms' names and some bar.
constexpr int kMinChartWidth = 300;
}  // namespace

namespace {

// An algorithm that moves more than this many times the ideal is drawn as the outlier.
constexpr double kOutlierFactor = 2.0;

std::vector<ComparisonNote>& registeredNotes() {
    static std::vector<ComparisonNote> notes;
    return notes;
}

const ComparisonNote* noteOf(Algorithm algorithm) {
    for (const ComparisonNote& note : registeredNotes()) {
        if (note.algorithm == algorithm) {
            return &note;
        }
    }
    return nullptr;
}

}  // namespace

ComparisonNoteRegistration::ComparisonNoteRegistration(const ComparisonNote& note) {
    if (noteOf(note.algorithm)) {
        qFatal("a second comparison note for %s",
               std::string(algorithmName(note.algorithm)).c_str());
    }
    registeredNotes().push_back(note);
}

ComparisonPanel::ComparisonPanel(Document* document, ComparisonModel* model, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_model(model),
      m_headline(new QLabel(this)),
      m_chart(new BarChart(this)),
      m_table(new QTableWidget(0, ColumnCount, this)),
      m_notes(new QLabel(this)),
      m_notCompared(new QLabel(this)) {
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::RichText);  // the change's name, escaped, in bold
    m_notes->setWordWrap(true);
    // Why an algorithm could not be compared: wrapped under the table, never widening it.
    m_notCompared->setWordWrap(true);
    m_notCompared->setTextFormat(Qt::PlainText);
    m_notCompared->setObjectName(QStringLiteral("notCompared"));
    m_notes->setTextFormat(Qt::PlainText);
    QFont small = m_notes->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_notes->setFont(small);
    m_notCompared->setFont(small);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The table takes the width its columns need (no sideways scrolling); the chart the rest.
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);

    auto* side = new QVBoxLayout;
    side->addWidget(m_table);
    side->addWidget(m_notCompared);
    side->addWidget(m_notes);
    side->addStretch();
    auto* body = new QHBoxLayout;
    body->addWidget(m_chart, 1);
    body->addLayout(side);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addLayout(body, 1);
    setMinimumSize(kPanelMinimumSize);

    connect(model, &ComparisonModel::resultChanged, this, &ComparisonPanel::refresh);
    connect(model, &ComparisonModel::busyChanged, this, [this](bool busy) {
        if (busy) {
            m_headline->setText(m_headline->text() + tr(" · computing…"));
        }
    });
    refresh();
}

QString ComparisonPanel::headline() const {
    return m_headline->text();
}

QString ComparisonPanel::notes() const {
    return m_notes->text();
}

void ComparisonPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitToWidth();
}

void ComparisonPanel::fitToWidth() {
    const int table = m_table->horizontalHeader()->length() + 2 * m_table->frameWidth();
    const bool room = width() >= table + kMinChartWidth;
    const bool changed = room != m_chart->isVisibleTo(this);
    m_chart->setVisible(room);
    if (room) {  // the table as wide as its columns, the chart the rest
        m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
        m_table->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
        m_table->setFixedWidth(table);
    } else {  // the table alone, as wide as the panel
        m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustIgnored);
        m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        m_table->setMinimumWidth(0);
        m_table->setMaximumWidth(QWIDGETSIZE_MAX);
    }
    if (changed && layout()) {
        layout()->activate();  // laid out now, not at the next event (a picture taken now)
    }
}

QString ComparisonPanel::headlineText(const ComparisonResult& result, bool hasDiff) const {
    const Scenario& before = m_document->baselineScenario();
    const Scenario& after = m_document->scenario();
    const MovedSince since = m_document->moveSummary().since;
    QString head;
    if (!hasDiff) {
        head =
            tr("No change since the baseline: add or remove a node or change a weight to see "
               "how many keys each algorithm moves.");
    } else {
        // What the numbers compare: since the last change, or since a pinned baseline (more
        // than one step, which the headline and the chart's title say).
        head =
            tr("%1: <b>%2</b> (%3 → %4 nodes)")
                .arg(changeHeading(since), result.change.isEmpty() ? tr("scenario edited")
                                                                   : result.change.toHtmlEscaped())
                .arg(before.nodes.size())
                .arg(after.nodes.size());
    }
    if (result.sampled()) {
        head += tr(" · sampled: the first %1 of %2 keys (HRW costs one SHA-256 per key and node)")
                    .arg(format::count(result.keysUsed), format::count(result.keysTotal));
    } else {
        head += tr(" · %1 keys").arg(format::count(result.keysUsed));
    }
    return head;
}

// Two-line headers keep the table narrow, so the chart beside it has room for its labels.
void ComparisonPanel::setHeaders(bool weighted, bool sized) {
    const QString ratio = weighted ? tr("ideal") : tr("mean");
    m_table->setHorizontalHeaderLabels({tr("Algorithm"), tr("Keys\nmoved"), tr("Moved"),
                                        tr("Ideal"), tr("×\nideal"), tr("Bytes\nmoved"),
                                        tr("max/\n%1").arg(ratio), tr("std-dev/\n%1").arg(ratio)});
    m_table->horizontalHeaderItem(MaxOverMean)
        ->setToolTip(weighted ? tr("The most loaded node's keys over its fair share w/Σw")
                              : tr("The most loaded node's keys over the mean"));
    m_table->setColumnHidden(BytesMoved, !sized);
}

void ComparisonPanel::setCell(int row, int column, const QString& text, bool strong) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(column == Name ? Qt::AlignLeft | Qt::AlignVCenter
                                          : Qt::AlignRight | Qt::AlignVCenter);
    QFont font = item->font();
    font.setBold(strong);
    item->setFont(font);
    m_table->setItem(row, column, item);
}

// Row `row` of an algorithm that could not run: `notApplicable` and dashes, `error` as the tips.
void ComparisonPanel::setNotApplicable(int row, const QString& notApplicable,
                                       const QString& error) {
    setCell(row, KeysMoved, notApplicable);
    for (int c = MovedPercent; c < ColumnCount; ++c) {
        setCell(row, c, QStringLiteral("–"));
    }
    for (int c = Name; c < ColumnCount; ++c) {
        m_table->item(row, c)->setToolTip(error);
    }
}

// Row `row`'s numbers: the keys and bytes moved against the ideal, and the balance.
void ComparisonPanel::setNumbers(int row, const AlgorithmResult& r, bool outlier) {
    const double moved = r.diff ? r.diff->movedFraction() : 0.0;
    const double ideal = r.diff ? r.diff->idealFraction : 0.0;
    const QString none = QStringLiteral("–");
    setCell(row, KeysMoved, r.diff ? format::count(r.diff->primaryMoved) : none);
    setCell(row, MovedPercent, r.diff ? format::percent(moved) : none, outlier);
    setCell(row, IdealPercent, r.diff ? format::percent(ideal) : none);
    setCell(row, TimesIdeal,
            r.diff && ideal > 0 ? QStringLiteral("%1×").arg(format::fixed(moved / ideal, 2)) : none,
            outlier);
    setCell(row, BytesMoved,
            r.diff && r.diff->totalBytes ? format::percent(r.diff->bytesMovedFraction(), 1) : none);
    setCell(row, MaxOverMean, format::fixed(r.stats.keys.maxOverIdeal, 3));
    setCell(row, StddevOverMean, format::fixed(r.stats.keys.stddevOverIdeal, 3));
}

void ComparisonPanel::refresh() {
    const ComparisonResult& result = m_model->result();
    const RingColors colors = RingColors::from(palette());
    const Scenario& before = m_document->baselineScenario();
    const Scenario& after = m_document->scenario();
    const MovedSince since = m_document->moveSummary().since;

    bool hasDiff = false;
    bool weighted = false;
    bool sized = false;
    for (const AlgorithmResult& r : result.algorithms) {
        hasDiff = hasDiff || r.diff.has_value();
        weighted = weighted || r.stats.weighted;
        sized = sized || (r.diff && r.diff->totalBytes > 0 && m_document->keys().hasSizes);
    }
    m_headline->setText(headlineText(result, hasDiff));
    setHeaders(weighted, sized);

    BarChartData data;
    data.stacked = true;
    data.title = tr("Keys moved %1").arg(movedSinceText(since));
    data.valueTitle = tr("% of keys");
    data.percentLabels = hasDiff;
    data.horizontal = true;
    data.valueCap = 100;  // a share of the keys
    double ideal = 0;
    QStringList notCompared;
    QStringList notes;
    const qsizetype n = qsizetype(result.algorithms.size());
    m_table->setRowCount(int(n));
    for (qsizetype i = 0; i < n; ++i) {
        const AlgorithmResult& r = result.algorithms[size_t(i)];
        const QString name = algorithmLabel(r.compared());
        const double moved = r.diff ? r.diff->movedFraction() : 0.0;
        const double rIdeal = r.diff ? r.diff->idealFraction : 0.0;
        ideal = std::max(ideal, rIdeal);
        const bool outlier = r.diff && moved > kOutlierFactor * rIdeal && moved > 0;
        data.categories << algorithmChartLabel(r.compared());
        // Each algorithm its own colour; the outlier outlined in the "moved" red.
        BarSetData set{data.categories.back(),
                       algorithmColor(r.algorithm, r.boundedLoadPercent.has_value()),
                       QList<qreal>{moved * 100.0}, outlier ? colors.moved : QColor()};
        data.sets.push_back(std::move(set));

        const auto cell = [this, i](int column, const QString& text, bool strong = false) {
            setCell(int(i), column, text, strong);
        };
        cell(Name, name, outlier);
        m_table->item(int(i), Name)
            ->setData(Qt::DecorationRole,
                      algorithmColor(r.algorithm, r.boundedLoadPercent.has_value()));
        if (!r.error.isEmpty()) {
            // No bar and no count: "n/a", and why, in the tool tips and under the table.
            const QString notApplicable = tr("n/a");
            data.valueNotes.resize(n);
            data.valueNotes[i] = notApplicable;
            setNotApplicable(int(i), notApplicable, r.error);
            notCompared << tr("%1: n/a — %2").arg(algorithmChartLabel(r.compared()), r.error);
            continue;
        }
        setNumbers(int(i), r, outlier);
        if (outlier) {
            m_table->item(int(i), Name)->setForeground(colors.moved);
        }
        if (const ComparisonNote* note = noteOf(r.algorithm)) {
            notes << note->text(before, after);
            m_table->item(int(i), Name)->setToolTip(notes.back());
        }
    }
    if (hasDiff) {
        data.lines.push_back({tr("ideal %1").arg(format::percent(ideal)), QColor(), ideal * 100.0});
    }
    m_notCompared->setText(notCompared.join(u'\n'));
    m_notes->setText(notes.join(u'\n'));
    m_notCompared->setVisible(!notCompared.isEmpty());
    m_chart->setData(data);
    m_table->resizeColumnsToContents();
    fitToWidth();
}

namespace {
// The Compare algorithms view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{{"comparison", "comparisonDock",
                              QT_TRANSLATE_NOOP("QObject", "Compare algorithms"), 20,
                              [](const ViewContext& c) -> QWidget* {
                                  return new ComparisonPanel(c.document, c.comparison, c.parent);
                              }}};
}  // namespace

}  // namespace ringscope
