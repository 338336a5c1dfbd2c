#include "replaypanel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include "commands.h"
#include "document.h"
#include "membershipchange.h"
#include "numberformat.h"
#include "ringcolors.h"
#include "tablefill.h"
#include "viewregistry.h"

namespace ringscope {

namespace {

constexpr uint64_t kRequestChoices[] = {200'000, 1'000'000, 2'000'000, 10'000'000};
constexpr int kMaxCacheEntries = 100'000'000;
// The points a chart line shows at most: finer than that is noise at the chart's width.
constexpr size_t kChartPoints = 250;

enum class Shown { HitRatio, Origin };
// What the run replays: the change since the baseline, or each step of the undo history.
enum class Replayed { SinceBaseline, UndoSteps };

// A count that may be below zero (fewer misses than the fleet there from the start).
QString signedCount(int64_t n) {
    return n < 0 ? QStringLiteral("−") + format::count(uint64_t(-n)) : format::count(uint64_t(n));
}

}  // namespace

ReplayPanel::ReplayPanel(Document* document, QWidget* parent)
    : AnalysisPanel(document, parent),
      m_note(new QLabel(this)),
      m_cache(new QSpinBox(this)),
      m_requests(new QComboBox(this)),
      m_change(new QComboBox(this)),
      m_show(new QComboBox(this)),
      m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_poll(new QTimer(this)),
      m_chart(new LineChart(this)),
      m_table(new QTableWidget(this)) {
    setUpWork();
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    setUpSideTable(m_table);
    auto* body = new QHBoxLayout;
    body->addWidget(m_chart, 1);
    body->addWidget(m_table);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addLayout(makeControls());
    layout->addLayout(body, 1);
    setMinimumSize(kChartPanelMinimumSize);
    // Millions of requests a line: replayed only while someone can see them (scheduleWork).
    follow({DocumentChange::Scenario, DocumentChange::Baseline, DocumentChange::QuestionOpen});
    m_note->setText(tr("Replaying requests through the caches…"));
    scheduleWork();
}

ReplayPanel::~ReplayPanel() {
    if (m_running) {
        m_running->cancel = true;
    }
}

std::vector<Scenario> ReplayPanel::undoSteps() const {
    std::vector<Scenario> steps;
    if (Replayed(m_change->currentIndex()) != Replayed::UndoSteps) {
        return steps;
    }
    // The states the undo stack walks through, from its first entry's start to the scenario.
    const QUndoStack* stack = document()->undoStack();
    for (int i = 0; i < stack->index(); ++i) {
        const auto* step = dynamic_cast<const ScenarioCommand*>(stack->command(i));
        if (!step) {
            continue;
        }
        if (steps.empty()) {
            steps.push_back(step->before());
        }
        steps.push_back(step->after());
    }
    return steps;
}

void ReplayPanel::setUpWork() {
    setWork<ReplayStudy>(
        kStudyDebounceMs,
        [this] {
            if (m_running) {
                m_running->cancel = true;  // a newer study replaces it
            }
            m_running = std::make_shared<ReplayStudyProgress>();
            ReplayStudyInput input{this->document()->baselineScenario(),
                                   this->document()->scenario(),
                                   this->document()->computed()->keys,
                                   undoSteps(),
                                   kRequestChoices[std::max(0, m_requests->currentIndex())],
                                   m_cacheChosen ? uint64_t(m_cache->value()) : 0,
                                   0};
            m_progress->setValue(0);
            m_progress->show();
            m_cancel->show();
            m_poll->start();
            return [input = std::move(input), progress = m_running,
                    withheld = this->document()->isQuestionOpen()] {
                // While a question waits for its guess, no what-if or change is replayed.
                if (withheld) {
                    ReplayStudy study;
                    study.withheld = true;
                    return study;
                }
                return runReplayStudy(input, progress.get());
            };
        },
        [this](ReplayStudy study) {
            m_poll->stop();
            m_progress->hide();
            m_cancel->hide();
            m_study = std::move(study);
            if (m_study.cacheEntries) {
                const QSignalBlocker block(m_cache);
                m_cache->setValue(int(std::min<uint64_t>(m_study.cacheEntries, kMaxCacheEntries)));
            }
            showStudy();
            emit studyChanged();
        });
}

QHBoxLayout* ReplayPanel::makeControls() {
    m_cache->setRange(0, kMaxCacheEntries);
    m_cache->setSpecialValueText(tr("default"));  // 0: half the keys over the nodes
    m_cache->setGroupSeparatorShown(true);
    m_cache->setSuffix(tr(" entries"));
    m_cache->setToolTip(
        tr("Keys each node's LRU cache holds (default: half the keys spread over the nodes)"));
    for (const uint64_t n : kRequestChoices) {
        m_requests->addItem(format::count(n));
    }
    m_requests->setCurrentIndex(2);
    m_requests->setToolTip(tr("Requests replayed; the change takes effect halfway"));
    m_show->addItems({tr("Hit ratio"), tr("Origin requests")});
    m_change->addItems({tr("Since the baseline"), tr("Each undo step")});
    m_change->setToolTip(
        tr("Replay the change since the baseline halfway through the run, or every step of the "
           "undo history in order, evenly through it"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_cancel->hide();
    keepUsableWhileStale(m_progress);
    keepUsableWhileStale(m_cancel);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (m_running) {
            m_progress->setValue(int(m_running->fraction() * 1000));
        }
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_running) {
            m_running->cancel = true;
        }
    });
    connect(m_cache, &QSpinBox::valueChanged, this, [this] {
        m_cacheChosen = m_cache->value() > 0;
        scheduleWork();
    });
    connect(m_requests, &QComboBox::currentIndexChanged, this, [this] { scheduleWork(); });
    connect(m_change, &QComboBox::currentIndexChanged, this, [this] { scheduleWork(); });
    connect(m_show, &QComboBox::currentIndexChanged, this, [this] { showStudy(); });
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Cache per node:"), this));
    controls->addWidget(m_cache);
    controls->addWidget(new QLabel(tr("Requests:"), this));
    controls->addWidget(m_requests);
    controls->addWidget(new QLabel(tr("Change:"), this));
    controls->addWidget(m_change);
    controls->addWidget(new QLabel(tr("Show:"), this));
    controls->addWidget(m_show);
    controls->addWidget(m_progress, 1);
    controls->addWidget(m_cancel);
    controls->addStretch();
    return controls;
}

QString ReplayPanel::note() const {
    return m_note->text();
}

void ReplayPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_study.lines.empty()) {
        showStudy();  // the lines' colours come from the palette
    }
}

