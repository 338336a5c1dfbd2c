#include "maglevpanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QStyle>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

#include "document.h"
#include "numberformat.h"
#include "placed.h"
#include "plaintext.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "ringscope/error.h"
#include "tablefill.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr qreal kMargin = 6;
constexpr int kMaxCell = 64;  // pixels: a 7-entry table does not fill the dock
constexpr uint64_t kMaxGridRows = 4096;
constexpr qreal kWholePixelCell = 3;   // cells this big are whole pixels, so seams stay crisp
constexpr qreal kGridLineCell = 8;     // cells at least this big are drawn apart
constexpr qreal kIndexLabelCell = 22;  // … and numbered
constexpr qreal kNodeLabelCell = 44;   // … and named
constexpr qreal kOutlineCell = 5;      // smaller cells of the latest round get a ring around them
constexpr qreal kMovedCorner = 0.45;   // of a cell: the corner marking an entry that moved
constexpr int kEmptyMixPercent = 18;   // an empty entry: this much text colour over the background

enum Column {
    NodeColumn,
    NowColumn,
    EntriesColumn,
    IdealColumn,
    OffsetColumn,
    SkipColumn,
    NextColumn,
    ColumnCount
};

QColor mix(const QColor& a, const QColor& b, int percentB) {
    const auto channel = [&](int x, int y) { return (x * (100 - percentB) + y * percentB) / 100; };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()),
                  channel(a.blue(), b.blue()));
}

}  // namespace

// ---------------------------------------------------------------------------------------------

MaglevTableView::MaglevTableView(QWidget* parent) : ExplanationPicture(parent) {}

QSize MaglevTableView::sizeHint() const {
    return {560, 200};
}

QSize MaglevTableView::minimumSizeHint() const {
    return {160, 60};
}

void MaglevTableView::explanationSet() {
    m_filled = m_data ? m_data->steps.size() : 0;
    m_roundStart = m_filled;
}

void MaglevTableView::setFilledSteps(size_t steps, size_t roundStart) {
    if (!m_data) {
        return;
    }
    steps = std::min(steps, m_data->steps.size());
    const size_t was = m_filled;
    m_filled = steps;
    repaintCells(std::min(was, steps), std::max(was, steps));
    m_roundStart = std::min(roundStart, steps);
    update();
}

void MaglevTableView::repaintCells(size_t from, size_t to) {
    if (m_cells.isNull()) {
        return;
    }
    auto* bits = reinterpret_cast<QRgb*>(m_cells.bits());
    for (size_t i = from; i < to; ++i) {
        const MaglevFillStep& s = m_data->steps[i];
        bits[s.entry] = (i < m_filled ? m_colors[s.node] : m_empty).rgb();
    }
}

void MaglevTableView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        relayout();  // the cells' image holds the empty and background colours
    }
}

void MaglevTableView::relayout() {
    m_cells = QImage();
    m_grid = {};
    if (!m_data || m_data->entries.empty()) {
        return;
    }
    const RingColors colors = RingColors::from(palette());
    m_empty = mix(colors.background, colors.text, kEmptyMixPercent);
    const uint64_t m = m_data->tableSize;
    const qreal w = std::max<qreal>(1, width() - 2 * kMargin);
    const qreal h = std::max<qreal>(1, height() - 2 * kMargin);
    // The row count whose cells come out largest, then whole pixels for cells big enough to be
    // drawn apart (one pixel per entry, scaled into the grid, smoothly below a pixel).
    qreal best = 0;
    uint64_t bestRows = 1;
    for (uint64_t rows = 1; rows <= std::min<uint64_t>(m, kMaxGridRows); ++rows) {
        const uint64_t columns = (m + rows - 1) / rows;
        const qreal cell = std::min(w / qreal(columns), h / qreal(rows));
        if (cell > best) {
            best = cell;
            bestRows = rows;
        }
    }
    m_columns = (m + bestRows - 1) / bestRows;
    m_cell = best >= kWholePixelCell ? std::min<qreal>(kMaxCell, std::floor(best)) : best;
    const uint64_t rows = (m + m_columns - 1) / m_columns;
    m_grid = QRectF(kMargin, kMargin, qreal(m_columns) * m_cell, qreal(rows) * m_cell);
    m_cells = QImage(int(m_columns), int(rows), QImage::Format_RGB32);
    m_cells.fill(colors.background);
    auto* bits = reinterpret_cast<QRgb*>(m_cells.bits());
    std::fill(bits, bits + m, m_empty.rgb());
    repaintCells(0, m_filled);
}

