#pragma once
// The JumpBack view: buckets 0…N−1 as a strip in their nodes' colours, widened to the power of
// two the walk draws in (the part past N greyed), and under it the selected key's walk backwards,
// one row a candidate: the range it was drawn in, the candidate, and what the walk did with it —
// drawn again because it was ≥ N, left for the next lower bit, or taken. Beside it, what adding a
// node as bucket N and removing the last node would move under JumpBack.

#include <QWidget>

#include <optional>
#include <vector>

#include "analysispanel.h"
#include "jumpback.h"
#include "jumpbackanalysis.h"

namespace ringscope {

class Document;
class KeySelector;

struct JumpBackPicture {
    QStringList ids;  // bucket -> node id
    std::vector<QColor> colors;
    QString key;         // the key walked, empty for none
    uint64_t value = 0;  // its 64-bit value
    std::vector<JumpBackStep> walk;
    QString servedBy;  // when the bucket taken is a down node's: the live node that serves it
};

class JumpBackWalkView : public QWidget {
    Q_OBJECT
public:
    // Rows drawn at most; a longer walk ends in a "… more draws" row.
    static constexpr size_t kMaxRows = 8;

    explicit JumpBackWalkView(QWidget* parent = nullptr);
    void setPicture(JumpBackPicture picture);
    const JumpBackPicture& picture() const { return m_picture; }
    // The positions drawn: N rounded up to a power of two (the walk's candidates stay below).
    uint64_t positions() const;
    // The centre of step `step`'s candidate, and bucket `bucket`'s cell in the strip.
    QPointF candidateCentre(size_t step) const;
    QRectF bucketRect(uint64_t bucket) const;
    // The rows' texts, in order (the steps shown, then "… more" when cut).
    QStringList rowTexts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRectF axis() const;  // the strip's cells' extent
    qreal rowY(size_t row) const;
    QString stepText(const JumpBackStep& step) const;

    JumpBackPicture m_picture;
};

using JumpBackJob = WhatIfJob<JumpBackWhatIf>;

class JumpBackPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit JumpBackPanel(Document* document, QWidget* parent = nullptr);
    const JumpBackWalkView& walkView() const { return *m_walk; }

private:
    void refresh();
    QString walkText(const JumpBackPicture& p) const;
    QString countsText() const;

    KeySelector* m_key;
    JumpBackWalkView* m_walk;
    JumpBackJob m_result;
    bool m_done = false;
};

}  // namespace ringscope
