#include "keyselector.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include "document.h"

namespace ringscope {

std::optional<size_t> shownKey(const Document& document) {
    if (document.keys().size() == 0) {
        return std::nullopt;
    }
    return document.selectedKey().value_or(0);
}

KeySelector::KeySelector(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_index(new QSpinBox(this)), m_name(new QLabel(this)) {
    m_name->setTextFormat(Qt::PlainText);  // a key's name, as written
    m_index->setPrefix(tr("key #"));
    m_index->setToolTip(tr("The key this view explains; selecting it selects it everywhere"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_index);
    layout->addWidget(m_name, 1);
    connect(m_index, &QSpinBox::valueChanged, this,
            [this](int k) { m_document->setSelectedKey(size_t(k)); });
    connect(document, &Document::selectedKeyChanged, this, &KeySelector::sync);
    connect(document, &Document::scenarioChanged, this, &KeySelector::sync);
    sync();
}

void KeySelector::sync() {
    const QSignalBlocker block(m_index);
    const size_t count = m_document->keys().size();
    m_index->setRange(0, int(std::min<size_t>(count, size_t(INT_MAX)) - (count ? 1 : 0)));
    const auto key = shownKey(*m_document);
    m_index->setValue(int(key.value_or(0)));
    m_index->setEnabled(count > 0);
    QString name = key ? QString::fromStdString(m_document->keys().names[*key]) : tr("no keys");
    if (key && !m_document->selectedKey()) {
        name += tr(" (not selected)");
    }
    m_name->setText(name);
}

}  // namespace ringscope
