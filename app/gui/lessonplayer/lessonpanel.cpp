#include "lessonpanel.h"

#include <QAction>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include "lessonplayer.h"
#include "numberformat.h"
#include "qstrings.h"
#include "ringcolors.h"
#include "theme.h"

namespace ringscope {

namespace {

// Presenting to a room: the panel's type this much larger.
constexpr double kPresentFontScale = 1.7;
constexpr int kSwatchPx = 14;

// Space on a focused button presses it (Qt would otherwise give it to the Next shortcut first,
// and a learner tabbing to a node's button would pass the question instead of answering).
class SpaceToButton : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ShortcutOverride &&
            static_cast<QKeyEvent*>(event)->key() == Qt::Key_Space) {
            event->accept();
            return true;
        }
        return QObject::eventFilter(watched, event);
    }
};

// Lesson text as rich text: `code spans` in a fixed-width face, everything else escaped.
QString narrationHtml(const QString& text) {
    const QStringList parts = text.split(u'`');
    QString html;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString escaped = parts[i].toHtmlEscaped();
        html += i % 2 == 1 ? QStringLiteral("<code>%1</code>").arg(escaped) : escaped;
    }
    return html.replace(u'\n', QStringLiteral("<br>"));
}

QLabel* wrapped(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QIcon swatch(const QColor& color) {
    QPixmap pixmap(kSwatchPx, kSwatchPx);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0x20, 0x20, 0x20), 1));
    p.setBrush(color);
    p.drawRoundedRect(QRectF(0.5, 0.5, kSwatchPx - 1, kSwatchPx - 1), 3, 3);
    return QIcon(pixmap);
}

}  // namespace

LessonPanel::LessonPanel(LessonPlayer* player, QAction* playChange, QWidget* parent)
    : QWidget(parent),
      m_player(player),
      m_nextAction(new QAction(tr("&Next Step"), this)),
      m_backAction(new QAction(tr("&Previous Step"), this)),
      m_restartAction(new QAction(tr("&Restart"), this)) {
    setObjectName(QStringLiteral("lessonPanel"));
    m_baseFont = font();
    setUpStepActions();
    m_idle = buildIdle();
    m_active = buildActive(playChange);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_idle);
    layout->addWidget(m_active);

    auto* space = new SpaceToButton(this);
    for (QAbstractButton* b : findChildren<QAbstractButton*>()) {
        b->installEventFilter(space);
    }
    connect(m_player, &LessonPlayer::changed, this, &LessonPanel::refresh);
    applyFonts();
    refresh();
}

// The step actions: their keys, tips and the player's slots.
void LessonPanel::setUpStepActions() {
    // Stepping keys work in the panel and, added there by the window, on the ring. A text
    // field keeps its arrows and Space (it claims them before shortcuts apply).
    m_nextAction->setShortcuts(
        {QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_PageDown)});
    m_backAction->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp)});
    m_restartAction->setShortcut(QKeySequence(Qt::Key_Home));
    for (QAction* a : {m_nextAction, m_backAction, m_restartAction}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    m_nextAction->setToolTip(
        tr("Next step (→, Space, Page Down); an open question is "
           "revealed first"));
    m_backAction->setToolTip(tr("Previous step (←, Page Up)"));
    m_restartAction->setToolTip(tr("Start the lesson again from its first step (Home)"));
    connect(m_nextAction, &QAction::triggered, m_player, &LessonPlayer::next);
    connect(m_backAction, &QAction::triggered, m_player, &LessonPlayer::back);
    connect(m_restartAction, &QAction::triggered, m_player, &LessonPlayer::restart);
}

