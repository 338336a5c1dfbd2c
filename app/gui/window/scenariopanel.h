#pragma once
// The scenario dock: title, algorithm, hash space, key and token hashes, and the key set (pattern,
// count, sizes, popularity, seed). Apply turns the form into one undoable edit; a new key set or
// algorithm recomputes off the UI thread.

#include <QWidget>

#include "ringscope/scenario.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace ringscope {

class Document;

class ScenarioPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioPanel(Document* document, QWidget* parent = nullptr);

    // Writes the form's values into `scenario` (nodes are kept). Throws InputError naming the
    // field for values the form cannot express (a space of "1", an unparsable number).
    void applyTo(Scenario& scenario) const;
    // One undo step; false (and a message from the document) if the result is not valid.
    bool apply();
    // Fills the form from the document's scenario.
    void revert();
    // Browse…: picks a key file and applies it as the key set.
    void browseKeyFile();
    // The key file line: the file in use, or why the one tried cannot be read.
    QString keyFileStatus() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // The constructor's parts: the fields (placement, then keys), the form, the connections.
    void createPlacementFields();
    void createKeyFields();
    void layOut();
    void connectFields();
    void updateEnabled();
    void showKeyFileStatus();
    void fitKeyFileStatus();

    Document* m_document;
    QLineEdit* m_title;
    QComboBox* m_algorithm;
    QComboBox* m_space;
    QComboBox* m_keyHash;
    QSpinBox* m_replicas;
    QComboBox* m_scheme;
    QComboBox* m_tokenHash;
    QLineEdit* m_tokenName;
    QComboBox* m_keyKind;  // pattern; list and file keys are shown but kept as they are
    QLineEdit* m_keyFile;
    QPushButton* m_browse;
    QLabel* m_keyFileStatus;
    QString m_triedKeyFile;  // the key file the last Apply asked for, until it is in use
    QString m_keyFileProblem;
    QStringList m_keyFileStatusLines;
    QLineEdit* m_pattern;
    QSpinBox* m_count;
    QSpinBox* m_start;
    QComboBox* m_sizes;
    QDoubleSpinBox* m_sizeA;
    QDoubleSpinBox* m_sizeB;
    QCheckBox* m_zipf;
    QDoubleSpinBox* m_zipfS;
    QDoubleSpinBox* m_requests;
    QSpinBox* m_seed;
    QLabel* m_note;
    QPushButton* m_apply;
    QPushButton* m_revert;
    QFormLayout* m_form;
    QHBoxLayout* m_keyFileRow;
};

}  // namespace ringscope
