#pragma once
// The "Show:" choice of a view that replays membership changes (jump, mod-N): the last change,
// when it added or removed a node (else greyed, saying so), or one of the view's what-ifs; the
// what-if chosen last stays chosen across edits that are not membership changes.

#include <QComboBox>
#include <QStringList>

#include <functional>

#include <optional>

#include "membershipchange.h"

namespace ringscope {

class Document;

class MembershipChoice : public QComboBox {
    Q_OBJECT
public:
    explicit MembershipChoice(QWidget* parent = nullptr);

    // Reads the last change (baseline → current) off `document` and lists it, named by
    // `changeText` (given the heading, "Since the baseline", and the change), then `whatIfs`. Shows
    // the last change when there is one, else the what-if chosen last (or `defaultWhatIf`). Emits
    // nothing.
    void refill(const Document& document,
                const std::function<QString(const QString&, const MembershipChange&)>& changeText,
                const QStringList& whatIfs, int defaultWhatIf);

    // The last change when it is shown, else nullopt (a what-if is).
    std::optional<MembershipChange> shownChange() const;
    const std::optional<MembershipChange>& lastChange() const { return m_lastChange; }
    bool showsLastChange() const { return shownChange().has_value(); }
    // The what-if shown (0 … whatIfs − 1), or nullopt.
    std::optional<int> shownWhatIf() const;
    void showLastChange();
    void showWhatIf(int whatIf);

signals:
    // Another entry is shown (chosen, or shown by showLastChange/showWhatIf).
    void choiceChanged();

private:
    std::optional<MembershipChange> m_lastChange;
    std::optional<int> m_whatIf;  // the what-if chosen last
};

}  // namespace ringscope
