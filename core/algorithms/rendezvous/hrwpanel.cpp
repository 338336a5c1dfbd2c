#include "hrwpanel.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

#include "analysispanel.h"
#include "comparisonmodel.h"
#include "document.h"
#include "keyselector.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "rendezvous.h"
#include "rendezvousplacement.h"
#include "ringcolors.h"
#include "ringscope/placement.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr int kRowHeight = 26;
constexpr int kLabelWidth = 92;
constexpr int kValueWidth = 120;
constexpr int kMargin = 8;
// Given more room (the middle of the window), rows grow up to this many times their height.
constexpr double kMaxScale = 2.4;
// Below this panel height the naive shares go beside the scores rather than under them.
constexpr int kStackedHeight = 420;

}  // namespace

// ---------------------------------------------------------------------------------------------

HrwBars::HrwBars(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize HrwBars::sizeHint() const {
    return {420, int(m_data.bars.size()) * kRowHeight + 2 * kMargin};
}

QRect HrwBars::rowRect(size_t row) const {
    return row < m_rows.size() ? m_rows[row] : QRect();
}

void HrwBars::setExplanation(HrwExplanation explanation) {
    m_data = std::move(explanation);
    m_colors = nodeColors(m_data.nodes);
    updateGeometry();
    relayout();
    update();
}

void HrwBars::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
}

void HrwBars::relayout() {
    m_rows.clear();
    m_bars.clear();
    double top = 0;
    for (const HrwBar& b : m_data.bars) {
        top = std::max(top, m_data.weighted ? b.time : b.score);
    }
    // Rows as tall as the room allows, up to kMaxScale: the middle of the window draws them big.
    const size_t rows = std::max<size_t>(1, m_data.bars.size());
    m_scale =
        std::clamp(double(height() - 2 * kMargin) / double(rows * kRowHeight), 1.0, kMaxScale);
    const int rowHeight = int(kRowHeight * m_scale);
    m_labelSpace = measureLabelSpace();
    const int labelWidth = m_labelSpace;
    const int barSpace =
        std::max(20, width() - labelWidth - int(kValueWidth * textScale()) - 2 * kMargin);
    for (size_t i = 0; i < m_data.bars.size(); ++i) {
        const HrwBar& b = m_data.bars[i];
        const QRect row(kMargin, kMargin + int(i) * rowHeight, width() - 2 * kMargin, rowHeight);
        const double value = m_data.weighted ? b.time : b.score;
        const double length = top > 0 ? value / top * barSpace : 0;
        m_rows.push_back(row);
        m_bars.push_back(QRectF(row.left() + labelWidth, row.top() + 4 * m_scale,
                                std::max(1.0, length), row.height() - 8 * m_scale));
    }
}

QString HrwBars::rowLabel(const HrwBar& b) const {
    return m_data.weighted ? tr("%1 (w %2)").arg(b.node).arg(b.weight) : b.node;
}

QString HrwBars::rowValue(const HrwBar& b) const {
    const bool winner = b.rank == 0;
    const bool replica = !winner && size_t(b.rank) < m_data.replicas;
    const QString value =
        m_data.weighted ? QString::number(b.time, 'g', 4) : format::fixed(b.score, 4);
    const QString mark = winner    ? tr("  ★ winner")
                         : replica ? tr("  replica %1").arg(b.rank + 1)
                                   : QString();
    return value + mark;
}

QString HrwBars::shownLabel(const HrwBar& b) const {
    return QFontMetrics(labelFont(b.rank == 0))
        .elidedText(rowLabel(b), Qt::ElideMiddle, m_labelSpace - 6);
}

QStringList HrwBars::texts() const {
    QStringList out;
    for (const HrwBar& b : m_data.bars) {
        out << shownLabel(b) << rowValue(b);
    }
    return out;
}

double HrwBars::textScale() const {
    return std::min(m_scale, 1.6);
}

QFont HrwBars::labelFont(bool winner) const {
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * textScale());
    font.setBold(winner);
    return font;
}

int HrwBars::measureLabelSpace() const {
    // As wide as the widest label ("10.0.0.11:8080 (w 2)", bold), at least kLabelWidth and at
    // most two fifths of the width, where a label is shortened in the middle: a fixed width cut
    // "10.0.0.11:8080" to ".0.0.11:8080".
    const QFontMetrics metrics(labelFont(true));
    int widest = 0;
    for (const HrwBar& b : m_data.bars) {
        widest = std::max(widest, metrics.horizontalAdvance(rowLabel(b)));
    }
    const int least = int(kLabelWidth * textScale());
    return std::clamp(widest + 12, least, std::max(least, width() * 2 / 5));
}

