#include "comparisonmodel.h"

#include "document.h"

namespace ringscope {

ComparisonModel::ComparisonModel(Document* document, std::vector<ComparedAlgorithm> algorithms,
                                 QObject* parent)
    : QObject(parent),
      m_document(document),
      m_algorithms(std::move(algorithms)),
      m_job(
          this, kViewDebounceMs,
          [this] {
              ComparisonInput input;
              input.before = m_document->baselineScenario();
              input.after = m_document->scenario();
              input.keys = m_document->computed()->keys;
              input.algorithms = m_algorithms;
              input.maxWork = m_maxWork;
              return [input = std::move(input)] { return compareAlgorithms(input); };
          },
          [this](ComparisonResult result) {
              m_result = std::move(result);
              emit resultChanged();
              if (!isBusy()) {
                  emit busyChanged(false);
              }
          }) {
    connect(document, &Document::scenarioChanged, this, &ComparisonModel::refresh);
    connect(document, &Document::baselineChanged, this, &ComparisonModel::refresh);
    refresh();
}

ComparisonModel::~ComparisonModel() = default;

void ComparisonModel::setMaxWork(uint64_t work) {
    m_maxWork = work;
    refresh();
}

void ComparisonModel::refresh() {
    const bool wasBusy = isBusy();
    m_job.schedule();
    if (!wasBusy) {
        emit busyChanged(true);
    }
}

void ComparisonModel::waitForIdle() {
    m_job.waitForIdle();
}

}  // namespace ringscope
