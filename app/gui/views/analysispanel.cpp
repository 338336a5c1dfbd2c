#include "analysispanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "document.h"
#include "membershipchange.h"
#include "placed.h"
#include "quietteardown.h"
#include "ringcolors.h"

namespace ringscope {

void setUpErrorLabel(QLabel* label) {
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QPalette warning = label->palette();
    warning.setColor(QPalette::WindowText, RingColors::from(label->palette()).moved);
    label->setPalette(warning);
    label->hide();
}

std::optional<QString> whatIfPendingText(bool done, const QString& error, bool withheld,
                                         bool counted, const QString& counting) {
    if (!done) {
        return counting;
    }
    if (!error.isEmpty()) {
        return QLatin1Char(' ') + error;
    }
    if (withheld) {
        return QLatin1Char(' ') + answerWithheldNote();
    }
    if (!counted) {
        return QString();
    }
    return std::nullopt;
}

QString failureText(const std::exception& error) {
    return QString::fromStdString(describeFailure(error));
}

AnalysisPanel::AnalysisPanel(Document* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_summary(new QLabel(this)),
      m_stale(new QTimer(this)) {
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_stale->setSingleShot(true);
    m_stale->setInterval(kStaleAfterMs);
    connect(m_stale, &QTimer::timeout, this, [this] {
        if (isBusy()) {
            m_isStale = true;
            greyOut(true);
        }
    });
}

AnalysisPanel::~AnalysisPanel() {
    disconnectChildren(this);  // see quietteardown.h
}

AnalysisPanel::WhatIfInputs AnalysisPanel::whatIfInputs(size_t cap) const {
    const Document& doc = *m_document;
    return {doc.scenario(), sampleKeys(doc.computed()->keys, cap), doc.keys().size(),
            doc.isQuestionOpen(), doc.limits()};
}

void AnalysisPanel::layOutKeyPicture(QWidget* key, QWidget* picture) {
    auto* top = new QHBoxLayout;
    top->addWidget(key);
    top->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kPanelMargin, kPanelMargin, kPanelMargin, kPanelMargin);
    layout->setSpacing(kPanelSpacing);
    layout->addLayout(top);
    layout->addWidget(picture, 1);
    layout->addWidget(m_summary);
    setMinimumSize(kPanelMinimumSize);
}

QString AnalysisPanel::summary() const {
    return m_summary->text();
}

void AnalysisPanel::waitForIdle() {
    if (m_putOff) {
        m_putOff = false;
        m_work->schedule();
    }
    if (m_work) {
        m_work->waitForIdle();
    }
}

bool AnalysisPanel::isBusy() const {
    return m_work && m_work->isBusy();
}

bool AnalysisPanel::isStale() const {
    return m_isStale;
}

void AnalysisPanel::showCurrent() {
    m_stale->stop();
    if (m_isStale) {
        m_isStale = false;
        greyOut(false);
    }
}

void AnalysisPanel::keepUsableWhileStale(QWidget* widget) {
    m_usable.push_back(widget);
}

void AnalysisPanel::greyOut(bool grey) {
    if (m_usable.empty()) {
        setEnabled(!grey);
        return;
    }
    // Each child but the ones kept usable; the panel itself stays enabled so that they can be.
    for (QWidget* child : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (std::find(m_usable.begin(), m_usable.end(), child) == m_usable.end()) {
            child->setEnabled(!grey);
        }
    }
}

void AnalysisPanel::scheduleWork() {
    if (!m_work) {
        return;
    }
    if (!isVisible() && !worksWhileHidden()) {
        m_putOff = true;
        return;
    }
    m_putOff = false;
    m_work->schedule();
    m_stale->start();
}

void AnalysisPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_putOff) {
        // What the panel shows is about an older document from the start: greyed at once.
        m_putOff = false;
        m_isStale = true;
        greyOut(true);
        m_work->schedule();
    }
}

void AnalysisPanel::follow(std::initializer_list<DocumentChange> changes,
                           std::function<void()> react) {
    if (!react) {
        react = [this] { scheduleWork(); };
    }
    for (const DocumentChange change : changes) {
        switch (change) {
            case DocumentChange::Scenario:
                connect(m_document, &Document::scenarioChanged, this, react);
                break;
            case DocumentChange::Baseline:
                // A new scenario brings its baseline with scenarioChanged alone.
                connect(m_document, &Document::baselineChanged, this, react);
                if (std::find(changes.begin(), changes.end(), DocumentChange::Scenario) ==
                    changes.end()) {
                    connect(m_document, &Document::scenarioChanged, this, react);
                }
                break;
            case DocumentChange::QuestionOpen:
                connect(m_document, &Document::questionOpenChanged, this, react);
                break;
            case DocumentChange::SelectedKey:
                connect(m_document, &Document::selectedKeyChanged, this, react);
                break;
        }
    }
}

}  // namespace ringscope