void HrwBars::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    for (size_t i = 0; i < m_data.bars.size(); ++i) {
        const HrwBar& b = m_data.bars[i];
        const QRect& row = m_rows[i];
        const QRectF& bar = m_bars[i];
        const bool winner = b.rank == 0;
        const bool replica = !winner && size_t(b.rank) < m_data.replicas;
        p.setPen(colors.text);
        const QFont font = labelFont(winner);
        p.setFont(font);
        p.drawText(QRect(row.left(), row.top(), m_labelSpace - 6, row.height()),
                   Qt::AlignRight | Qt::AlignVCenter, shownLabel(b));
        p.fillRect(bar, m_colors[b.index]);
        if (winner || replica) {
            p.setPen(QPen(colors.selection, winner ? 4 : 2, winner ? Qt::SolidLine : Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawRect(bar.adjusted(-2, -2, 2, 2));
        }
        p.setPen(winner ? colors.selection : colors.text);
        p.drawText(
            QRectF(bar.right() + 6, row.top(), (kValueWidth + 60) * textScale(), row.height()),
            Qt::AlignLeft | Qt::AlignVCenter, rowValue(b));
    }
}

// ---------------------------------------------------------------------------------------------

namespace {

// A rendezvous placement whose scores take the weights (weighted HRW and the naive variants).
bool isWeightedRendezvous(Algorithm algorithm) {
    return rendezvousVariant(algorithm).value_or(HrwVariant::Plain) != HrwVariant::Plain;
}

}  // namespace

HrwPanel::HrwPanel(Document* document, ComparisonModel* comparison, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_comparison(comparison),
      m_key(new KeySelector(document, this)),
      m_weighted(new QCheckBox(tr("Weighted: −ln U / w, smallest wins"), this)),
      m_showNaive(new QCheckBox(tr("Show naive score/w and score·w shares"), this)),
      m_note(new QLabel(this)),
      m_bars(new HrwBars(this)),
      m_naiveChart(new BarChart(this)) {
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);  // it names keys and nodes
    m_naiveChart->setMinimumSize(280, 160);
    m_naiveChart->hide();
    m_algorithm = document->scenario().algorithm;
    m_weighted->setChecked(isWeightedRendezvous(m_algorithm));
    auto* toggles = new QHBoxLayout;
    toggles->addWidget(m_weighted);
    toggles->addWidget(m_showNaive);
    toggles->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_key);
    layout->addLayout(toggles);
    // The scores, and the naive shares under them — or beside them in a low dock, where under
    // them the chart would lose its legend and axis.
    auto* scores = new QVBoxLayout;
    scores->addWidget(m_bars, 1);
    scores->addWidget(m_note);
    m_body = new QBoxLayout(QBoxLayout::TopToBottom);
    m_body->addLayout(scores, 1);
    m_body->addWidget(m_naiveChart, 1);
    layout->addLayout(m_body, 1);
    setMinimumSize(kPanelMinimumSize);

    connect(m_weighted, &QCheckBox::toggled, this, &HrwPanel::refresh);
    connect(m_showNaive, &QCheckBox::toggled, this, &HrwPanel::setShowNaive);
    connect(document, &Document::scenarioChanged, this, [this] {
        // A scenario of weighted HRW (or of its naive variants) is read by its race times.
        const Algorithm now = m_document->scenario().algorithm;
        if (now != m_algorithm) {
            m_algorithm = now;
            const QSignalBlocker block(m_weighted);
            m_weighted->setChecked(isWeightedRendezvous(now));
        }
        refresh();
    });
    connect(document, &Document::selectedKeyChanged, this, &HrwPanel::refresh);
    connect(document, &Document::questionOpenChanged, this, &HrwPanel::refresh);
    connect(comparison, &ComparisonModel::resultChanged, this, &HrwPanel::refreshMoveNote);
    refresh();
    refreshMoveNote();
}

void HrwPanel::setWeighted(bool on) {
    m_weighted->setChecked(on);
}

bool HrwPanel::isWeighted() const {
    return m_weighted->isChecked();
}

QString HrwPanel::moveNote() const {
    return m_note->text();
}

