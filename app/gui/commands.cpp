#include "commands.h"

namespace ringscope {

ScenarioCommand::ScenarioCommand(Apply apply, Scenario before, Scenario after, const QString& text)
    : QUndoCommand(text),
      m_apply(std::move(apply)),
      m_before(std::move(before)),
      m_after(std::move(after)) {}

void ScenarioCommand::undo() {
    m_apply(m_before);
}

void ScenarioCommand::redo() {
    m_apply(m_after);
}

}  // namespace ringscope
