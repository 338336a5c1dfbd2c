#include "commands.h"

#include "document.h"

namespace ringscope {

ScenarioCommand::ScenarioCommand(Document* document, Scenario before, Scenario after,
                                 const QString& text)
    : QUndoCommand(text),
      m_document(document),
      m_before(std::move(before)),
      m_after(std::move(after)) {}

void ScenarioCommand::undo() {
    m_document->applyScenario(m_before);
}

void ScenarioCommand::redo() {
    m_document->applyScenario(m_after);
}

}  // namespace ringscope