void HrwPanel::refresh() {
    // While a question waits, a key's scores would name its winner: they wait too.
    const auto key = m_document->isQuestionOpen() ? std::nullopt : shownKey(*m_document);
    m_bars->setExplanation(key ? explainHrw(m_document->scenario(), m_document->placement(),
                                            m_document->keys().names[*key], m_weighted->isChecked())
                               : HrwExplanation{});
    m_bars->setVisible(key.has_value() || !m_document->isQuestionOpen());
    m_naiveChart->setVisible(m_showNaive->isChecked() && !m_document->isQuestionOpen());
    refreshMoveNote();
}

void HrwPanel::refreshMoveNote() {
    if (m_document->isQuestionOpen()) {
        m_note->setText(answerWithheldNote());
        return;
    }
    const ComparisonResult& result = m_comparison->result();
    const Algorithm algorithm =
        m_weighted->isChecked() ? Algorithm::WeightedRendezvous : Algorithm::Rendezvous;
    const AlgorithmResult* r = result.find(algorithm);
    if (!r || !r->diff) {
        m_note->setText(tr("Add a node: only the keys the new node wins move to it."));
        return;
    }
    const size_t moved = r->diff->primaryMoved;
    QString text = tr("%1 (%2): %3 of %4 keys moved (%5, ideal %6)")
                       .arg(changeHeading(m_document->moveSummary().since), result.change,
                            format::count(moved), format::count(r->diff->keys),
                            format::percent(r->diff->movedFraction()),
                            format::percent(r->diff->idealFraction));
    if (r->movedToNew > 0) {
        text += tr(" — %L1 of them to the new node: only keys it wins move.").arg(r->movedToNew);
    } else if (r->movedFromGone > 0) {
        text +=
            tr(" — %L1 of them from the removed node: only its keys move.").arg(r->movedFromGone);
    }
    m_note->setText(text);
}

void HrwPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const auto direction =
        height() < kStackedHeight ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_body->direction() != direction) {
        m_body->setDirection(direction);
    }
}

void HrwPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        refreshNaive();  // the target bars are drawn in the text colour
    }
}

void HrwPanel::setShowNaive(bool on) {
    if (m_showNaive->isChecked() != on) {
        m_showNaive->setChecked(on);  // re-enters through toggled
        return;
    }
    if (on && !m_naive) {
        m_naive = new ComparisonModel(m_document,
                                      {Algorithm::WeightedRendezvous, Algorithm::NaiveDivRendezvous,
                                       Algorithm::NaiveMulRendezvous},
                                      this);
        connect(m_naive, &ComparisonModel::resultChanged, this, &HrwPanel::refreshNaive);
    }
    m_naiveChart->setVisible(on && !m_document->isQuestionOpen());
    refreshNaive();
}

void HrwPanel::refreshNaive() {
    if (!m_naive || !m_showNaive->isChecked()) {
        return;
    }
    const ComparisonResult& result = m_naive->result();
    const Placement& placement = m_document->placement();
    BarChartData data;
    data.title = tr("Key share per node: target w/Σw against the HRW variants");
    data.valueTitle = tr("% of keys");
    data.valueCap = 100;
    double total = 0;
    for (const double w : placement.weights()) {
        total += w;
    }
    BarSetData target{tr("w/Σw (target)"), palette().color(QPalette::WindowText), {}};
    for (size_t n = 0; n < placement.nodes().size(); ++n) {
        data.categories << QString::fromStdString(placement.nodes()[n].id);
        target.values << (total > 0 ? placement.weights()[n] / total * 100 : 0);
    }
    data.sets.push_back(target);
    for (const AlgorithmResult& r : result.algorithms) {
        BarSetData set{algorithmLabel(r.algorithm), algorithmColor(r.algorithm), {}};
        for (const NodeLoad& load : r.stats.nodes) {
            set.values << load.share * 100;
        }
        if (set.values.size() == data.categories.size()) {
            data.sets.push_back(std::move(set));
        }
    }
    m_naiveChart->setData(data);
}

namespace {
// The HRW view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{{"hrw", "hrwDock", QT_TRANSLATE_NOOP("QObject", "HRW"), 30,
                              [](const ViewContext& c) -> QWidget* {
                                  return new HrwPanel(c.document, c.comparison, c.parent);
                              }}};
}  // namespace

}  // namespace ringscope