QRectF MaglevTableView::entryRect(uint64_t entry) const {
    if (m_grid.isEmpty() || !m_data || entry >= m_data->tableSize) {
        return {};
    }
    return {m_grid.left() + qreal(entry % m_columns) * m_cell,
            m_grid.top() + qreal(entry / m_columns) * m_cell, m_cell, m_cell};
}

std::optional<uint64_t> MaglevTableView::entryAt(QPointF point) const {
    if (!m_grid.contains(point) || m_cell <= 0) {
        return std::nullopt;
    }
    const auto column = uint64_t((point.x() - m_grid.left()) / m_cell);
    const auto row = uint64_t((point.y() - m_grid.top()) / m_cell);
    const uint64_t entry = row * m_columns + std::min(column, m_columns - 1);
    return entry < m_data->tableSize ? std::optional(entry) : std::nullopt;
}

bool MaglevTableView::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip || !m_data) {
        return QWidget::event(event);
    }
    const auto* help = static_cast<QHelpEvent*>(event);
    const auto entry = entryAt(help->pos());
    if (!entry) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const size_t step = m_data->entryStep[*entry];
    const MaglevFillStep& s = m_data->steps[step];
    const QString node = m_data->ids.value(qsizetype(s.node));
    const QString text =
        step < m_filled
            ? tr("Entry %1: %2, taken in round %3 after passing %4 taken entries of its "
                 "permutation")
                  .arg(format::count(*entry), node, format::count(s.round),
                       format::count(s.skipped))
            : tr("Entry %1: empty until round %2 (then %3's)")
                  .arg(format::count(*entry), format::count(s.round), node);
    QToolTip::showText(help->globalPos(), plain::tip(text), this);  // ids as written
    return true;
}

QStringList MaglevTableView::texts() const {
    QStringList out;
    if (!m_data || m_cell < kIndexLabelCell) {
        return out;
    }
    const auto& e = *m_data;
    for (uint64_t i = 0; i < e.tableSize; ++i) {
        out << QString::number(i);
        const size_t step = e.entryStep[i];
        if (step < m_filled && m_cell >= kNodeLabelCell) {
            out << e.ids.value(qsizetype(e.steps[step].node));
        }
    }
    return out;
}

