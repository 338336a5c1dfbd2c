#include "newscenariodialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ringscope/keyset.h"
#include "ringscope/limits.h"

namespace ringscope {

namespace {

constexpr int kDefaultNodes = 4;
constexpr int kDefaultKeys = 10'000;

}  // namespace

NewScenarioDialog::NewScenarioDialog(QWidget* parent)
    : QDialog(parent),
      m_title(new QLineEdit(this)),
      m_profile(new QComboBox(this)),
      m_nodes(new QSpinBox(this)),
      m_pattern(new QLineEdit(this)),
      m_keys(new QSpinBox(this)),
      m_hint(new QLabel(this)) {
    setWindowTitle(tr("New Scenario"));
    m_title->setObjectName(QStringLiteral("newTitle"));
    m_title->setPlaceholderText(tr("Untitled"));
    m_profile->setObjectName(QStringLiteral("newProfile"));
    for (const BlankProfileRow& row : blankProfiles()) {
        m_profile->addItem(blankProfileLabel(row), QString::fromLatin1(row.name));
    }
    m_profile->setCurrentIndex(m_profile->findData(QStringLiteral("ring")));
    m_nodes->setObjectName(QStringLiteral("newNodes"));
    m_nodes->setValue(kDefaultNodes);
    m_pattern->setObjectName(QStringLiteral("newPattern"));
    m_pattern->setText(QStringLiteral("key-{i}"));
    m_pattern->setToolTip(tr("{i} is replaced by 0, 1, 2, …"));
    m_keys->setObjectName(QStringLiteral("newKeys"));
    m_keys->setRange(1, int(kMaxKeys));
    m_keys->setGroupSeparatorShown(true);
    m_keys->setValue(kDefaultKeys);
    m_hint->setObjectName(QStringLiteral("newHint"));
    m_hint->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Title"), m_title);
    form->addRow(tr("Algorithm"), m_profile);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(tr("Key pattern"), m_pattern);
    form->addRow(tr("Keys"), m_keys);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_hint);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_profile, &QComboBox::currentIndexChanged, this, &NewScenarioDialog::updateFields);
    updateFields();
}

BlankScenarioSpec NewScenarioDialog::spec() const {
    BlankScenarioSpec s;
    s.profile = m_profile->currentData().toString().toStdString();
    s.nodes = size_t(m_nodes->value());
    s.title = m_title->text().trimmed().toStdString();
    s.keyPattern = m_pattern->text().trimmed().toStdString();
    s.keys = uint64_t(m_keys->value());
    return s;
}

void NewScenarioDialog::updateFields() {
    const BlankProfileRow& row = blankProfile(m_profile->currentData().toString().toStdString());
    m_nodes->setRange(1, int(row.maxNodes));
    const bool teaching = row.name == kTeachingProfile;
    m_pattern->setEnabled(!teaching);
    m_keys->setEnabled(!teaching);
    // The teaching ring's keys are always the 100 positions: the field says so, and gets back
    // what was typed for another profile.
    if (teaching && m_keys->value() != int(kTeachingSpace)) {
        m_typedKeys = m_keys->value();
        m_keys->setValue(int(kTeachingSpace));
    } else if (!teaching && m_typedKeys) {
        m_keys->setValue(*m_typedKeys);
        m_typedKeys.reset();
    }
    m_hint->setText(blankProfileHint(row));
}

}  // namespace ringscope
