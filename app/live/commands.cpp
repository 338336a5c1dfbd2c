#include "commands.h"

#include <QUndoStack>

namespace ringscope {

ScenarioCommand::ScenarioCommand(Apply apply, const QUndoStack* stack, Scenario before,
                                 Scenario after, const QString& text)
    : QUndoCommand(text),
      m_apply(std::move(apply)),
      m_stack(stack),
      m_before(std::move(before)),
      m_after(std::move(after)) {}

// Found by identity rather than through the stack's index, which QUndoStack updates before or
// after calling undo() depending on how the step was asked for (undo(), setIndex()). O(steps).
const ScenarioCommand* ScenarioCommand::below() const {
    for (int i = 1; i < m_stack->count(); ++i) {
        if (m_stack->command(i) == this) {
            return dynamic_cast<const ScenarioCommand*>(m_stack->command(i - 1));
        }
    }
    return nullptr;
}

void ScenarioCommand::undo() {
    const ScenarioCommand* previous = below();
    m_apply(m_before, previous ? &previous->m_before : nullptr);
}

void ScenarioCommand::redo() {
    m_apply(m_after, &m_before);
}

}  // namespace ringscope
