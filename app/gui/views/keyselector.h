#pragma once
// The key picker the HRW, jump and mod-N panels share: the document's selected key by index,
// with its name. Editing it selects the key in the document, so every view follows.

#include <QWidget>

class QLabel;
class QSpinBox;

namespace ringscope {

class Document;

class KeySelector : public QWidget {
    Q_OBJECT
public:
    explicit KeySelector(Document* document, QWidget* parent = nullptr);

private:
    void sync();

    Document* m_document;
    QSpinBox* m_index;
    QLabel* m_name;
};

// The key a per-key view explains: the selection, else the first key; nullopt without keys.
std::optional<size_t> shownKey(const Document& document);

}  // namespace ringscope
