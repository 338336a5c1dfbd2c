#pragma once
// The comparison kept current for the document (the comparison itself: analysis/comparison.h).

#include <QObject>

#include <vector>

#include "backgroundjob.h"
#include "comparison.h"

namespace ringscope {

class Document;

// Keeps a ComparisonResult for the document current: recomputed off the UI thread (debounced)
// when the scenario or the baseline changes; one computation at a time.
class ComparisonModel : public QObject {
    Q_OBJECT
public:
    ComparisonModel(Document* document, std::vector<ComparedAlgorithm> algorithms,
                    QObject* parent = nullptr);
    ~ComparisonModel() override;

    const ComparisonResult& result() const { return m_result; }
    bool isBusy() const { return m_job.isBusy(); }
    void setMaxWork(uint64_t work);
    // Recomputes soon (debounced).
    void refresh();
    // Blocks until the current result is installed (tests, screenshots).
    void waitForIdle();

signals:
    void resultChanged();
    void busyChanged(bool busy);

private:
    Document* m_document;
    std::vector<ComparedAlgorithm> m_algorithms;
    uint64_t m_maxWork = kComparisonWork;
    ComparisonResult m_result;
    BackgroundJob<ComparisonResult> m_job;
};

}  // namespace ringscope