void MaglevTableView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const RingColors colors = RingColors::from(palette());
    p.fillRect(rect(), colors.background);
    if (m_cells.isNull()) {
        return;
    }
    p.setRenderHint(QPainter::SmoothPixmapTransform, m_cell < kWholePixelCell);
    p.drawImage(m_grid, m_cells);
    const auto& e = *m_data;
    if (m_cell >= kGridLineCell) {
        // Cells drawn apart: a background-coloured seam round each.
        p.setPen(QPen(colors.background, m_cell >= kIndexLabelCell ? 2 : 1));
        for (uint64_t c = 0; c <= m_columns; ++c) {
            const qreal x = m_grid.left() + qreal(c) * m_cell;
            p.drawLine(QPointF(x, m_grid.top()), QPointF(x, m_grid.bottom()));
        }
        for (qreal y = m_grid.top(); y <= m_grid.bottom() + 0.5; y += m_cell) {
            p.drawLine(QPointF(m_grid.left(), y), QPointF(m_grid.right(), y));
        }
    }
    if (m_cell >= kIndexLabelCell) {
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.8);
        p.setFont(small);
        for (uint64_t i = 0; i < e.tableSize; ++i) {
            const QRectF cell = entryRect(i).adjusted(3, 2, -3, -2);
            const size_t step = e.entryStep[i];
            const QColor fill = step < m_filled ? m_colors[e.steps[step].node] : m_empty;
            p.setPen(step < m_filled ? contrastingText(fill) : colors.faintText);
            p.drawText(cell, Qt::AlignLeft | Qt::AlignTop, QString::number(i));
            if (step < m_filled && m_cell >= kNodeLabelCell) {
                const QString id = e.ids.value(qsizetype(e.steps[step].node));
                p.drawText(cell, Qt::AlignHCenter | Qt::AlignBottom,
                           p.fontMetrics().elidedText(id, Qt::ElideMiddle, int(cell.width())));
            }
        }
    }
    // Entries that changed node in the last membership change: a corner in the "moved" red.
    if (e.change && m_cell >= kOutlineCell) {
        p.setPen(Qt::NoPen);
        p.setBrush(colors.moved);
        const qreal corner = std::max<qreal>(3, m_cell * kMovedCorner);
        for (const uint64_t i : e.change->movedEntries) {
            if (e.entryStep[i] < m_filled) {
                const QRectF cell = entryRect(i);
                p.drawPolygon(QPolygonF({cell.topRight(), cell.topRight() - QPointF(corner, 0),
                                         cell.topRight() + QPointF(0, corner)}));
            }
        }
    }
    // The entries the latest round took.
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(colors.selection, 2));
    for (size_t i = m_roundStart; i < m_filled; ++i) {
        const QRectF cell = entryRect(e.steps[i].entry);
        if (m_cell >= kOutlineCell) {
            p.drawRect(cell.adjusted(1, 1, -1, -1));
        } else {
            p.drawEllipse(cell.center(), 4, 4);
        }
    }
}

bool MaglevTableView::outlinesEntries() const {
    return m_cell >= kOutlineCell;
}

// ---------------------------------------------------------------------------------------------

