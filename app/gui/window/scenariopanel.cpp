#include "scenariopanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <climits>
#include <cmath>

#include "document.h"
#include "numberformat.h"
#include "plaintext.h"
#include "qstrings.h"
#include "ringscope/error.h"
#include "scenarioedits.h"
#include "tokenschemes/named/named.h"

namespace ringscope {

namespace {

QComboBox* hashCombo(QWidget* parent) {
    auto* combo = new QComboBox(parent);
    for (HashKind kind : kAllHashes) {
        combo->addItem(qs(hashName(kind)), int(kind));
    }
    return combo;
}

void select(QComboBox* combo, int value) {
    combo->setCurrentIndex(combo->findData(value));
}

// A number field. Its width asks for room to show every digit the range allows (1e12 with two
// decimals: 176 px, and two of them side by side made the side docks 518 px wide, the bottom
// tab bar too narrow for its tabs); a dozen characters is enough to read a size, and the field
// still grows with the dock.
QDoubleSpinBox* numberBox(QWidget* parent, double max, int decimals) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setMinimumWidth(
        std::min(box->minimumSizeHint().width(),
                 box->fontMetrics().horizontalAdvance(QStringLiteral("0,000,000.00")) +
                     box->fontMetrics().height() * 2));
    return box;
}

uint64_t spaceFromText(const QString& text) {
    const std::string t = text.trimmed().toStdString();
    const auto space = parseSpace(t);
    if (!space) {
        throw InputError("space", ScenarioPanel::tr("must be a whole number of at least 2, "
                                                    "\"2^32\" or \"2^64\", not \"%1\"")
                                      .arg(text.trimmed())
                                      .toStdString());
    }
    return *space;
}

}  // namespace

ScenarioPanel::ScenarioPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    createPlacementFields();
    createKeyFields();
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_apply = new QPushButton(tr("Apply"), this);
    m_revert = new QPushButton(tr("Revert"), this);

    // Made last, so the other fields keep their places among the panel's children.
    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("scenarioTitle"));
    m_title->setPlaceholderText(tr("Untitled"));
    m_title->setToolTip(tr("Shown above the ring, in the window and on exported pictures"));
    layOut();
    connectFields();
    revert();
}

// How the keys are placed: algorithm, space, hashes, replicas, tokens.
void ScenarioPanel::createPlacementFields() {
    m_algorithm = new QComboBox(this);
    for (Algorithm a : kAllAlgorithms) {
        m_algorithm->addItem(qs(algorithmName(a)), int(a));
    }
    m_space = new QComboBox(this);
    m_space->setEditable(true);
    m_space->addItems({QStringLiteral("100"), QStringLiteral("1000"), QStringLiteral("2^32"),
                       QStringLiteral("2^64")});
    m_space->setToolTip(tr("Positions are 0 … space−1: a small space shows every position"));
    m_keyHash = hashCombo(this);
    m_replicas = new QSpinBox(this);
    m_replicas->setMinimum(int(kMinReplicas));
    m_scheme = new QComboBox(this);
    for (const auto& row : kTokenSchemes) {  // each module's label, marked where it names itself
        m_scheme->addItem(
            QCoreApplication::translate("TokenScheme", std::string(row.module().label()).c_str()),
            int(row.value));
    }
    m_tokenHash = hashCombo(this);
    m_tokenName = new QLineEdit(this);
}