// Nothing playing: the way in.
QWidget* LessonPanel::buildIdle() {
    auto* idle = new QWidget(this);
    auto* idleLayout = new QVBoxLayout(idle);
    auto* welcome = wrapped(idle);
    welcome->setText(
        tr("<p><b>Learn consistent hashing step by step.</b></p><p>Each lesson sets up the ring, "
           "tells you what to look at and asks you to predict before it changes anything. You "
           "may poke at the ring between steps: Next and Back bring the lesson's state "
           "back.</p><p>The course is in the <i>Lessons</i> menu.</p>"));
    auto* startCourse = new QPushButton(tr("Start the Course"), idle);
    auto* practice = new QPushButton(tr("Interview Practice"), idle);
    connect(startCourse, &QPushButton::clicked, this, &LessonPanel::startCourseRequested);
    connect(practice, &QPushButton::clicked, this, &LessonPanel::practiceRequested);
    idleLayout->addWidget(welcome);
    idleLayout->addWidget(startCourse);
    idleLayout->addWidget(practice);
    idleLayout->addStretch(1);

    return idle;
}

// The question asked before the change: its prompt, a number field or the choices.
QGroupBox* LessonPanel::buildQuestion(QWidget* parent) {
    m_question = new QGroupBox(tr("Predict"), parent);
    auto* questionLayout = new QVBoxLayout(m_question);
    m_prompt = wrapped(m_question);
    m_prompt->setObjectName(QStringLiteral("lessonPrompt"));
    questionLayout->addWidget(m_prompt);
    m_numberRow = new QWidget(m_question);
    auto* numberLayout = new QHBoxLayout(m_numberRow);
    numberLayout->setContentsMargins(0, 0, 0, 0);
    m_number = new QLineEdit(m_numberRow);
    m_number->setObjectName(QStringLiteral("lessonGuess"));
    m_number->setPlaceholderText(tr("Your guess"));
    m_number->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[0-9][0-9,. ]{0,15}")), m_number));
    m_answer = new QPushButton(tr("Answer"), m_numberRow);
    m_answer->setObjectName(QStringLiteral("lessonAnswer"));
    numberLayout->addWidget(m_number, 1);
    numberLayout->addWidget(m_answer);
    questionLayout->addWidget(m_numberRow);
    m_options = new QWidget(m_question);
    m_optionsLayout = new QGridLayout(m_options);
    m_optionsLayout->setContentsMargins(0, 0, 0, 0);
    questionLayout->addWidget(m_options);
    connect(m_number, &QLineEdit::returnPressed, this, &LessonPanel::submitNumber);
    connect(m_answer, &QPushButton::clicked, this, &LessonPanel::submitNumber);
    connect(m_number, &QLineEdit::textChanged, this,
            [this](const QString& text) { m_answer->setEnabled(!text.trimmed().isEmpty()); });

    return m_question;
}

// The truth beside the guess, once answered.
QGroupBox* LessonPanel::buildReveal(QWidget* parent) {
    m_reveal = new QGroupBox(tr("The truth"), parent);
    m_reveal->setObjectName(QStringLiteral("lessonReveal"));
    auto* grid = new QGridLayout(m_reveal);
    m_guess = new QLabel(m_reveal);
    m_guess->setObjectName(QStringLiteral("revealGuess"));
    m_verdict = new QLabel(m_reveal);
    m_verdict->setObjectName(QStringLiteral("revealVerdict"));
    m_truth = new QLabel(m_reveal);
    m_truth->setObjectName(QStringLiteral("revealTruth"));
    m_idealLabel = new QLabel(tr("Ideal"), m_reveal);
    m_ideal = new QLabel(m_reveal);
    m_ideal->setObjectName(QStringLiteral("revealIdeal"));
    for (QLabel* label : {m_guess, m_truth, m_ideal}) {
        label->setTextFormat(Qt::PlainText);  // a guess, a node id: as written
    }
    m_explanation = wrapped(m_reveal);
    m_explanation->setObjectName(QStringLiteral("revealExplanation"));
    grid->addWidget(new QLabel(tr("Your guess"), m_reveal), 0, 0);
    grid->addWidget(m_guess, 0, 1);
    grid->addWidget(m_verdict, 0, 2);
    grid->addWidget(new QLabel(tr("Answer"), m_reveal), 1, 0);
    grid->addWidget(m_truth, 1, 1);
    grid->addWidget(m_idealLabel, 2, 0);
    grid->addWidget(m_ideal, 2, 1);
    grid->addWidget(m_explanation, 3, 0, 1, 3);
    grid->setColumnStretch(2, 1);

    return m_reveal;
}

