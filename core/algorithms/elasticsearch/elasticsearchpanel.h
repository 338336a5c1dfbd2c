#pragma once
// The Elasticsearch view: the index's routing shards as a strip, cut into its shards in their
// nodes' colours, and under it the strip of the split the routing shards allow next, each shard's
// children in its colour; the selected document's routing slot marked through both. Its rows
// give the route step by step (the routing's Murmur3 over its UTF-16 code units, floorMod by the
// routing shards, the routing factor), and the summary what a split and a reindex into one shard
// more would move.

#include <QWidget>

#include <optional>

#include "analysispanel.h"
#include "elasticsearch.h"
#include "elasticsearchanalysis.h"

namespace ringscope {

class Document;
class KeySelector;

struct EsPicture {
    QStringList ids;  // shard -> node id
    std::vector<QColor> colors;
    uint32_t routingShards = 0;
    uint32_t splitShards = 0;  // the next split's shards; 0: none left
    QString key;               // the document routed, empty for none
    size_t units = 0;          // its UTF-16 code units
    EsRoute route;
    QString servedBy;  // when its shard's node is down: the live node that serves it
};

class EsRouteView : public QWidget {
    Q_OBJECT
public:
    explicit EsRouteView(QWidget* parent = nullptr);
    void setPicture(EsPicture picture);
    const EsPicture& picture() const { return m_picture; }
    // Shard `shard`'s extent in the strip of `shards` shards (the index's, or the split's).
    QRectF shardRect(uint32_t shard, uint32_t shards, bool split) const;
    // Where the document's slot is on the strips (x), NaN with no document.
    qreal slotX() const;
    // The rows' texts: the route's steps, then the split's.
    QStringList rowTexts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString stripLabel(bool split) const;
    QRectF strip(bool split) const;
    void paintStrip(QPainter& p, bool split) const;

    EsPicture m_picture;
};

using ElasticsearchJob = WhatIfJob<ElasticsearchWhatIf>;

class ElasticsearchPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit ElasticsearchPanel(Document* document, QWidget* parent = nullptr);
    const EsRouteView& routeView() const { return *m_route; }

private:
    void refresh();
    QString routeText(const EsPicture& p) const;
    QString countsText() const;

    KeySelector* m_key;
    EsRouteView* m_route;
    ElasticsearchJob m_result;
    bool m_done = false;
};

}  // namespace ringscope
