#pragma once
// Undo commands. Every edit of the document is a swap between two scenario values: small enough
// to keep both (token lists at most), and trivially correct to undo.

#include <QUndoCommand>

#include <functional>

#include "ringscope/scenario.h"

namespace ringscope {

class ScenarioCommand : public QUndoCommand {
public:
    // `apply` makes a scenario the current one (the document's applyScenario).
    using Apply = std::function<void(const Scenario&)>;

    ScenarioCommand(Apply apply, Scenario before, Scenario after, const QString& text);
    void undo() override;
    void redo() override;
    const Scenario& before() const { return m_before; }
    const Scenario& after() const { return m_after; }

private:
    Apply m_apply;
    Scenario m_before;
    Scenario m_after;
};

}  // namespace ringscope