// Shown once the learner has changed the ring during a step: the way back.
QFrame* LessonPanel::buildPoked(QWidget* parent) {
    m_poked = new QFrame(parent);
    m_poked->setFrameShape(QFrame::StyledPanel);
    auto* pokedLayout = new QHBoxLayout(m_poked);
    auto* pokedText = wrapped(m_poked);
    pokedText->setText(
        tr("You changed the ring. Next, Back or Restore bring the lesson's "
           "state back."));
    auto* restore = new QPushButton(tr("Restore"), m_poked);
    restore->setObjectName(QStringLiteral("lessonRestore"));
    restore->setToolTip(tr("Drop your changes and show this step as the lesson set it up"));
    connect(restore, &QPushButton::clicked, m_player, &LessonPlayer::restoreStep);
    pokedLayout->addWidget(pokedText, 1);
    pokedLayout->addWidget(restore);

    return m_poked;
}

// A lesson or practice session: its title, the step's narration, the question and the truth,
// scrolled, above the step buttons.
QWidget* LessonPanel::buildActive(QAction* playChange) {
    m_active = new QWidget(this);
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    auto* header = new QHBoxLayout;
    m_title = wrapped(content);
    m_counter = new QLabel(content);
    m_counter->setObjectName(QStringLiteral("lessonCounter"));
    header->addWidget(m_title, 1);
    header->addWidget(m_counter, 0, Qt::AlignTop);
    column->addLayout(header);
    m_score = new QLabel(content);
    m_score->setObjectName(QStringLiteral("practiceScore"));
    column->addWidget(m_score);
    m_stepTitle = wrapped(content);
    column->addWidget(m_stepTitle);
    m_narration = wrapped(content);
    m_narration->setObjectName(QStringLiteral("lessonNarration"));
    column->addWidget(m_narration);

    column->addWidget(buildQuestion(content));
    column->addWidget(buildReveal(content));
    column->addWidget(buildPoked(content));
    column->addStretch(1);

    auto* scroll = new QScrollArea(m_active);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* buttons = new QHBoxLayout;
    m_back = new QPushButton(tr("◀ Back"), m_active);
    m_back->setObjectName(QStringLiteral("lessonBack"));
    m_next = new QPushButton(tr("Next ▶"), m_active);
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_next->setDefault(true);
    m_restart = new QToolButton(m_active);
    m_restart->setDefaultAction(m_restartAction);
    m_play = new QToolButton(m_active);
    m_play->setDefaultAction(playChange);
    m_play->setToolButtonStyle(Qt::ToolButtonTextOnly);
    // Out of the lesson at any step, back to the document that was open before it.
    auto* leave = new QPushButton(tr("Leave"), m_active);
    leave->setObjectName(QStringLiteral("lessonLeave"));
    leave->setToolTip(tr("Leave and go back to the scenario you had open, as it was (Esc)"));
    connect(leave, &QPushButton::clicked, m_player, &LessonPlayer::leave);
    connect(m_back, &QPushButton::clicked, m_backAction, &QAction::trigger);
    connect(m_next, &QPushButton::clicked, m_nextAction, &QAction::trigger);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    buttons->addWidget(m_play);
    buttons->addWidget(m_restart);
    buttons->addWidget(leave);
    auto* activeLayout = new QVBoxLayout(m_active);
    activeLayout->setContentsMargins(0, 0, 0, 0);
    activeLayout->addWidget(scroll, 1);
    activeLayout->addLayout(buttons);

    return m_active;
}

void LessonPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        refresh();  // the verdict's colour follows the palette
    }
    QWidget::changeEvent(event);
}

void LessonPanel::setPresenting(bool on) {
    m_presenting = on;
    applyFonts();
}

void LessonPanel::focusNext() {
    (m_next->isEnabled() ? m_next : m_back)->setFocus();
}

void LessonPanel::applyFonts() {
    QFont base = m_baseFont;
    if (m_presenting) {
        base.setPointSizeF(m_baseFont.pointSizeF() * kPresentFontScale);
    }
    setFont(base);
    QFont title = base;
    title.setBold(true);
    title.setPointSizeF(base.pointSizeF() * 1.15);
    m_title->setFont(title);
    QFont step = base;
    step.setBold(true);
    m_stepTitle->setFont(step);
    QFont big = base;
    big.setBold(true);
    big.setPointSizeF(base.pointSizeF() * 1.3);
    for (QLabel* value : {m_guess, m_truth, m_ideal}) {
        value->setFont(big);
    }
}

// ---------------------------------------------------------------------------------------------

void LessonPanel::refresh() {
    using Mode = LessonPlayer::Mode;
    const Mode mode = m_player->mode();
    m_idle->setVisible(mode == Mode::Idle);
    m_active->setVisible(mode != Mode::Idle);
    const bool lesson = mode == Mode::Lesson;
    const bool canGoOn = mode != Mode::Idle && (!lesson || m_player->isAsking() ||
                                                m_player->stepIndex() + 1 < m_player->stepCount());
    if (!canGoOn && m_next->hasFocus()) {
        m_back->setFocus();  // keep the keys in the panel at the last step
    }
    m_nextAction->setEnabled(canGoOn);
    m_backAction->setEnabled(lesson && m_player->stepIndex() > 0);
    m_restartAction->setEnabled(mode != Mode::Idle);
    m_back->setEnabled(m_backAction->isEnabled());
    m_next->setEnabled(m_nextAction->isEnabled());
    m_back->setVisible(lesson);
    if (mode == Mode::Idle) {
        return;
    }
    m_restartAction->setText(lesson ? tr("&Restart") : tr("New &Session"));
    if (lesson) {
        m_title->setText(m_player->title().toHtmlEscaped());
        m_counter->setText(
            tr("Step %1 of %2").arg(m_player->stepIndex() + 1).arg(m_player->stepCount()));
        m_next->setText(m_player->isAsking() ? tr("Reveal ▶") : tr("Next ▶"));
        m_score->setVisible(m_player->answered() > 0);
        m_score->setText(
            tr("Questions: %1 of %2 right").arg(m_player->correct()).arg(m_player->answered()));
    } else {
        const lesson::PracticeScore score = m_player->practiceScore();
        m_title->setText(tr("Interview practice").toHtmlEscaped());
        m_counter->setText(tr("Question %1").arg(m_player->stepIndex() + 1));
        m_next->setText(m_player->isAsking() ? tr("Reveal ▶") : tr("Next Question ▶"));
        m_score->setVisible(true);
        m_score->setText(tr("Score: %1 of %2 right · streak %3 · best %4")
                             .arg(score.correct)
                             .arg(score.asked)
                             .arg(score.streak)
                             .arg(score.bestStreak));
    }
    const QString stepTitle = m_player->stepTitle();
    m_stepTitle->setVisible(!stepTitle.isEmpty());
    m_stepTitle->setText(stepTitle.toHtmlEscaped());
    const QString narration = m_player->narration();
    m_narration->setVisible(!narration.isEmpty());
    m_narration->setText(narrationHtml(narration));
    refreshQuestion();
    refreshReveal();
    m_poked->setVisible(m_player->isPoked());
}