// The keys: a pattern, a list or a key file, their sizes and popularity.
void ScenarioPanel::createKeyFields() {
    m_keyKind = new QComboBox(this);
    m_keyKind->addItem(tr("pattern"), int(KeySetSpec::Kind::Pattern));
    m_keyKind->addItem(tr("list (in the scenario)"), int(KeySetSpec::Kind::List));
    m_keyKind->addItem(tr("key file"), int(KeySetSpec::Kind::File));
    m_pattern = new QLineEdit(this);
    m_pattern->setToolTip(tr("{i} is replaced by start, start+1, …"));
    m_count = new QSpinBox(this);
    m_count->setRange(0, int(kMaxKeys));
    m_count->setGroupSeparatorShown(true);
    m_start = new QSpinBox(this);
    m_start->setRange(0, 2'000'000'000);
    m_sizes = new QComboBox(this);
    m_sizes->addItems({tr("none"), tr("fixed"), tr("uniform"), tr("log-normal")});
    m_sizeA = numberBox(this, 1e12, 2);
    m_sizeB = numberBox(this, 1e12, 2);
    m_zipf = new QCheckBox(tr("Zipf"), this);
    m_zipfS = numberBox(this, 10, 2);
    m_zipfS->setPrefix(QStringLiteral("s = "));
    m_requests = numberBox(this, 1e15, 0);
    m_requests->setGroupSeparatorShown(true);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 2'000'000'000);
    m_keyFile = new QLineEdit(this);
    m_keyFile->setObjectName(QStringLiteral("keyFile"));
    m_keyFile->setPlaceholderText(tr("keys.txt — one key per line"));
    m_keyFile->setToolTip(
        tr("A text file with one key per line. A relative path is read from the scenario file's "
           "folder and stays relative when the scenario is saved."));
    m_browse = new QPushButton(tr("Browse…"), this);
    m_browse->setObjectName(QStringLiteral("browseKeyFile"));
    m_keyFileStatus = new QLabel(this);
    // One line each, shortened in the middle to the field's width (a word-wrapped label makes
    // Qt 6.4's form layout collapse the row to no height once it is shown again); the whole
    // text is the tool tip.
    m_keyFileStatus->setTextFormat(Qt::PlainText);
    m_keyFileStatus->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ScenarioPanel::layOut() {
    auto* form = m_form = new QFormLayout;
    form->addRow(tr("Title"), m_title);
    form->addRow(tr("Algorithm"), m_algorithm);
    form->addRow(tr("Hash space"), m_space);
    form->addRow(tr("Key hash"), m_keyHash);
    form->addRow(tr("Replicas"), m_replicas);
    form->addRow(tr("Tokens"), m_scheme);
    form->addRow(tr("Token hash"), m_tokenHash);
    form->addRow(tr("Token name"), m_tokenName);
    form->addRow(tr("Keys"), m_keyKind);
    m_keyFileRow = new QHBoxLayout;
    m_keyFileRow->addWidget(m_keyFile, 1);
    m_keyFileRow->addWidget(m_browse);
    form->addRow(tr("Key file"), m_keyFileRow);
    form->addRow(QString(), m_keyFileStatus);
    form->addRow(tr("Pattern"), m_pattern);
    form->addRow(tr("Count"), m_count);
    form->addRow(tr("Start"), m_start);
    auto* sizes = new QHBoxLayout;
    sizes->addWidget(m_sizes);
    sizes->addWidget(m_sizeA);
    sizes->addWidget(m_sizeB);
    form->addRow(tr("Sizes"), sizes);
    auto* popularity = new QHBoxLayout;
    popularity->addWidget(m_zipf);
    popularity->addWidget(m_zipfS);
    form->addRow(tr("Popularity"), popularity);
    form->addRow(tr("Requests"), m_requests);
    form->addRow(tr("Seed"), m_seed);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_revert);
    buttons->addWidget(m_apply);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addLayout(buttons);
    layout->addStretch();
}

void ScenarioPanel::connectFields() {
    connect(m_apply, &QPushButton::clicked, this, &ScenarioPanel::apply);
    connect(m_browse, &QPushButton::clicked, this, &ScenarioPanel::browseKeyFile);
    connect(m_keyFile, &QLineEdit::returnPressed, this, &ScenarioPanel::apply);
    connect(m_title, &QLineEdit::returnPressed, this, &ScenarioPanel::apply);
    // A key file that cannot be read is refused by the document (now, or once the background
    // computation fails): say so next to the field as well.
    connect(m_document, &Document::inputRejected, this, [this] {
        const Failure& failure = m_document->lastRejection();
        if (!m_triedKeyFile.isEmpty() && failure.file == m_triedKeyFile) {
            m_keyFileProblem = failure.text;
            showKeyFileStatus();
        }
    });
    connect(m_revert, &QPushButton::clicked, this, &ScenarioPanel::revert);
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_scheme, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_keyKind, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_sizes, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_zipf, &QCheckBox::toggled, this, &ScenarioPanel::updateEnabled);
    connect(m_document, &Document::scenarioChanged, this, &ScenarioPanel::revert);
    connect(m_document, &Document::busyChanged, m_apply, &QWidget::setDisabled);
}

