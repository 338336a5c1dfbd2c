#include "scenariopanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
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
#include "qstrings.h"
#include "ringscope/error.h"

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

QDoubleSpinBox* numberBox(QWidget* parent, double max, int decimals) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(decimals);
    return box;
}

uint64_t spaceFromText(const QString& text) {
    const std::string t = text.trimmed().toStdString();
    const auto space = parseSpace(t);
    if (!space) {
        throw InputError(
            "space",
            "must be a whole number of at least 2, \"2^32\" or \"2^64\", not \"" + t + "\"");
    }
    return *space;
}

}  // namespace

ScenarioPanel::ScenarioPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
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
    m_scheme->addItem(tr("named ({node}#{i})"), int(TokenScheme::Named));
    m_scheme->addItem(tr("ketama (libmemcached)"), int(TokenScheme::Ketama));
    m_tokenHash = hashCombo(this);
    m_tokenName = new QLineEdit(this);
    m_keyKind = new QComboBox(this);
    m_keyKind->addItem(tr("pattern"), int(KeySetSpec::Kind::Pattern));
    m_keyKind->addItem(tr("list (from the file)"), int(KeySetSpec::Kind::List));
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
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_apply = new QPushButton(tr("Apply"), this);
    auto* revertButton = new QPushButton(tr("Revert"), this);

    auto* form = new QFormLayout;
    form->addRow(tr("Algorithm"), m_algorithm);
    form->addRow(tr("Hash space"), m_space);
    form->addRow(tr("Key hash"), m_keyHash);
    form->addRow(tr("Replicas"), m_replicas);
    form->addRow(tr("Tokens"), m_scheme);
    form->addRow(tr("Token hash"), m_tokenHash);
    form->addRow(tr("Token name"), m_tokenName);
    form->addRow(tr("Keys"), m_keyKind);
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
    buttons->addWidget(revertButton);
    buttons->addWidget(m_apply);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addLayout(buttons);
    layout->addStretch();

    connect(m_apply, &QPushButton::clicked, this, &ScenarioPanel::apply);
    connect(revertButton, &QPushButton::clicked, this, &ScenarioPanel::revert);
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_scheme, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_keyKind, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_sizes, &QComboBox::currentIndexChanged, this, &ScenarioPanel::updateEnabled);
    connect(m_zipf, &QCheckBox::toggled, this, &ScenarioPanel::updateEnabled);
    connect(m_document, &Document::scenarioChanged, this, &ScenarioPanel::revert);
    connect(m_document, &Document::busyChanged, m_apply, &QWidget::setDisabled);
    revert();
}

void ScenarioPanel::revert() {
    const Scenario& s = m_document->scenario();
    select(m_algorithm, int(s.algorithm));
    m_space->setCurrentText(qs(spaceName(s.space)));
    select(m_keyHash, int(s.keyHash));
    m_replicas->setMaximum(int(maxReplicas(s)));
    m_replicas->setValue(int(s.replicas));
    select(m_scheme, int(s.tokenScheme));
    select(m_tokenHash, int(s.tokenHash));
    m_tokenName->setText(qs(s.tokenName));
    select(m_keyKind, int(s.keys.kind));
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
    const auto algorithm = Algorithm(m_algorithm->currentData().toInt());
    const bool ring = algorithm == Algorithm::Ring;
    const bool named = TokenScheme(m_scheme->currentData().toInt()) == TokenScheme::Named;
    m_scheme->setEnabled(ring);
    m_tokenHash->setEnabled(ring && named);
    m_tokenName->setEnabled(ring && named);
    const bool pattern =
        KeySetSpec::Kind(m_keyKind->currentData().toInt()) == KeySetSpec::Kind::Pattern;
    m_pattern->setEnabled(pattern);
    m_count->setEnabled(pattern);
    m_start->setEnabled(pattern);
    using Sizes = SizeSpec::Kind;
    const auto sizes = Sizes(m_sizes->currentIndex());  // the combo lists SizeSpec::Kind in order
    m_sizeA->setEnabled(sizes != Sizes::None);
    m_sizeB->setEnabled(sizes == Sizes::Uniform || sizes == Sizes::LogNormal);
    m_sizeA->setPrefix(sizes == Sizes::LogNormal ? QStringLiteral("μ = ")
                       : sizes == Sizes::Uniform ? QStringLiteral("min ")
                                                 : QString());
    m_sizeB->setPrefix(sizes == Sizes::LogNormal ? QStringLiteral("σ = ") : QStringLiteral("max "));
    m_zipfS->setEnabled(m_zipf->isChecked());
    QString note;
    if (algorithm == Algorithm::NaiveDivRendezvous || algorithm == Algorithm::NaiveMulRendezvous) {
        note =
            tr("A lesson variant: weighting HRW by score/w or score·w does not give shares "
               "w/Σw. Use weighted-rendezvous (−ln U / w) for real systems.");
    } else if (!ring) {
        note =
            tr("The ring shows ring placements only; the HRW, Jump and mod-N views show this "
               "algorithm.");
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

void ScenarioPanel::applyTo(Scenario& s) const {
    s.algorithm = Algorithm(m_algorithm->currentData().toInt());
    s.space = spaceFromText(m_space->currentText());
    s.keyHash = HashKind(m_keyHash->currentData().toInt());
    s.replicas = m_replicas->value();
    s.tokenScheme = TokenScheme(m_scheme->currentData().toInt());
    s.tokenHash = HashKind(m_tokenHash->currentData().toInt());
    s.tokenName = m_tokenName->text().toStdString();
    giveRingNodesTokens(s);  // a rendezvous/jump node joining a ring
    KeySetSpec& k = s.keys;
    k.kind = KeySetSpec::Kind(m_keyKind->currentData().toInt());
    if (k.kind == KeySetSpec::Kind::Pattern) {
        k.pattern = m_pattern->text().toStdString();
        k.count = uint64_t(m_count->value());
        k.start = uint64_t(m_start->value());
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
    return m_document->edit(tr("Change scenario settings"), [&](Scenario& s) { s = next; });
}

}  // namespace ringscope
