#include "comparisonpanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include "comparisonmodel.h"
#include "document.h"
#include "ringcolors.h"

namespace ringscope {

namespace {

// An algorithm that moves more than this many times the ideal is drawn as the outlier.
constexpr double kOutlierFactor = 2.0;

QString percent(double fraction) {
    return QStringLiteral("%1%").arg(fraction * 100.0, 0, 'f', 1);
}

}  // namespace

ComparisonPanel::ComparisonPanel(Document* document, ComparisonModel* model, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_model(model),
      m_headline(new QLabel(this)),
      m_chart(new BarChart(this)),
      m_table(new QTableWidget(0, ColumnCount, this)) {
    m_headline->setWordWrap(true);
    m_table->setHorizontalHeaderLabels({tr("Algorithm"), tr("Keys moved"), tr("Moved"), tr("Ideal"),
                                        tr("× ideal"), tr("Bytes moved"), tr("max/mean"),
                                        tr("std-dev/mean")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_table);
    setMinimumSize(320, 300);

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

void ComparisonPanel::refresh() {
    const ComparisonResult& result = m_model->result();
    const RingColors colors = RingColors::from(palette());
    const QColor normal = palette().color(QPalette::Highlight);
    const size_t before = m_document->baselineScenario().nodes.size();
    const size_t after = m_document->scenario().nodes.size();

    QString head;
    bool hasDiff = false;
    for (const AlgorithmResult& r : result.algorithms) {
        hasDiff = hasDiff || r.diff.has_value();
    }
    if (!hasDiff) {
        head =
            tr("No change since the baseline: add or remove a node or change a weight to see "
               "how many keys each algorithm moves.");
    } else {
        head = tr("Last change: <b>%1</b> (%2 → %3 nodes)")
                   .arg(result.change.isEmpty() ? tr("scenario edited") : result.change)
                   .arg(before)
                   .arg(after);
    }
    if (result.sampled()) {
        head += tr(" · sampled: the first %L1 of %L2 keys (HRW costs one SHA-256 per key and node)")
                    .arg(result.keysUsed)
                    .arg(result.keysTotal);
    } else {
        head += tr(" · %L1 keys").arg(result.keysUsed);
    }
    m_headline->setText(head);

    BarChartData data;
    data.stacked = true;
    data.title = tr("Keys moved by the last change");
    data.valueTitle = tr("% of keys");
    double ideal = 0;
    const qsizetype n = qsizetype(result.algorithms.size());
    m_table->setRowCount(int(n));
    for (qsizetype i = 0; i < n; ++i) {
        const AlgorithmResult& r = result.algorithms[size_t(i)];
        const QString name = algorithmLabel(r.compared());
        const double moved = r.diff ? r.diff->movedFraction() : 0.0;
        const double rIdeal = r.diff ? r.diff->idealFraction : 0.0;
        ideal = std::max(ideal, rIdeal);
        const bool outlier = r.diff && moved > kOutlierFactor * rIdeal && moved > 0;
        data.categories << name;
        BarSetData set{name, outlier ? colors.moved : normal, QList<qreal>(n, 0.0)};
        set.values[i] = moved * 100.0;
        data.sets.push_back(std::move(set));

        const auto cell = [this, i](int column, const QString& text, bool strong = false) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(column == Name ? Qt::AlignLeft | Qt::AlignVCenter
                                                  : Qt::AlignRight | Qt::AlignVCenter);
            QFont font = item->font();
            font.setBold(strong);
            item->setFont(font);
            m_table->setItem(int(i), column, item);
        };
        cell(Name, name, outlier);
        if (!r.error.isEmpty()) {
            cell(KeysMoved, r.error);
            for (int c = MovedPercent; c < ColumnCount; ++c) {
                cell(c, QString());
            }
            continue;
        }
        const QString none = QStringLiteral("–");
        cell(KeysMoved, r.diff ? QLocale().toString(qulonglong(r.diff->primaryMoved)) : none);
        cell(MovedPercent, r.diff ? percent(moved) : none, outlier);
        cell(IdealPercent, r.diff ? percent(rIdeal) : none);
        cell(TimesIdeal,
             r.diff && rIdeal > 0 ? QStringLiteral("%1×").arg(moved / rIdeal, 0, 'f', 2) : none,
             outlier);
        cell(BytesMoved, r.diff && r.diff->totalBytes
                             ? percent(double(r.diff->bytesMoved) / double(r.diff->totalBytes))
                             : none);
        cell(MaxOverMean, QString::number(r.stats.keys.maxOverMean, 'f', 3));
        cell(StddevOverMean, QString::number(r.stats.keys.stddevOverMean, 'f', 3));
        if (outlier) {
            m_table->item(int(i), Name)->setForeground(colors.moved);
        }
    }
    if (hasDiff) {
        data.lines.push_back({tr("ideal %1").arg(percent(ideal)),
                              palette().color(QPalette::WindowText), ideal * 100.0});
    }
    m_chart->setData(data);
}

}  // namespace ringscope
