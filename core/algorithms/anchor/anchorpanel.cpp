// The AnchorHash view (removedbucketspanel.h): the anchor set of `a` buckets with A[b] under
// each removed one, and the selected key's path — its hash into the anchor set, each rehash into
// the buckets working when the bucket it left was removed, each step along K.
#include "anchorplacement.h"
#include "removedbucketspanel.h"
#include "viewregistry.h"

namespace ringscope {

class AnchorPanel final : public RemovedBucketsPanel {
    Q_OBJECT
public:
    AnchorPanel(Document* document, QWidget* parent)
        : RemovedBucketsPanel(document, Algorithm::Anchor, parent) {
        start();
    }

private:
    void describeTable(const Placement& placement, BucketsPicture& picture) const override {
        const AnchorTable& table = placement.stateAs<AnchorPlacement>()->table();
        picture.cells = table.capacity();
        picture.heading =
            tr("a = %L1 buckets, %L2 working").arg(table.capacity()).arg(table.working());
        picture.notesTitle = QStringLiteral("A[b]");
        for (uint32_t b = 0; b < table.capacity(); ++b) {
            picture.notes << (table.size(b) ? QLocale().toString(table.size(b)) : QString());
        }
    }
    std::vector<BucketPathStep> keyPath(const Placement& placement, uint64_t value) const override {
        const AnchorTable& table = placement.stateAs<AnchorPlacement>()->table();
        std::vector<BucketPathStep> path;
        uint32_t left = 0;  // A of the bucket the lookup leaves
        for (const AnchorStep& step : table.path(value)) {
            const QString what = bucketWords(step.bucket);
            switch (step.via) {
                case AnchorStep::Via::Hash:
                    path.push_back({step.bucket, tr("hash mod %L1 → %L2 (%3)")
                                                     .arg(table.capacity())
                                                     .arg(step.bucket)
                                                     .arg(what)});
                    break;
                case AnchorStep::Via::Rehash:
                    path.push_back(
                        {step.bucket,
                         tr("rehash mod A = %L1 → %L2 (%3)").arg(left).arg(step.bucket).arg(what)});
                    break;
                case AnchorStep::Via::Translation:
                    path.push_back(
                        {step.bucket,
                         tr("K: its place taken by %L1 (%2)").arg(step.bucket).arg(what)});
                    break;
            }
            left = step.size;
        }
        return path;
    }
    QString explanation() const override {
        return tr(
            "AnchorHash hashes a key into its a buckets; landing on a removed bucket it rehashes "
            "into the A[b] buckets that were working when that bucket was removed, and where it "
            "lands on one removed later, K names the bucket that took its place. A removed "
            "node keeps its bucket; the next node added takes the bucket removed last.");
    }
};

namespace {

// The AnchorHash view, a tab of the window's analysis docks (viewregistry.h).
const ViewRegistration kView{
    {"anchor", "anchorDock", QT_TRANSLATE_NOOP("QObject", "Anchor"), 86,
     [](const ViewContext& c) -> QWidget* { return new AnchorPanel(c.document, c.parent); },
     true}};  // closed at the first start: in the middle for its scenarios

}  // namespace

}  // namespace ringscope

#include "anchorpanel.moc"
