// The MementoHash view (removedbucketspanel.h): the b-array with each removed bucket's replacer
// under it, and the selected key's path — jump hash over the b-array, each rehash into the
// buckets working right after the bucket it left was removed, each step along the replacement
// chain past buckets removed before it.
#include "mementoplacement.h"
#include "removedbucketspanel.h"
#include "viewregistry.h"

namespace ringscope {

class MementoPanel final : public RemovedBucketsPanel {
    Q_OBJECT
public:
    MementoPanel(Document* document, QWidget* parent)
        : RemovedBucketsPanel(document, Algorithm::Memento, parent) {
        start();
    }

private:
    void describeTable(const Placement& placement, BucketsPicture& picture) const override {
        const MementoTable& table = placement.stateAs<MementoPlacement>()->table();
        picture.cells = uint32_t(placement.nodes().size());
        picture.heading =
            tr("b-array of %L1, %L2 working").arg(table.arraySize()).arg(table.working());
        picture.notesTitle = tr("replacer");
        for (uint32_t b = 0; b < picture.cells; ++b) {
            const int32_t r = table.replacer(b);
            picture.notes << (r >= 0 ? QLocale().toString(r) : QString());
        }
    }
    std::vector<BucketPathStep> keyPath(const Placement& placement, uint64_t value) const override {
        const MementoTable& table = placement.stateAs<MementoPlacement>()->table();
        std::vector<BucketPathStep> path;
        int32_t left = -1;  // the replacer of the bucket the lookup leaves
        for (const MementoStep& step : table.path(value)) {
            const QString what = bucketWords(step.bucket);
            switch (step.via) {
                case MementoStep::Via::Hash:
                    path.push_back({step.bucket, tr("jump hash over %L1 → %L2 (%3)")
                                                     .arg(table.arraySize())
                                                     .arg(step.bucket)
                                                     .arg(what)});
                    break;
                case MementoStep::Via::Rehash:
                    path.push_back(
                        {step.bucket,
                         tr("rehash mod %L1 → %L2 (%3)").arg(left).arg(step.bucket).arg(what)});
                    break;
                case MementoStep::Via::Chain:
                    path.push_back(
                        {step.bucket,
                         tr("removed before: replaced by %L1 (%2)").arg(step.bucket).arg(what)});
                    break;
            }
            left = step.replacer;
        }
        return path;
    }
    QString explanation() const override {
        return tr(
            "MementoHash is jump hash over the b-array, with a memento of each bucket removed "
            "out of order: a key that lands on a removed bucket rehashes into the buckets working "
            "right after it was removed (its replacer), and one landing on a bucket removed "
            "before that follows the replacers to the bucket that took its place. Removing the "
            "last bucket while no other is removed shrinks the array, as jump hash does.");
    }
};

namespace {

// The MementoHash view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"memento", "mementoDock", QT_TRANSLATE_NOOP("QObject", "Memento"), 87,
     [](const ViewContext& c) -> QWidget* { return new MementoPanel(c.document, c.parent); },
     true}};  // closed at the first start: in the middle for its scenarios

}  // namespace

}  // namespace ringscope

#include "mementopanel.moc"