// Over 80 lines: makes the panel's widgets, their layout and connections in reading order.
MaglevPanel::MaglevPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_size(new QComboBox(this)),
      m_addNode(new QPushButton(tr("Add Node"), this)),
      m_removeNode(new QPushButton(tr("Remove Node"), this)),
      m_first(new QToolButton(this)),
      m_back(new QToolButton(this)),
      m_play(new QToolButton(this)),
      m_forward(new QToolButton(this)),
      m_last(new QToolButton(this)),
      m_slider(new QSlider(Qt::Horizontal, this)),
      m_roundLabel(new QLabel(this)),
      m_marks(new QLabel(this)),
      m_table(new MaglevTableView(this)),
      m_nodes(new QTableWidget(this)),
      m_change(new QLabel(this)),
      m_error(new QLabel(this)),
      m_player(new QTimer(this)),
      m_data(std::make_shared<MaglevExplanation>()) {
    setWork<MaglevExplanation>(
        kViewDebounceMs,
        [this] {
            return [scenario = this->document()->scenario(),
                    baseline = this->document()->baselineScenario(),
                    keys = sampleKeys(this->document()->computed()->keys, kMaglevSampleKeys),
                    total = this->document()->keys().size()] {
                return explainMaglev(scenario, baseline, keys, total);
            };
        },
        [this](MaglevExplanation e) { present(std::move(e)); });
    m_size->setEditable(true);
    m_size->setInsertPolicy(QComboBox::NoInsert);
    for (const uint64_t m : kMaglevPickerPrimes) {
        m_size->addItem(QString::number(m));
    }
    m_size->setToolTip(tr("The lookup table size M. Envoy requires a prime (its default is "
                          "65537); pick one or type any prime up to %L1.")
                           .arg(kMaglevMaxTableSize));
    m_size->setMinimumContentsLength(7);
    m_addNode->setToolTip(tr("Add a node, as Edit → Add Node does (undoable)"));
    m_removeNode->setToolTip(tr("Remove the selected node, or the last one (undoable)"));
    const auto tool = [this](QToolButton* button, QStyle::StandardPixmap icon, const QString& tip) {
        button->setIcon(style()->standardIcon(icon));
        button->setToolTip(tip);
        button->setAutoRaise(true);
    };
    tool(m_first, QStyle::SP_MediaSkipBackward, tr("Empty table"));
    tool(m_back, QStyle::SP_MediaSeekBackward, tr("One round back"));
    tool(m_play, QStyle::SP_MediaPlay, tr("Play the fill round by round"));
    tool(m_forward, QStyle::SP_MediaSeekForward, tr("One round on"));
    tool(m_last, QStyle::SP_MediaSkipForward, tr("The finished table"));
    m_slider->setToolTip(
        tr("Rounds of the fill: in each, every node (in id order) takes the next "
           "free entry of its permutation offset + j·skip"));
    setUpErrorLabel(m_error);
    m_change->setWordWrap(true);
    m_marks->setObjectName(QStringLiteral("maglevMarks"));
    m_marks->setWordWrap(true);
    for (QLabel* label : {m_roundLabel, summaryLabel(), m_change, m_error, m_marks}) {
        label->setTextFormat(Qt::PlainText);  // they name nodes
    }
    summaryLabel()->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_change->setTextInteractionFlags(Qt::TextSelectableByMouse);

    setUpReadOnlyTable(m_nodes, {tr("Node"), tr("Now"), tr("Entries"), tr("M·w/Σw"), tr("Offset"),
                                 tr("Skip"), tr("Next")});
    m_nodes->horizontalHeaderItem(NowColumn)->setToolTip(
        tr("Entries the node holds after the round shown"));
    m_nodes->horizontalHeaderItem(IdealColumn)
        ->setToolTip(tr("The node's ideal share of the table: M times its normalised weight"));
    m_nodes->horizontalHeaderItem(NextColumn)
        ->setToolTip(tr("The entry of its permutation the node tries next: offset + j·skip mod M"));
    m_nodes->setSelectionMode(QAbstractItemView::NoSelection);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Table size M:"), this));
    controls->addWidget(m_size);
    controls->addWidget(m_addNode);
    controls->addWidget(m_removeNode);
    controls->addSpacing(12);
    for (QToolButton* b : {m_first, m_back, m_play, m_forward, m_last}) {
        controls->addWidget(b);
    }
    controls->addWidget(m_slider, 1);
    controls->addWidget(m_roundLabel);
    auto* side = new QVBoxLayout;
    side->addWidget(summaryLabel());
    side->addWidget(m_change);
    side->addWidget(m_marks);
    side->addWidget(m_nodes, 1);
    auto* body = new QHBoxLayout;
    body->addWidget(m_table, 5);
    body->addLayout(side, 4);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_error);
    layout->addLayout(body, 1);
    setMinimumSize(kTablePanelMinimumSize);

    m_player->setInterval(kMaglevPlayTickMs);
    connect(m_player, &QTimer::timeout, this, [this] {
        if (m_round >= m_data->rounds()) {
            togglePlay();
            return;
        }
        step(int(std::max<size_t>(1, m_data->rounds() / kMaglevPlayTicks)));
    });
    connect(m_size, &QComboBox::activated, this,
            [this](int index) { pickTableSize(m_size->itemText(index)); });
    connect(m_size->lineEdit(), &QLineEdit::returnPressed, this,
            [this] { pickTableSize(m_size->currentText()); });
    connect(m_addNode, &QPushButton::clicked, this, [this] { this->document()->addNode(); });
    connect(m_removeNode, &QPushButton::clicked, this, [this] {
        const size_t count = this->document()->scenario().nodes.size();
        if (count > 1) {
            this->document()->removeNode(this->document()->selectedNode().value_or(count - 1));
        }
    });
    connect(m_first, &QToolButton::clicked, this, [this] { showRound(0); });
    connect(m_back, &QToolButton::clicked, this, [this] { step(-1); });
    connect(m_forward, &QToolButton::clicked, this, [this] { step(1); });
    connect(m_last, &QToolButton::clicked, this, [this] { showRound(m_data->rounds()); });
    connect(m_play, &QToolButton::clicked, this, &MaglevPanel::togglePlay);
    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        if (size_t(value) != m_round) {
            showRound(size_t(value));
        }
    });
    follow({DocumentChange::Scenario, DocumentChange::Baseline});
    scheduleWork();
}

