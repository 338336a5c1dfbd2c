#pragma once
// Undo commands. Every edit of the document is a swap between two scenario values: small enough
// to keep both (token lists at most), and trivially correct to undo.

#include <QUndoCommand>

#include <functional>

#include "ringscope/scenario.h"

class QUndoStack;

namespace ringscope {

class ScenarioCommand : public QUndoCommand {
public:
    // `apply` makes `scenario` the current one (the document's applyScenario). `from` is where
    // the step that produced it started — the entry below it on the undo stack — or null when no
    // step did (undone to the start): what its moved keys are measured against.
    using Apply = std::function<void(const Scenario& scenario, const Scenario* from)>;

    // `stack` is the stack the command goes on: undoing looks up the command below it there.
    ScenarioCommand(Apply apply, const QUndoStack* stack, Scenario before, Scenario after,
                    const QString& text);
    void undo() override;  // back to `before`, as the command below left it
    void redo() override;  // `after`, from `before`
    const Scenario& before() const { return m_before; }
    const Scenario& after() const { return m_after; }

private:
    const ScenarioCommand* below() const;

    Apply m_apply;
    const QUndoStack* m_stack;
    Scenario m_before;
    Scenario m_after;
};

}  // namespace ringscope
