#include "autosave.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

#include "document.h"
#include "filewrite.h"
#include "scenariojson.h"

namespace ringscope {

namespace {
constexpr int kDelayMs = 1500;

QString stem(const QString& scenarioFile) {
    return scenarioFile.left(scenarioFile.size() - QStringLiteral(".json").size());
}
}  // namespace

Autosave::Autosave(Document* document, QString directory, QObject* parent)
    : QObject(parent), m_document(document) {
    if (directory.isEmpty()) {
        directory = defaultDirectory();
    }
    QDir().mkpath(directory);
    m_base = directory + QStringLiteral("/session-") +
             QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_lock = std::make_unique<QLockFile>(m_base + QStringLiteral(".lock"));
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    connect(document, &Document::scenarioChanged, this, &Autosave::changed);
    connect(document, &Document::modifiedChanged, this, &Autosave::changed);
}

Autosave::~Autosave() {
    finish();
}

void Autosave::finish() {
    m_timer.stop();
    remove();
    m_lock.reset();  // unlocks and deletes the lock file
}

QString Autosave::defaultDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/autosave");
}

void Autosave::changed() {
    if (!m_lock) {
        return;  // finished: the session is over
    }
    if (m_document->isModified()) {
        m_timer.start();
    } else {
        m_timer.stop();
        remove();
    }
}

bool Autosave::saveNow() {
    if (!m_document->isModified()) {
        return true;
    }
    try {
        saveScenarioFile(m_document->scenario(), filePath());
        const QByteArray original = m_document->filePath().toUtf8();
        writeFileAtomically(m_base + QStringLiteral(".path"), [&](QIODevice& file) {
            return file.write(original) == original.size();
        });
        return true;
    } catch (const std::exception& e) {
        // A full disk must not interrupt the user's work, but the user must know once that
        // nothing protects it from a crash now. A good earlier autosave is still in place.
        if (!m_reported) {
            m_reported = true;
            emit failed(tr("Unsaved changes cannot be autosaved, so a crash would lose them. "
                           "Save your work to another place.\n\n%1")
                            .arg(QString::fromStdString(describeFailure(e))));
        }
        return false;
    }
}

void Autosave::remove() {
    QFile::remove(filePath());
    QFile::remove(m_base + QStringLiteral(".path"));
}

std::vector<Autosave::Orphan> Autosave::orphans(const QString& directory) {
    std::vector<Orphan> found;
    const QDir dir(directory);
    // A session killed with nothing unsaved leaves only its lock: sweep those.
    for (const QFileInfo& info :
         dir.entryInfoList({QStringLiteral("session-*.lock")}, QDir::Files)) {
        QString base = info.absoluteFilePath();
        base.chop(QStringLiteral(".lock").size());
        if (QFile::exists(base + QStringLiteral(".json"))) {
            continue;
        }
        QLockFile lock(info.absoluteFilePath());
        lock.setStaleLockTime(0);
        if (lock.tryLock(0)) {
            lock.unlock();  // removes the file
        }
    }
    for (const QFileInfo& info :
         dir.entryInfoList({QStringLiteral("session-*.json")}, QDir::Files, QDir::Time)) {
        const QString base = stem(info.absoluteFilePath());
        QLockFile lock(base + QStringLiteral(".lock"));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) {
            continue;  // its session is still running
        }
        lock.unlock();
        Orphan orphan{info.absoluteFilePath(), {}, info.lastModified()};
        QFile path(base + QStringLiteral(".path"));
        if (path.open(QIODevice::ReadOnly)) {
            orphan.originalPath = QString::fromUtf8(path.readAll());
        }
        found.push_back(orphan);
    }
    return found;
}

bool Autosave::recover(Document& document, const Orphan& orphan, const WaiverQuestion& ask,
                       std::function<bool()> recovered) {
    try {
        // The user's own work, written by this program: its key file may be anywhere.
        ReadOptions options;
        options.allowOutsideFiles = true;
        const Scenario scenario = loadScenarioFileAsking(orphan.scenarioFile, options, ask);
        // Held until the document shows the work or gives up on it (the callbacks go then).
        auto lock =
            std::make_shared<QLockFile>(stem(orphan.scenarioFile) + QStringLiteral(".lock"));
        lock->tryLock(0);
        const auto shown = [orphan, lock, recovered = std::move(recovered)] {
            if (!recovered || recovered()) {
                discard(orphan);
            }
        };
        // The document said why it cannot take it.
        const auto failed = [&document, orphan, lock] { setAside(document, orphan, {}); };
        return document.replaceScenario(scenario, orphan.originalPath, true, options, shown,
                                        failed);
    } catch (const InputError& e) {
        if (e.waiver()) {  // readable, but the user declined to go past a limit: keep it
            document.rejectInput(QString::fromStdString(e.what()));
            return false;
        }
        setAside(document, orphan, QString::fromStdString(e.what()));
    } catch (const std::exception& e) {
        setAside(document, orphan, QString::fromStdString(describeFailure(e)));
    }
    return false;
}

void Autosave::setAside(Document& document, const Orphan& orphan, const QString& reason) {
    // Offered at every start it would fail at every start: keep it (someone may want to look
    // at it) under a name that is no longer offered.
    const QString aside = setAsidePath(orphan);
    const QString base = stem(orphan.scenarioFile);
    QFile::remove(aside);
    const bool moved = QFile::rename(orphan.scenarioFile, aside);
    QFile::remove(base + QStringLiteral(".path"));
    QFile::remove(base + QStringLiteral(".lock"));
    const QString where = moved ? tr("It was set aside as %1.").arg(aside)
                                : tr("%1 could not be set aside.").arg(orphan.scenarioFile);
    document.rejectInput(
        reason.isEmpty() ? tr("The autosaved work cannot be opened. %1").arg(where)
                         : tr("The autosaved work cannot be read. %1\n\n%2").arg(where, reason));
}

QString Autosave::setAsidePath(const Orphan& orphan) {
    return stem(orphan.scenarioFile) + QStringLiteral(".unreadable");
}

void Autosave::discard(const Orphan& orphan) {
    const QString base = stem(orphan.scenarioFile);
    QFile::remove(orphan.scenarioFile);
    QFile::remove(base + QStringLiteral(".path"));
    QFile::remove(base + QStringLiteral(".lock"));
}

}  // namespace ringscope