QString MaglevPanel::changeText() const {
    return m_change->text();
}

QString MaglevPanel::errorText() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

void MaglevPanel::pickTableSize(const QString& text) {
    const uint64_t current = document()->scenario().params.get<MaglevParams>().tableSize;
    const auto refuse = [&](const QString& why) {
        m_error->setText(why);
        m_error->show();
        m_size->setEditText(QString::number(current));
    };
    bool ok = false;
    const uint64_t m = QString(text).remove(u',').trimmed().toULongLong(&ok);
    if (!ok) {
        refuse(tr("maglev.tableSize: \"%1\" is not a whole number").arg(text));
        return;
    }
    try {
        checkMaglevTableSize(m);
    } catch (const InputError& error) {
        refuse(QString::fromUtf8(error.what()));  // Envoy's own words
        return;
    }
    m_error->hide();
    if (m != current) {
        document()->edit(tr("Maglev table size %1").arg(m),
                         [m](Scenario& s) { s.params.edit<MaglevParams>().tableSize = m; });
    }
}

void MaglevPanel::present(MaglevExplanation explanation) {
    const bool atEnd = m_round >= m_data->rounds();
    const size_t shown = m_round;
    m_data = std::make_shared<const MaglevExplanation>(std::move(explanation));
    const MaglevExplanation& e = *m_data;
    const std::vector<QColor> colors = nodeColors(e.nodes);
    m_size->setEditText(QString::number(e.tableSize));
    m_removeNode->setEnabled(e.ids.size() > 1);
    m_table->setExplanation(m_data);
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, int(e.rounds()));
    }
    refill(m_nodes, int(e.permutations.size()), [&](int row) {
        const auto n = size_t(row);
        const auto set = [&](int column, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(column == NodeColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                        : Qt::AlignRight | Qt::AlignVCenter);
            m_nodes->setItem(row, column, item);
            return item;
        };
        QPixmap swatch(12, 12);
        swatch.fill(colors[n]);
        set(NodeColumn, e.ids[row])->setIcon(swatch);
        set(EntriesColumn, format::count(e.entryCounts[n]));
        set(IdealColumn, format::number(e.idealEntries[n], 2));
        set(OffsetColumn, format::count(e.permutations[n].offset));
        set(SkipColumn, format::count(e.permutations[n].skip));
        set(NowColumn, {});
        set(NextColumn, {});
    });
    QString text;
    if (e.error.isEmpty()) {
        if (!e.ownTable) {
            text = tr("This scenario uses %1; shown is the table Maglev would build for its "
                      "nodes and weights. ")
                       .arg(e.algorithm);
        }
        text += tr("Envoy's Maglev table: M = %1 entries over %2 nodes; each node should hold "
                   "about M·w/Σw of them.")
                    .arg(format::count(e.tableSize), format::count(uint64_t(e.ids.size())));
    } else {
        text = e.error;
    }
    summaryLabel()->setText(text);
    refreshChange();
    showRound(atEnd ? e.rounds() : shown);
    m_nodes->resizeColumnToContents(NowColumn);
}