void LessonPanel::refreshQuestion() {
    const auto kind = m_player->questionKind();
    m_question->setVisible(kind.has_value());
    if (!kind) {
        return;
    }
    const bool asking = m_player->isAsking();
    m_prompt->setText(narrationHtml(m_player->prompt()));
    m_numberRow->setVisible(asking && *kind == lesson::AnswerKind::Number);
    m_number->setEnabled(asking);
    if (!asking) {
        m_number->clear();
    }
    m_answer->setEnabled(!m_number->text().trimmed().isEmpty());
    // A button per node or choice; a click answers.
    while (QLayoutItem* item = m_optionsLayout->takeAt(0)) {
        QWidget* gone = item->widget();
        gone->hide();
        gone->setObjectName(QString());
        gone->deleteLater();  // its own click may be what got us here
        delete item;
    }
    m_options->setVisible(asking && *kind != lesson::AnswerKind::Number);
    if (!asking || *kind == lesson::AnswerKind::Number) {
        return;
    }
    std::vector<std::pair<QString, QString>> options;  // guess, label
    std::vector<QIcon> icons;
    if (*kind == lesson::AnswerKind::Node) {
        const std::vector<std::string> nodes = m_player->nodeOptions();
        const std::vector<QColor> colors = nodeColors(nodes);
        for (size_t n = 0; n < nodes.size(); ++n) {
            options.emplace_back(qs(nodes[n]), qs(nodes[n]));
            icons.push_back(swatch(colors[n]));
        }
    } else {
        for (const lesson::Choice& c : m_player->choices()) {
            options.emplace_back(qs(c.id), c.text.in(m_player->language()));
        }
    }
    const int columns = *kind == lesson::AnswerKind::Node ? 4 : 1;
    auto* space = new SpaceToButton(m_options);
    for (size_t i = 0; i < options.size(); ++i) {
        // As written: a "&" in a node id is a character, not a shortcut's mark.
        auto* button = new QPushButton(
            QString(options[i].second).replace(u'&', QStringLiteral("&&")), m_options);
        button->setObjectName(QStringLiteral("option-") + options[i].first);
        if (i < icons.size()) {
            button->setIcon(icons[i]);
        }
        button->installEventFilter(space);
        connect(button, &QPushButton::clicked, this,
                [this, guess = options[i].first] { m_player->answer(guess); });
        m_optionsLayout->addWidget(button, int(i) / columns, int(i) % columns);
        button->show();
    }
}

QString LessonPanel::guessText(const QString& guess) const {
    if (guess.isEmpty()) {
        return tr("—");
    }
    for (const lesson::Choice& c : m_player->choices()) {
        if (qs(c.id) == guess) {
            return c.text.in(m_player->language());
        }
    }
    return guess;
}

void LessonPanel::refreshReveal() {
    const lesson::Reveal* r = m_player->reveal();
    m_reveal->setVisible(r != nullptr);
    if (!r) {
        return;
    }
    const lesson::Language language = m_player->language();
    m_guess->setText(guessText(r->guess));
    // The verdict says it in words too, not in colour alone.
    const bool passed = r->guess.isEmpty();
    m_verdict->setText(passed ? tr("(no guess)") : r->correct ? tr("✓ right") : tr("✗ not quite"));
    QPalette verdict = palette();
    if (!passed) {
        verdict.setColor(QPalette::WindowText, verdictColor(r->correct, palette()));
    }
    m_verdict->setPalette(verdict);
    m_truth->setText(r->truth.in(language));
    const QString ideal = r->ideal.in(language);
    m_idealLabel->setVisible(!ideal.isEmpty());
    m_ideal->setVisible(!ideal.isEmpty());
    m_ideal->setText(ideal);
    m_explanation->setText(narrationHtml(r->explanation.in(language)));
}

void LessonPanel::submitNumber() {
    const QString guess = m_number->text().trimmed();
    if (!guess.isEmpty() && m_player->answer(guess)) {
        m_next->setFocus();  // Enter answered; Space or → goes on
    }
}

}  // namespace ringscope