void ReplayPanel::showStudy() {
    const RingColors colors = RingColors::from(palette());
    const bool origin = Shown(m_show->currentIndex()) == Shown::Origin;
    // The chart's points: whole intervals summed, at most kChartPoints a line.
    const size_t intervals = m_study.interval ? size_t(m_study.requests / m_study.interval) : 0;
    const size_t step = std::max<size_t>(1, (intervals + kChartPoints - 1) / kChartPoints);
    const auto points = [&](const ReplayRun& run) {
        QList<QPointF> out;
        for (size_t first = 0; first < run.intervals.size(); first += step) {
            uint64_t requests = 0, hits = 0, end = 0;
            for (size_t i = first; i < std::min(run.intervals.size(), first + step); ++i) {
                requests += run.intervals[i].requests;
                hits += run.intervals[i].hits;
                end = run.intervals[i].end;
            }
            out << QPointF(double(end), origin     ? double(requests - hits)
                                        : requests ? double(hits) / double(requests)
                                                   : 0);
        }
        return out;
    };
    LineChartData data;
    const QString per = format::count(step * m_study.interval);
    data.xTitle = tr("requests");
    data.yTitle = !m_study.interval ? (origin ? tr("origin requests") : tr("hit ratio"))
                  : origin          ? tr("origin requests per %1").arg(per)
                                    : tr("hit ratio per %1").arg(per);
    for (const ReplayLine& line : m_study.lines) {
        if (!line.outcome) {
            continue;
        }
        LineSeriesData series{line.label, colors.text, points(line.outcome->run), false, false};
        if (line.algorithm) {
            series.color = algorithmColor(line.algorithm->algorithm,
                                          line.algorithm->boundedLoadPercent.has_value());
            series.dashed = line.algorithm->boundedLoadPercent.has_value();
        }
        data.series.push_back(std::move(series));
    }
    if (!data.series.empty() && m_study.lines.front().outcome) {
        // The own line's first point after the change.
        const QList<QPointF>& own = data.series.front().points;
        const auto after = std::find_if(
            own.begin(), own.end(), [&](const QPointF& p) { return p.x() > double(m_study.at); });
        if (after != own.end()) {
            data.mark =
                ChartMark{QPointF(double(m_study.at), after->y()), m_study.change, colors.moved};
        }
    }
    m_chart->setData(data);
    fillTable();
    m_note->setText(sentence());
}

