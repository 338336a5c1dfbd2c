#include "migrationpanel.h"

#include <QFileDialog>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

#include "document.h"
#include "filewrite.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr double kMargin = 8;
constexpr double kHeaderSwatch = 8;       // the columns' colour bars, above the cells
constexpr double kMaxHeaderShare = 0.45;  // of the height, at most, for the columns' ids
constexpr double kCaptionHeight = 18;     // "from ↓ to →" under them
constexpr double kMaxCell = 64;           // a few nodes still read as a grid, not as tiles
constexpr double kBarsShare = 0.42;       // of the width, for the out/in bars
constexpr double kBarHeight = 9;
constexpr double kSwatch = 10;                  // a row's colour square
constexpr double kLabelPadding = kSwatch + 10;  // the square, and room on either side of the id
constexpr char kDefaultRate[] = "100MB/s";
constexpr int kMaxStreams = 64;

// The work's answer: the plan, or why there is none.
struct MigrationJob {
    MigrationExplanation explanation;
    QString change;     // describeChange(before, after)
    QString error;      // no plan: why
    QString rateError;  // a plan without timing: why the rate cannot be read
    bool withheld = false;
};

QString secondsText(double seconds) {
    if (seconds < 60) {
        return QObject::tr("%1 s").arg(format::number(seconds, seconds < 10 ? 2 : 1));
    }
    if (seconds < 3600) {
        return QObject::tr("%1 min").arg(format::number(seconds / 60, 1));
    }
    return QObject::tr("%1 h").arg(format::number(seconds / 3600, 1));
}

// A cell's count as it fits in `room` pixels: whole ("2,905"), else short ("2.9k"), else none.
QString cellCount(uint64_t keys, double room, const QFontMetricsF& metrics) {
    const QString whole = format::count(keys);
    if (metrics.horizontalAdvance(whole) <= room) {
        return whole;
    }
    const QString shortened = keys >= 1'000'000 ? format::number(double(keys) / 1e6, 1) + u'M'
                                                : format::number(double(keys) / 1e3, 1) + u'k';
    return metrics.horizontalAdvance(shortened) <= room ? shortened : QString();
}

}  // namespace

// ---------------------------------------------------------------------------------------------

MigrationChart::MigrationChart(QWidget* parent) : QWidget(parent), m_caption(tr("from ↓ to →")) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setMinimumHeight(160);
}

void MigrationChart::setCaption(const QString& caption) {
    m_caption = caption;
    update();
}

QSize MigrationChart::sizeHint() const {
    return {640, 320};
}

void MigrationChart::setExplanation(MigrationExplanation explanation) {
    m_data = std::move(explanation);
    const auto& nodes = m_data.plan.nodes;
    std::vector<uint32_t> busy;
    for (uint32_t n = 0; n < nodes.size(); ++n) {
        if (nodes[n].outKeys || nodes[n].inKeys) {
            busy.push_back(n);
        }
    }
    if (busy.size() > kMaxDrawnNodes) {  // the busiest, then back in the plan's order
        const auto traffic = [&](uint32_t n) { return nodes[n].outBytes + nodes[n].inBytes; };
        std::stable_sort(busy.begin(), busy.end(),
                         [&](uint32_t a, uint32_t b) { return traffic(a) > traffic(b); });
        busy.resize(kMaxDrawnNodes);
        std::sort(busy.begin(), busy.end());
    }
    m_drawn = std::move(busy);
    const size_t n = m_drawn.size();
    m_keys.assign(n, std::vector<uint64_t>(n, 0));
    m_bytes.assign(n, std::vector<uint64_t>(n, 0));
    m_maxBytes = 0;
    const auto at = [this](uint32_t node) -> std::optional<size_t> {
        const auto it = std::lower_bound(m_drawn.begin(), m_drawn.end(), node);
        return it != m_drawn.end() && *it == node ? std::optional(size_t(it - m_drawn.begin()))
                                                  : std::nullopt;
    };
    for (const Transfer& t : m_data.plan.transfers) {
        if (!t.sent()) {
            continue;
        }
        const auto r = at(t.from), c = at(t.to);
        if (r && c) {
            m_keys[*r][*c] += t.keys;
            m_bytes[*r][*c] += t.bytes;
            m_maxBytes = std::max(m_maxBytes, m_bytes[*r][*c]);
        }
    }
    updateGeometry();
    update();
}

