#pragma once
// File → New: asks what to build — an algorithm or production profile, how many nodes, the key
// set and a title — and makes it with blankScenario().

#include <QDialog>

#include <optional>

#include "newscenario.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace ringscope {

class NewScenarioDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewScenarioDialog(QWidget* parent = nullptr);

    BlankScenarioSpec spec() const;
    Scenario scenario() const { return blankScenario(spec()); }

private:
    void updateFields();

    QLineEdit* m_title;
    QComboBox* m_profile;
    QSpinBox* m_nodes;
    QLineEdit* m_pattern;
    QSpinBox* m_keys;
    QLabel* m_hint;
    std::optional<int> m_typedKeys;  // the key count typed before the teaching ring showed 100
};

}  // namespace ringscope
