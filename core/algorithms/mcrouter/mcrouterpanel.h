#pragma once
// The mcrouter view: the pool's servers as a strip in their nodes' colours, and under it the
// selected key's route through the scenario's hash function, one row a step: Ch3's tries (the
// number its bits make, taken when it is below the pool size), WeightedCh3's salted tries (the
// server furc gives, kept when the key's Spooky value falls under the server's weight),
// WeightedCh4's tries (furc's stream read on, kept when its next 32 bits fall under the weight),
// or the rendezvous scores, highest first. Beside it, what adding a server, removing the last and
// removing one in the middle would move.

#include <QWidget>

#include <optional>
#include <vector>

#include "analysispanel.h"
#include "mcrouteranalysis.h"

namespace ringscope {

class Document;
class KeySelector;

struct McrouterRow {
    enum class Mark : uint8_t { Taken, Refused, Score };
    QString text;
    uint64_t server = 0;  // the place on the strip it points at (may pass N: Ch3's numbers)
    Mark mark = Mark::Score;
};

struct McrouterPicture {
    QStringList ids;  // server -> node id
    std::vector<QColor> colors;
    McrouterHashFunc hashFunc = McrouterHashFunc::Ch3;
    QString key;         // the key routed, empty for none
    QString routingKey;  // the part hashed, when it is not the whole key
    uint32_t server = 0;
    std::vector<McrouterRow> rows;
    bool serverDown = false;
    QString servedBy;  // when the server is a down node: the live node that serves its keys
};

class McrouterRouteView : public QWidget {
    Q_OBJECT
public:
    // Rows drawn at most; a longer route ends in a "… more" row.
    static constexpr size_t kMaxRows = 8;

    explicit McrouterRouteView(QWidget* parent = nullptr);
    void setPicture(McrouterPicture picture);
    const McrouterPicture& picture() const { return m_picture; }
    // The places drawn: N, or for the furc functions N rounded up to a power of two (furc's
    // numbers stay below).
    uint64_t positions() const;
    QRectF serverRect(uint64_t server) const;
    QPointF markCentre(size_t row) const;
    // The rows' texts, in order (the rows shown, then "… more" when cut).
    QStringList rowTexts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRectF axis() const;
    qreal rowY(size_t row) const;
    void paintStrip(QPainter& p) const;

    McrouterPicture m_picture;
};

using McrouterJob = WhatIfJob<McrouterWhatIf>;

class McrouterPanel : public AnalysisPanel {
    Q_OBJECT
public:
    explicit McrouterPanel(Document* document, QWidget* parent = nullptr);
    const McrouterRouteView& routeView() const { return *m_route; }

    // The steps of `key` through the scenario's hash function, as the view draws them.
    static McrouterPicture pictureOf(const Scenario& scenario, const std::string& key);

private:
    void refresh();
    QString routeText(const McrouterPicture& p) const;
    QString countsText() const;

    KeySelector* m_key;
    McrouterRouteView* m_route;
    McrouterJob m_result;
    bool m_done = false;
};

}  // namespace ringscope
