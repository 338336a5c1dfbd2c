// The DxHash view (removedbucketspanel.h): the capacity's buckets, the active ones in their
// nodes' colours, and the selected key's draws from java.util.Random until an active one.
#include "dxplacement.h"
#include "removedbucketspanel.h"
#include "viewregistry.h"

namespace ringscope {

class DxPanel final : public RemovedBucketsPanel {
    Q_OBJECT
public:
    DxPanel(Document* document, QWidget* parent)
        : RemovedBucketsPanel(document, Algorithm::Dx, parent) {
        start();
    }

private:
    // Draws listed at most (a key draws capacity / working times, expected).
    static constexpr size_t kMostDraws = 10'000;

    void describeTable(const Placement& placement, BucketsPicture& picture) const override {
        const DxTable& table = placement.stateAs<DxPlacement>()->table();
        picture.cells = table.capacity();
        picture.heading = tr("capacity %L1, %L2 active").arg(table.capacity()).arg(table.working());
    }
    std::vector<BucketPathStep> keyPath(const Placement& placement, uint64_t value) const override {
        const DxTable& table = placement.stateAs<DxPlacement>()->table();
        std::vector<BucketPathStep> path;
        for (const uint32_t b : table.draws(value, kMostDraws)) {
            path.push_back(
                {b,
                 tr("nextInt(%L1) → %L2 (%3)").arg(table.capacity()).arg(b).arg(bucketWords(b))});
        }
        return path;
    }
    QString explanation() const override {
        return tr(
            "DxHash seeds java.util.Random with the key and draws buckets below its capacity "
            "until one is active: the buckets past the nodes and the removed ones are inactive. "
            "A removed node keeps its bucket; its keys take their next draw, and the next node "
            "added takes the bucket removed last.");
    }
};

namespace {

// The DxHash view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"dx", "dxDock", QT_TRANSLATE_NOOP("QObject", "Dx"), 88,
     [](const ViewContext& c) -> QWidget* { return new DxPanel(c.document, c.parent); },
     true}};  // closed at the first start: in the middle for its scenarios

}  // namespace

}  // namespace ringscope

#include "dxpanel.moc"