MigrationChart::Layout MigrationChart::layout() const {
    Layout l;
    const size_t n = m_drawn.size();
    const QFontMetricsF metrics(font());
    double widest = 0;
    for (const uint32_t node : m_drawn) {
        widest = std::max(widest, metrics.horizontalAdvance(qs(m_data.ids[node])));
    }
    l.labelWidth = std::min(widest + kLabelPadding, width() * 0.22);
    // The columns' ids run upward, whole where the height allows ("10.0.1.1:11211" elided to
    // "1…1" across a narrow column said nothing).
    l.header = std::min(widest + 6, height() * kMaxHeaderShare) + kHeaderSwatch + 2;
    const double barsWidth = width() * kBarsShare;
    const double room = std::min(width() - barsWidth - l.labelWidth - 3 * kMargin,
                                 height() - l.header - kCaptionHeight - 2 * kMargin);
    l.cell = n ? std::clamp(room / double(n), 4.0, kMaxCell) : 0;
    l.matrix =
        QRectF(kMargin + l.labelWidth, kMargin + l.header, l.cell * double(n), l.cell * double(n));
    // The bars under their legend ("out", "in"), each node's row within the area.
    l.bars = QRectF(width() - barsWidth, kMargin + metrics.height() + 4, barsWidth - kMargin,
                    height() - 2 * kMargin - metrics.height() - 4);
    l.barRow = n ? std::min(2 * kBarHeight + metrics.height() + 6, l.bars.height() / double(n)) : 0;
    return l;
}

QStringList MigrationChart::barLegend() {
    return {tr("sends"), tr("receives")};  // the filled bar, the outlined one
}

bool MigrationChart::fitsText(const Layout& l) const {
    return l.cell >= QFontMetricsF(font()).height();
}

QString MigrationChart::columnLabel(const Layout& l, const QString& id) const {
    if (!fitsText(l)) {
        return {};  // too narrow for a line of text: the tool tip has it
    }
    return QFontMetricsF(font()).elidedText(id, Qt::ElideMiddle, l.header - kHeaderSwatch - 4);
}

std::optional<QString> MigrationChart::toolTipAt(QPointF at) const {
    const Layout l = layout();
    for (size_t i = 0; i < m_drawn.size(); ++i) {
        const QString id = qs(m_data.ids[m_drawn[i]]);
        const QRectF row(kMargin, l.matrix.top() + double(i) * l.cell, l.labelWidth, l.cell);
        const QRectF column(l.matrix.left() + double(i) * l.cell, kMargin, l.cell, l.header);
        const QRectF bar(l.bars.left(), l.bars.top() + double(i) * l.barRow, l.bars.width(),
                         l.barRow);
        if (row.contains(at) || column.contains(at)) {
            return id;
        }
        if (bar.contains(at)) {
            return barCaption(m_drawn[i]);
        }
    }
    return std::nullopt;
}