void ReplayPanel::fillTable() {
    if (m_study.lines.empty()) {  // nothing replayed (withheld, no keys): no columns to speak of
        m_table->clear();
        m_table->setRowCount(0);
        m_table->setColumnCount(0);
        return;
    }
    const QStringList headers = {tr("Algorithm"), tr("Steady"),
                                 tr("First %1").arg(format::count(m_study.interval)),
                                 tr("Extra origin"), tr("Recovery")};
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeaderItem(1)->setToolTip(
        tr("The hit ratio over the quarter of the run just before the change"));
    m_table->horizontalHeaderItem(2)->setToolTip(
        tr("The hit ratio of the first %1 requests after the change")
            .arg(format::count(m_study.interval)));
    m_table->horizontalHeaderItem(3)->setToolTip(
        tr("Requests that reached the origin because of the change: misses after it, less those "
           "of the same stream through the changed fleet there from the start"));
    m_table->horizontalHeaderItem(4)->setToolTip(
        tr("Requests after the change until the hit ratio of %1 requests is back within 1 % of "
           "the steady one")
            .arg(format::count(m_study.interval)));
    m_table->setRowCount(int(m_study.lines.size()));
    for (size_t r = 0; r < m_study.lines.size(); ++r) {
        const ReplayLine& line = m_study.lines[r];
        QStringList cells{line.label};
        if (line.outcome) {
            const ReplaySummary& s = line.outcome->summary;
            cells << format::percent(s.steady) << format::percent(line.firstAfter())
                  << signedCount(s.extraOrigin)
                  << (s.recovered ? format::count(*s.recovered) : tr("not in the run"));
        } else {
            cells << line.error << QString() << QString() << QString();
        }
        for (qsizetype c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment((c ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
            if (!line.outcome && c == 1) {
                item->setToolTip(line.error);
            }
            QFont font = item->font();
            font.setBold(line.own);
            item->setFont(font);
            m_table->setItem(int(r), int(c), item);
        }
    }
    fitToColumns(m_table);
}

QString ReplayPanel::sentence() const {
    if (m_study.withheld) {
        return answerWithheldNote();
    }
    if (!m_study.error.isEmpty()) {
        return m_study.error;
    }
    if (m_study.cancelled) {
        return tr("Cancelled: the lines shown are those replayed before it.");
    }
    if (m_study.lines.empty() || !m_study.lines.front().outcome) {
        return m_study.lines.empty() ? tr("No keys to request.") : m_study.lines.front().error;
    }
    QString text =
        (m_study.whatIf ? tr("No change against the baseline, so this is what one more node "
                             "would cost: %1.")
                              .arg(m_study.change)
         : m_study.steps == 1
             ? tr("One undo step, halfway through the run: %1.").arg(m_study.change)
         : m_study.steps ? tr("%1 undo steps, evenly through the run: %2.")
                               .arg(format::count(m_study.steps), m_study.change)
                         : tr("The change since the baseline: %1.").arg(m_study.change)) +
        QLatin1Char(' ') +
        (m_study.changes.size() > 1
             ? tr("%1 requests over %2 keys through a cache of %3 entries a node; the first "
                  "change at request %4.")
             : tr("%1 requests over %2 keys through a cache of %3 entries a node; the change at "
                  "request %4."))
            .arg(format::count(m_study.requests), format::count(m_study.keysUsed),
                 format::count(m_study.cacheEntries), format::count(m_study.at));
    if (m_study.keysUsed < m_study.keysTotal) {
        text += tr(" (first %1 of %2 keys)")
                    .arg(format::count(m_study.keysUsed), format::count(m_study.keysTotal));
    }
    const auto costs = [](const ReplayLine& line) {
        const int64_t extra = line.outcome->summary.extraOrigin;
        return extra >= 0 ? tr("%1 extra requests reach the origin").arg(signedCount(extra))
                          : tr("the origin gets %1 fewer requests").arg(signedCount(-extra));
    };
    const ReplayLine& own = m_study.lines.front();
    text +=
        QLatin1Char(' ') +
        tr("In the first %4 requests after it, this scenario's hit ratio is %1 (steady %2); %3.")
            .arg(format::percent(own.firstAfter()), format::percent(own.outcome->summary.steady),
                 costs(own), format::count(m_study.interval));
    // The line most worth setting beside it: mod-N, or the ring when the scenario is mod-N.
    const auto beside = [&](Algorithm algorithm) -> const ReplayLine* {
        for (const ReplayLine& line : m_study.lines) {
            if (line.outcome && line.algorithm && line.algorithm->algorithm == algorithm &&
                !line.algorithm->boundedLoadPercent) {
                return &line;
            }
        }
        return nullptr;
    };
    const ReplayLine* other = beside(Algorithm::ModN);
    other = other ? other : beside(Algorithm::Ring);
    if (other) {
        text += QLatin1Char(' ') +
                tr("Under %1: %2; %3.")
                    .arg(other->label, format::percent(other->firstAfter()), costs(*other));
    }
    return text;
}

namespace {
// The Replay view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"replay", "replayDock", QT_TRANSLATE_NOOP("QObject", "Replay"), 62,
     [](const ViewContext& c) -> QWidget* { return new ReplayPanel(c.document, c.parent); }, true}};
}  // namespace

}  // namespace ringscope