void MaglevPanel::refreshChange() {
    const MaglevExplanation& e = *m_data;
    const MovedSince since = document()->moveSummary().since;
    if (!e.change) {
        m_change->setText(
            tr("Add or remove a node to see how many table entries and keys move, "
               "next to what the ring moves."));
        return;
    }
    const MaglevChange& c = *e.change;
    if (!c.error.isEmpty()) {
        m_change->setText(tr("%1 (%2): %3").arg(changeHeading(since), c.change, c.error));
        return;
    }
    const QString entries =
        c.entriesMoved ? tr("%1 of %2 table entries moved (%3)")
                             .arg(format::count(*c.entriesMoved), format::count(c.tableSize),
                                  format::percentOf(*c.entriesMoved, c.tableSize))
                       : tr("the table size changed, so every entry was rebuilt");
    QString text = tr("%1 (%2): %3 (red corners). Keys moved: Maglev %4 (%5), ring %6 "
                      "(%7); ideal %8.")
                       .arg(changeHeading(since), c.change, entries, format::count(c.maglevMoved),
                            format::percentOf(c.maglevMoved, c.keys), format::count(c.ringMoved),
                            format::percentOf(c.ringMoved, c.keys), format::percent(c.ideal));
    if (c.keysTotal > c.keys) {
        text += tr(" Counted over the first %1 of %2 keys.")
                    .arg(format::count(c.keys), format::count(c.keysTotal));
    }
    m_change->setText(text);
}

void MaglevPanel::step(int rounds) {
    const auto target = std::clamp<qint64>(qint64(m_round) + rounds, 0, qint64(m_data->rounds()));
    showRound(size_t(target));
}

void MaglevPanel::togglePlay() {
    if (m_player->isActive()) {
        m_player->stop();
        m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
        return;
    }
    if (m_round >= m_data->rounds()) {
        showRound(0);
    }
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
    m_player->start();
}

void MaglevPanel::showRound(size_t round) {
    m_round = std::min(round, m_data->rounds());
    refreshRound();
}

void MaglevPanel::refreshRound() {
    const MaglevExplanation& e = *m_data;
    const MaglevRoundView v = maglevRound(e, m_round);
    const size_t roundStart = m_round == 0 ? 0 : (m_round == 1 ? 0 : e.roundEnds[m_round - 2]);
    m_table->setFilledSteps(v.steps, roundStart);
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(int(m_round));
    }
    // What the marks on the table are, beside it: the round's entries (small blue rings on a
    // large table) and the entries the change moved (red corners).
    QStringList marks;
    if (m_round > 0) {
        marks << (m_table->outlinesEntries() ? tr("Blue outlines: the entries this round took.")
                                             : tr("Blue rings: the entries this round took."));
    }
    if (e.change && m_table->outlinesEntries()) {
        marks << tr("Red corners: entries the change moved.");
    }
    m_marks->setText(marks.join(u' '));
    m_marks->setVisible(!marks.isEmpty());
    m_roundLabel->setText(tr("round %1 of %2 · %3 of %4 entries")
                              .arg(format::count(m_round), format::count(e.rounds()),
                                   format::count(v.steps), format::count(e.tableSize)));
    for (size_t n = 0; n < v.entriesSoFar.size() && int(n) < m_nodes->rowCount(); ++n) {
        m_nodes->item(int(n), NowColumn)->setText(format::count(v.entriesSoFar[n]));
        m_nodes->item(int(n), NextColumn)
            ->setText(v.steps < e.steps.size() ? format::count(v.nextEntry[n]) : QString());
    }
}

namespace {
// The Maglev view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"maglev", "maglevDock", QT_TRANSLATE_NOOP("QObject", "Maglev"), 70,
     [](const ViewContext& c) -> QWidget* { return new MaglevPanel(c.document, c.parent); }}};
}  // namespace

}  // namespace ringscope