bool MigrationChart::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        if (const auto tip = toolTipAt(help->pos())) {
            QToolTip::showText(help->globalPos(), *tip, this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

QRectF MigrationChart::cellRect(uint32_t from, uint32_t to) const {
    const auto r = std::find(m_drawn.begin(), m_drawn.end(), from);
    const auto c = std::find(m_drawn.begin(), m_drawn.end(), to);
    if (r == m_drawn.end() || c == m_drawn.end()) {
        return {};
    }
    const Layout l = layout();
    return {l.matrix.left() + double(c - m_drawn.begin()) * l.cell,
            l.matrix.top() + double(r - m_drawn.begin()) * l.cell, l.cell, l.cell};
}

QString MigrationChart::barCaption(uint32_t node) const {
    const NodeTraffic& t = m_data.plan.nodes[node];
    return m_data.sized ? tr("%1 · out %2 · in %3")
                              .arg(qs(m_data.ids[node]), format::bytes(t.outBytes, 1),
                                   format::bytes(t.inBytes, 1))
                        : tr("%1 · out %L2 · in %L3 keys")
                              .arg(qs(m_data.ids[node]))
                              .arg(t.outKeys)
                              .arg(t.inKeys);
}

QStringList MigrationChart::texts() const {
    QStringList out;
    const Layout l = layout();
    for (const uint32_t node : m_drawn) {
        if (const QString label = columnLabel(l, qs(m_data.ids[node])); !label.isEmpty()) {
            out << label;
        }
    }
    for (size_t r = 0; r < m_drawn.size(); ++r) {
        if (fitsText(l)) {
            out << qs(m_data.ids[m_drawn[r]]);
        }
        for (size_t c = 0; c < m_drawn.size(); ++c) {
            const QString count = cellCount(m_keys[r][c], l.cell - 4, QFontMetricsF(font()));
            if (m_keys[r][c] && !count.isEmpty()) {
                out << count;
            }
        }
        out << barCaption(m_drawn[r]);
    }
    if (!m_drawn.empty()) {
        out << m_caption << barLegend();
    }
    return out;
}

// Over 80 lines: paints the chart's parts in the order they overlap, from the layout worked out
// beforehand.
void MigrationChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    if (m_drawn.empty()) {
        return;
    }
    const Layout l = layout();
    const std::vector<QColor> nodeColor = nodeColors(m_data.nodes);
    const QFontMetricsF metrics(font());
    const size_t n = m_drawn.size();
    p.setPen(colors.faintText);  // under the cells, where it has the room
    p.drawText(QRectF(kMargin, l.matrix.bottom() + 2, l.labelWidth + l.matrix.width() + kMargin,
                      kCaptionHeight),
               Qt::AlignLeft | Qt::AlignVCenter, m_caption);
    for (size_t i = 0; i < n; ++i) {
        const uint32_t node = m_drawn[i];
        const QColor swatch = node < nodeColor.size() ? nodeColor[node] : colors.key;
        const QString id = qs(m_data.ids[node]);
        // The row's label (sender) with its colour, and the column's swatch (receiver).
        const QRectF row(kMargin, l.matrix.top() + double(i) * l.cell, l.labelWidth, l.cell);
        p.fillRect(QRectF(row.left(), row.center().y() - kSwatch / 2, kSwatch, kSwatch), swatch);
        p.setPen(colors.text);
        if (fitsText(l)) {  // else one row's label would run into the next: the tool tip has it
            p.drawText(row.adjusted(kSwatch + 4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       metrics.elidedText(id, Qt::ElideMiddle, l.labelWidth - kLabelPadding + 1));
        }
        const QRectF column(l.matrix.left() + double(i) * l.cell, kMargin, l.cell, l.header);
        p.fillRect(QRectF(column.left() + 2, column.bottom() - kHeaderSwatch, column.width() - 4,
                          kHeaderSwatch - 2),
                   swatch);
        if (const QString label = columnLabel(l, id); !label.isEmpty()) {
            // Upward, from just above the colour bar.
            p.save();
            p.translate(column.center().x(), column.bottom() - kHeaderSwatch - 2);
            p.rotate(-90);
            p.drawText(QRectF(0, -metrics.height() / 2, l.header, metrics.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, label);
            p.restore();
        }
    }
    for (size_t r = 0; r < n; ++r) {
        for (size_t c = 0; c < n; ++c) {
            const QRectF cell(l.matrix.left() + double(c) * l.cell,
                              l.matrix.top() + double(r) * l.cell, l.cell, l.cell);
            const double share = m_maxBytes ? double(m_bytes[r][c]) / double(m_maxBytes) : 0.0;
            QColor shade = colors.moved;
            shade.setAlphaF(float(m_keys[r][c] ? 0.12 + 0.88 * share : 0.0));
            p.fillRect(cell.adjusted(1, 1, -1, -1), r == c ? colors.down : shade);
            p.setPen(QPen(colors.faintText, 0.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cell);
            if (m_keys[r][c]) {
                p.setPen(share > 0.55 ? contrastingText(colors.moved) : colors.text);
                p.drawText(cell, Qt::AlignCenter, cellCount(m_keys[r][c], l.cell - 4, metrics));
            }
        }
    }
    // Each node's out (filled, its colour) and in (outlined) on one scale.
    uint64_t most = 1;
    for (const uint32_t node : m_drawn) {
        const NodeTraffic& t = m_data.plan.nodes[node];
        most = std::max(
            {most, m_data.sized ? t.outBytes : t.outKeys, m_data.sized ? t.inBytes : t.inKeys});
    }
    // The legend: out filled, in outlined.
    {
        const double y = kMargin + metrics.height() / 2;
        double x = l.bars.left();
        p.fillRect(QRectF(x, y - kBarHeight / 2, 2 * kBarHeight, kBarHeight), colors.text);
        x += 2 * kBarHeight + 4;
        const QStringList legend = barLegend();
        const QString& out = legend[0];
        p.setPen(colors.text);
        p.drawText(QPointF(x, y + metrics.ascent() / 2 - 1), out);
        x += metrics.horizontalAdvance(out) + 14;
        p.setPen(QPen(colors.text, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(x, y - kBarHeight / 2, 2 * kBarHeight, kBarHeight));
        x += 2 * kBarHeight + 4;
        p.drawText(QPointF(x, y + metrics.ascent() / 2 - 1), legend[1]);
    }
    const double rowHeight = l.barRow;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t node = m_drawn[i];
        const NodeTraffic& t = m_data.plan.nodes[node];
        const double top = l.bars.top() + double(i) * rowHeight;
        const double width = l.bars.width();
        const double out = double(m_data.sized ? t.outBytes : t.outKeys) / double(most) * width;
        const double in = double(m_data.sized ? t.inBytes : t.inKeys) / double(most) * width;
        const QColor swatch = node < nodeColor.size() ? nodeColor[node] : colors.key;
        // The caption where the row has room for it and its bars (else in the tool tip); the
        // bars within the row, so within the area.
        const bool captioned = rowHeight >= metrics.height() + 6;
        if (captioned) {
            p.setPen(colors.text);
            p.drawText(QRectF(l.bars.left(), top, width, metrics.height()),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       metrics.elidedText(barCaption(node), Qt::ElideMiddle, width));
        }
        const double barTop = top + (captioned ? metrics.height() + 1 : 0);
        const double barHeight = std::max(1.0, (top + rowHeight - barTop - 2) / 2);
        p.fillRect(QRectF(l.bars.left(), barTop, out, barHeight), swatch);
        p.setPen(QPen(swatch, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(l.bars.left(), barTop + barHeight + 1, std::max(in, 1.0), barHeight));
    }
}

// ---------------------------------------------------------------------------------------------

MigrationPanel::MigrationPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_rate(new QLineEdit(QString::fromLatin1(kDefaultRate), this)),
      m_streams(new QSpinBox(this)),
      m_rateError(new QLabel(this)),
      m_export(new QPushButton(tr("Export CSV…"), this)),
      m_chart(new MigrationChart(this)) {
    setWork<MigrationJob>(
        kViewDebounceMs,
        [this] {
            const Document& doc = *this->document();
            std::optional<Bandwidth> bandwidth;
            QString rateError;
            try {
                bandwidth = Bandwidth{parseRate(m_rate->text().toStdString(), "rate"),
                                      uint32_t(m_streams->value())};
            } catch (const InputError& e) {
                rateError = QString::fromStdString(e.message());
            }
            return [before = doc.baselineComputed(), after = doc.computed(), bandwidth, rateError,
                    withheld = doc.isQuestionOpen()] {
                MigrationJob job;
                job.rateError = rateError;
                job.withheld = withheld;
                if (!before || !after) {
                    return job;
                }
                if (!sameKeySet(before->scenario, after->scenario)) {
                    job.error = tr("The baseline holds other keys: there is no plan between them.");
                    return job;
                }
                try {
                    job.explanation = explainMigration(*before, *after, bandwidth);
                    job.change = describeChange(before->scenario, after->scenario);
                } catch (const std::exception& e) {
                    job.error = QString::fromStdString(describeFailure(e));
                }
                return job;
            };
        },
        [this](MigrationJob job) {
            // A rate that cannot be read stands apart, above the plan, which has no timing.
            m_rateError->setText(
                job.rateError.isEmpty()
                    ? QString()
                    : tr("%1. The plan below has no timing until the rate reads as one.")
                          .arg(job.rateError));
            m_rateError->setVisible(!job.rateError.isEmpty());
            if (job.withheld) {
                summaryLabel()->setText(answerWithheldNote());
                m_chart->setExplanation({});
                return;
            }
            showPlan(std::move(job.explanation), job.error.isEmpty() ? job.change : job.error);
        });
    m_rate->setToolTip(tr("Each node's rate, each way: 100MB/s, 1GiB/s, 10Gbit/s, 800Mbps"));
    m_rate->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000.0 GiB/s")) + 16);
    m_streams->setRange(1, kMaxStreams);
    m_streams->setToolTip(
        tr("Transfers a node sends at once, sharing its rate: they change "
           "when each transfer ends, not how long the node takes"));
    m_rateError->setObjectName(QStringLiteral("rateError"));
    setUpErrorLabel(m_rateError);
    summaryLabel()->setTextFormat(Qt::RichText);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Rate per node:"), this));
    top->addWidget(m_rate);
    top->addWidget(new QLabel(tr("Streams:"), this));
    top->addWidget(m_streams);
    top->addStretch(1);
    top->addWidget(m_export);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kPanelMargin, kPanelMargin, kPanelMargin, kPanelMargin);
    layout->setSpacing(kPanelSpacing);
    layout->addLayout(top);
    layout->addWidget(m_rateError);
    layout->addWidget(summaryLabel());
    layout->addWidget(m_chart, 1);
    setMinimumSize(kChartPanelMinimumSize);
    connect(m_rate, &QLineEdit::editingFinished, this, [this] { scheduleWork(); });
    connect(m_streams, &QSpinBox::valueChanged, this, [this] { scheduleWork(); });
    connect(m_export, &QPushButton::clicked, this, [this] { askExport(); });
    follow({DocumentChange::Scenario, DocumentChange::Baseline, DocumentChange::QuestionOpen});
    summaryLabel()->setText(tr("Working out the plan…"));
    scheduleWork();
}

void MigrationPanel::setRate(const QString& rate, int streams) {
    m_rate->setText(rate);
    m_streams->setValue(streams);
    scheduleWork();
}

QString MigrationPanel::rateError() const {
    return m_rateError->isVisibleTo(this) ? m_rateError->text() : QString();
}

void MigrationPanel::showPlan(MigrationExplanation e, QString note) {
    const MigrationPlan& plan = e.plan;
    m_export->setEnabled(!plan.transfers.empty());
    if (!e.changed || plan.transfers.empty()) {
        summaryLabel()->setText(
            note.isEmpty() || e.changed
                ? tr("Nothing to migrate: every key keeps its owners. Change the "
                     "scenario (add or remove a node, drag a token) to see the "
                     "plan.")
                : note.toHtmlEscaped());
        m_chart->setExplanation(std::move(e));
        return;
    }
    // A byte total that stopped at 2^64 - 1 is a lower bound, and so is the time from it.
    const QString atLeast = plan.bytesSaturated ? tr("at least ") : QString();
    const QString sent =
        e.sized ? tr("%1 keys, %2")
                      .arg(format::count(plan.sentKeys), atLeast + format::bytes(plan.sentBytes))
                : tr("%1 keys").arg(format::count(plan.sentKeys));
    QString text = note.isEmpty() ? QString() : note.toHtmlEscaped() + QStringLiteral(": ");
    text += tr("<b>%1 to send</b> · primaries %2, replica copies %3")
                .arg(sent, format::count(plan.primaryKeys), format::count(plan.copyKeys));
    if (plan.inPlaceKeys) {
        text += tr(" · %1 promoted in place").arg(format::count(plan.inPlaceKeys));
    }
    if (plan.unavailableKeys) {
        text +=
            tr(" · <b>%1 keys have no live holder</b>").arg(format::count(plan.unavailableKeys));
    }
    if (plan.seconds && plan.busiestNode) {
        text += tr("<br>Takes <b>%1</b> at %2 per node, %3 (busiest: %4)")
                    .arg(atLeast + secondsText(*plan.seconds), m_rate->text().toHtmlEscaped(),
                         m_streams->value() == 1 ? tr("one stream")
                                                 : tr("%1 streams").arg(m_streams->value()),
                         qs(e.ids[*plan.busiestNode]).toHtmlEscaped());
        if (m_streams->value() > 1) {
            text +=
                tr(" · the streams share each node's rate, so they do not change how long "
                   "it takes");
        }
    }
    if (!e.sized) {
        text += tr("<br>The keys have no sizes: each counts as one byte.");
    }
    if (m_chart->drawnNodes().size() >= MigrationChart::kMaxDrawnNodes) {
        text += tr("<br>The %1 busiest nodes are drawn.").arg(MigrationChart::kMaxDrawnNodes);
    }
    summaryLabel()->setText(text);
    m_chart->setExplanation(std::move(e));
}

void MigrationPanel::exportCsv(const QString& path) const {
    const std::string csv = planCsv(m_chart->explanation().plan, m_chart->explanation().ids);
    writeFileAtomically(path, [&csv](QIODevice& device) {
        return device.write(csv.data(), qint64(csv.size())) == qint64(csv.size());
    });
}

void MigrationPanel::askExport() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Migration Plan"), QStringLiteral("plan.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    try {
        exportCsv(path);
    } catch (const std::exception& e) {
        document()->rejectInput(QString::fromStdString(describeFailure(e)));
    }
}

namespace {
// The Migration view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"migration", "migrationDock", QT_TRANSLATE_NOOP("QObject", "Migration"), 100,
     [](const ViewContext& c) -> QWidget* { return new MigrationPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
