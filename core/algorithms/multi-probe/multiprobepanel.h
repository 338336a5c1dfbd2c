#pragma once
// The multi-probe view: the 64-bit ring with one point a node in its colour, the selected key's
// probes h1 + i·h2 around it, each with the arc to the nearest point after it, and the shortest
// arc — the one that decides the key's node — drawn bold. Beside it, the balance one point a
// node reaches with these probes and with one, and what removing the key's node and adding a
// node would move.

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "analysispanel.h"
#include "multiprobe.h"
#include "multiprobeanalysis.h"
#include "multiprobeplacement.h"

namespace ringscope {

class Document;
class KeySelector;

struct MultiProbePicture {
    QStringList ids;
    std::vector<QColor> colors;
    std::vector<MultiProbeRing::Point> points;  // sorted by value
    QString key;
    std::vector<MultiProbeRing::Look> looks;  // the key's probes, in probe order
    size_t winner = 0;                        // index in looks
};

class MultiProbeRingView : public QWidget {
    Q_OBJECT
public:
    explicit MultiProbeRingView(QWidget* parent = nullptr);
    void setPicture(MultiProbePicture picture);
    const MultiProbePicture& picture() const { return m_picture; }
    // Where a ring position is drawn, at `radius` times the ring's radius.
    QPointF at(uint64_t position, qreal radius = 1) const;
    QSize sizeHint() const override { return {420, 320}; }
    QSize minimumSizeHint() const override { return {240, 200}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QPointF centre() const;
    qreal radius() const;
    QPainterPath arc(uint64_t from, uint64_t to, qreal radius) const;

    MultiProbePicture m_picture;
};

using MultiProbeJob = WhatIfJob<MultiProbeWhatIf>;

class MultiProbePanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit MultiProbePanel(Document* document, QWidget* parent = nullptr);
    const MultiProbeRingView& ringView() const { return *m_ring; }

private:
    // The live nodes' ring, ids, colours and parameters, built when the scenario changes (a key
    // click then costs its probes alone).
    void rebuildRing();
    void refresh();
    QString keyText(const MultiProbePicture& p) const;
    QString countsText() const;
    std::optional<size_t> keyNode() const;  // the selected key's node, if any

    KeySelector* m_key;
    MultiProbeRingView* m_ring;
    std::shared_ptr<const MultiProbeRing> m_live;
    QStringList m_ids;
    std::vector<QColor> m_colors;
    MultiProbeParams m_params;
    MultiProbeJob m_result;
    bool m_done = false;
};

}  // namespace ringscope
