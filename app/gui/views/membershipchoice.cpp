#include "membershipchoice.h"

#include <QSignalBlocker>
#include <QStandardItemModel>

#include "analysispanel.h"
#include "document.h"

namespace ringscope {

MembershipChoice::MembershipChoice(QWidget* parent) : QComboBox(parent) {
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(kChoiceMinimumChars);
    connect(this, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 1) {
            m_whatIf = index - 1;
        }
        emit choiceChanged();
    });
}

void MembershipChoice::refill(
    const Document& document,
    const std::function<QString(const QString&, const MembershipChange&)>& changeText,
    const QStringList& whatIfs, int defaultWhatIf) {
    m_lastChange = membershipChange(document.baselineScenario(), document.scenario());
    const QSignalBlocker block(this);
    clear();
    const QString heading = changeHeading(document.moveSummary().since);
    if (m_lastChange) {
        addItem(changeText(heading, *m_lastChange));
    } else {
        addItem(tr("%1: no node added or removed").arg(heading));
        if (auto* items = qobject_cast<QStandardItemModel*>(model())) {
            items->item(0)->setEnabled(false);
        }
    }
    addItems(whatIfs);
    const int whatIf = m_whatIf && *m_whatIf < whatIfs.size() ? *m_whatIf : defaultWhatIf;
    setCurrentIndex(m_lastChange ? 0 : 1 + whatIf);
}

std::optional<MembershipChange> MembershipChoice::shownChange() const {
    return currentIndex() == 0 ? m_lastChange : std::nullopt;
}

std::optional<int> MembershipChoice::shownWhatIf() const {
    return currentIndex() >= 1 ? std::optional<int>(currentIndex() - 1) : std::nullopt;
}

void MembershipChoice::showLastChange() {
    if (m_lastChange) {
        setCurrentIndex(0);
    }
}

void MembershipChoice::showWhatIf(int whatIf) {
    setCurrentIndex(1 + whatIf);
}

}  // namespace ringscope