void ScenarioPanel::revert() {
    const Scenario& s = m_document->scenario();
    m_title->setText(qs(s.title));
    select(m_algorithm, int(s.algorithm));
    m_space->setCurrentText(qs(spaceName(s.space)));
    select(m_keyHash, int(s.keyHash));
    m_replicas->setMaximum(int(maxReplicas(s)));
    m_replicas->setValue(int(s.replicas));
    select(m_scheme, int(s.tokenScheme));
    const NamedTokenParams& named = s.params.get<NamedTokenParams>();
    select(m_tokenHash, int(named.hash));
    m_tokenName->setText(qs(named.name));
    select(m_keyKind, int(s.keys.kind));
    if (s.keys.kind == KeySetSpec::Kind::File) {
        m_keyFile->setText(qs(s.keys.file));
        if (QString::fromStdString(keyFilePath(s.keys)) == m_triedKeyFile) {
            m_triedKeyFile.clear();  // in use now
            m_keyFileProblem.clear();
        }
    }
    m_pattern->setText(qs(s.keys.pattern));
    // As many keys as the document's limit allows (raised when a larger file was opened).
    const auto maxKeys = std::min<uint64_t>(m_document->limits()[Limit::Keys], INT_MAX);
    m_count->setMaximum(int(maxKeys));
    m_count->setValue(int(std::min<uint64_t>(s.keys.count, maxKeys)));
    m_start->setValue(int(std::min<uint64_t>(s.keys.start, 2'000'000'000)));
    const SizeSpec& z = s.keys.sizes;
    m_sizes->setCurrentIndex(int(z.kind));
    m_sizeA->setValue(z.kind == SizeSpec::Kind::Fixed     ? double(z.fixed)
                      : z.kind == SizeSpec::Kind::Uniform ? double(z.min)
                                                          : z.mu);
    m_sizeB->setValue(z.kind == SizeSpec::Kind::Uniform ? double(z.max) : z.sigma);
    m_zipf->setChecked(s.keys.popularity.kind == PopularitySpec::Kind::Zipf);
    m_zipfS->setValue(s.keys.popularity.s);
    m_requests->setValue(s.keys.popularity.requests);
    m_seed->setValue(int(std::min<uint64_t>(s.keys.seed, 2'000'000'000)));
    updateEnabled();
}

void ScenarioPanel::updateEnabled() {
    const AlgorithmModule& algorithm = moduleOf(Algorithm(m_algorithm->currentData().toInt()));
    const bool ring = algorithm.traits().ring;
    // The token hash and the name pattern are the parameters of a scheme that names vnodes.
    const bool named = moduleOf(TokenScheme(m_scheme->currentData().toInt())).traits().vnodes;
    m_scheme->setEnabled(ring);
    m_tokenHash->setEnabled(ring && named);
    m_tokenName->setEnabled(ring && named);
    const auto keys = KeySetSpec::Kind(m_keyKind->currentData().toInt());
    const bool pattern = keys == KeySetSpec::Kind::Pattern;
    const bool file = keys == KeySetSpec::Kind::File;
    for (QWidget* w : {static_cast<QWidget*>(m_pattern), static_cast<QWidget*>(m_count),
                       static_cast<QWidget*>(m_start)}) {
        m_form->setRowVisible(w, pattern);
    }
    m_form->setRowVisible(m_keyFileRow, file);
    m_form->setRowVisible(m_keyFileStatus, file);
    showKeyFileStatus();
    using Sizes = SizeSpec::Kind;
    const auto sizes = Sizes(m_sizes->currentIndex());  // the combo lists SizeSpec::Kind in order
    m_sizeA->setEnabled(sizes != Sizes::None);
    m_sizeB->setEnabled(sizes == Sizes::Uniform || sizes == Sizes::LogNormal);
    m_sizeA->setPrefix(sizes == Sizes::LogNormal ? QStringLiteral("μ = ")
                       : sizes == Sizes::Uniform ? tr("min ")
                                                 : QString());
    m_sizeB->setPrefix(sizes == Sizes::LogNormal ? QStringLiteral("σ = ") : tr("max "));
    m_zipfS->setEnabled(m_zipf->isChecked());
    QString note;
    if (algorithm.traits().lessonOnly) {
        note =
            tr("A lesson variant: weighting HRW by score/w or score·w does not give shares "
               "w/Σw. Use weighted-rendezvous (−ln U / w) for real systems.");
    } else if (!ring) {
        note = tr("This algorithm draws no ring: the middle of the window shows its own view.");
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

void ScenarioPanel::applyTo(Scenario& s) const {
    s.title = m_title->text().trimmed().toStdString();
    const bool becomesRing = !algorithmOf(s).traits().ring &&
                             moduleOf(Algorithm(m_algorithm->currentData().toInt())).traits().ring;
    turnTo(s, Algorithm(m_algorithm->currentData().toInt()));
    s.space = spaceFromText(m_space->currentText());
    const auto keyHash = HashKind(m_keyHash->currentData().toInt());
    const bool keyHashKept = keyHash == s.keyHash;
    s.keyHash = keyHash;
    s.replicas = m_replicas->value();
    const auto scheme = TokenScheme(m_scheme->currentData().toInt());
    if (algorithmOf(s).traits().ring && (scheme != s.tokenScheme || becomesRing)) {
        // Every node takes the new scheme's tokens (ketama's points, Envoy's share, vnodes).
        useTokenScheme(s, scheme);
        if (const auto hash = moduleOf(scheme).traits().keyHash; hash && keyHashKept) {
            s.keyHash = *hash;  // ketama's keys, as libmemcached hashes them
        }
    }
    s.tokenScheme = scheme;
    NamedTokenParams& named = s.params.edit<NamedTokenParams>();
    named.hash = HashKind(m_tokenHash->currentData().toInt());
    named.name = m_tokenName->text().toStdString();
    giveRingNodesTokens(s);  // a rendezvous/jump node joining a ring
    KeySetSpec& k = s.keys;
    k.kind = KeySetSpec::Kind(m_keyKind->currentData().toInt());
    if (k.kind == KeySetSpec::Kind::Pattern) {
        k.pattern = m_pattern->text().toStdString();
        k.count = uint64_t(m_count->value());
        k.start = uint64_t(m_start->value());
    }
    if (k.kind == KeySetSpec::Kind::File) {
        const QString path = m_keyFile->text().trimmed();
        if (path.isEmpty()) {
            throw InputError("keys.file",
                             tr("choose a key file (a text file, one key per line)").toStdString());
        }
        // The path as the user wrote it; a new one is relative to the scenario file's folder.
        if (path.toStdString() != s.keys.file) {
            k.file = path.toStdString();
            k.fileBase = m_document->fileFolder().toStdString();
        }
    }
    const auto whole = [](double v) { return uint64_t(std::llround(v)); };
    k.sizes.kind = SizeSpec::Kind(m_sizes->currentIndex());
    switch (k.sizes.kind) {
        case SizeSpec::Kind::None:
            break;
        case SizeSpec::Kind::Fixed:
            k.sizes.fixed = whole(m_sizeA->value());
            break;
        case SizeSpec::Kind::Uniform:
            k.sizes.min = whole(m_sizeA->value());
            k.sizes.max = whole(m_sizeB->value());
            break;
        case SizeSpec::Kind::LogNormal:
            k.sizes.mu = m_sizeA->value();
            k.sizes.sigma = m_sizeB->value();
            break;
    }
    k.popularity.kind =
        m_zipf->isChecked() ? PopularitySpec::Kind::Zipf : PopularitySpec::Kind::Uniform;
    k.popularity.s = m_zipfS->value();
    k.popularity.requests = m_requests->value();
    k.seed = uint64_t(m_seed->value());
    checkIdentityKeys(s);
}

bool ScenarioPanel::apply() {
    Scenario next = m_document->scenario();
    try {
        applyTo(next);
    } catch (const InputError& e) {
        m_document->rejectInput(QString::fromStdString(e.what()));
        return false;
    }
    if (next == m_document->scenario()) {
        return true;
    }
    const bool newKeyFile =
        next.keys.kind == KeySetSpec::Kind::File && !(next.keys == m_document->scenario().keys);
    m_triedKeyFile = newKeyFile ? QString::fromStdString(keyFilePath(next.keys)) : QString();
    m_keyFileProblem.clear();
    const QString text =
        newKeyFile ? tr("Use key file %1").arg(qs(next.keys.file)) : tr("Change scenario settings");
    const bool ok = m_document->edit(text, [&](Scenario& s) { s = next; });
    showKeyFileStatus();
    return ok;
}

void ScenarioPanel::browseKeyFile() {
    const QString current = QString::fromStdString(keyFilePath(m_document->scenario().keys));
    const QString start = m_document->scenario().keys.kind == KeySetSpec::Kind::File
                              ? QFileInfo(current).absolutePath()
                              : m_document->fileFolder();
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a Key File"), start,
                                                      tr("Key lists (*.txt);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    Scenario probe;
    edits::useKeyFile(probe, path.toStdString(), m_document->fileFolder().toStdString());
    select(m_keyKind, int(KeySetSpec::Kind::File));
    m_keyFile->setText(qs(probe.keys.file));
    apply();
    m_browse->setFocus();  // not the path field: Ctrl+Z then undoes the step, not the typing
}

QString ScenarioPanel::keyFileStatus() const {
    return m_keyFileStatusLines.join(u'\n');
}

void ScenarioPanel::showKeyFileStatus() {
    const Scenario& s = m_document->scenario();
    QStringList lines;
    if (!m_keyFileProblem.isEmpty()) {
        lines << tr("Not used: %1").arg(m_keyFileProblem);
    } else if (!m_triedKeyFile.isEmpty()) {
        lines << tr("Reading %1…").arg(m_triedKeyFile);
    }
    if (s.keys.kind == KeySetSpec::Kind::File) {
        lines << tr("In use: %1 · %2 keys")
                     .arg(QDir::toNativeSeparators(QString::fromStdString(keyFilePath(s.keys))),
                          format::count(m_document->keys().size()));
    } else {
        lines << tr("A text file, one key per line: type its path or Browse…");
    }
    m_keyFileStatusLines = lines;
    fitKeyFileStatus();
}

void ScenarioPanel::fitKeyFileStatus() {
    const int width = std::max(m_keyFile->width() + m_browse->width(), m_keyFileStatus->width());
    QStringList shown;
    for (const QString& line : m_keyFileStatusLines) {
        shown << fontMetrics().elidedText(line, Qt::ElideMiddle, std::max(width, 80));
    }
    m_keyFileStatus->setText(shown.join(u'\n'));
    m_keyFileStatus->setToolTip(plain::tip(keyFileStatus()));
}

void ScenarioPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitKeyFileStatus();
}

}  // namespace ringscope
