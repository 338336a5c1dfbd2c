#pragma once
// Undo commands. Every edit of the document is a swap between two scenario values: small enough
// to keep both (token lists at most), and trivially correct to undo.

#include <QUndoCommand>

#include "ringscope/scenario.h"

namespace ringscope {

class Document;

class ScenarioCommand : public QUndoCommand {
public:
    ScenarioCommand(Document* document, Scenario before, Scenario after, const QString& text);
    void undo() override;
    void redo() override;
    const Scenario& before() const { return m_before; }
    const Scenario& after() const { return m_after; }

private:
    Document* m_document;
    Scenario m_before;
    Scenario m_after;
};

}  // namespace ringscope
