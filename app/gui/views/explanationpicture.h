#pragma once
// What the hand-painted pictures of an analysis share (the Maglev table, the Redis slot ring, the
// bounded loads' chart): the explanation they draw, held shared with their panel, the node
// colours that follow its nodes, and a layout worked out when the explanation or the size
// changes, so that paintEvent only paints.

#include <QResizeEvent>
#include <QWidget>

#include <memory>
#include <vector>

#include "ringcolors.h"

namespace ringscope {

template <typename Explanation>
class ExplanationPicture : public QWidget {
public:
    void setExplanation(std::shared_ptr<const Explanation> explanation) {
        m_data = std::move(explanation);
        m_colors = m_data ? nodeColors(m_data->nodes) : std::vector<QColor>();
        explanationSet();
        relayout();
        update();
    }

protected:
    explicit ExplanationPicture(QWidget* parent) : QWidget(parent) {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
        setMouseTracking(true);
    }
    // After a new explanation is held, before it is laid out: what the picture resets.
    virtual void explanationSet() {}
    // Works out what paintEvent paints from the explanation and the size.
    virtual void relayout() = 0;
    void resizeEvent(QResizeEvent* event) override {
        QWidget::resizeEvent(event);
        relayout();
    }

    std::shared_ptr<const Explanation> m_data;
    std::vector<QColor> m_colors;  // by node, from the explanation's nodes
};

}  // namespace ringscope
