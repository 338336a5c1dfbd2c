#pragma once
// Unsaved work survives a crash: while the document is modified, it is written (atomically)
// to a per-session file a moment after each change; a clean exit removes it. A session holds a
// QLockFile, so files whose lock is free at start-up belong to a session that died.
// An autosave that cannot be written is reported once (failed()); one that cannot be read back
// is set aside under another name, so it is not offered again at every start.

#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>
#include <vector>

#include "scenariojson.h"

namespace ringscope {

class Document;

class Autosave : public QObject {
    Q_OBJECT
public:
    struct Orphan {
        QString scenarioFile;  // the autosaved scenario
        QString originalPath;  // the file it was edited from ("" if untitled)
        QDateTime saved;
    };

    // `directory` defaults to the per-user application data folder.
    explicit Autosave(Document* document, QString directory = {}, QObject* parent = nullptr);
    ~Autosave() override;

    static QString defaultDirectory();
    // Autosaves of sessions that are no longer running, newest first.
    static std::vector<Orphan> orphans(const QString& directory);
    // Loads an orphan into the document (marked modified, with its original path); `ask` is
    // asked before it goes past a limit (as when the file was opened). Once the document shows
    // it (at once, or when its computation in the background is installed), `recovered` runs
    // (the window autosaves the work again there) and, unless it returns false, the orphan is
    // deleted; until then its lock is held, so no other session offers it. Returns false (the
    // document says why) if it cannot be read; the file is then renamed to setAsidePath() and no
    // longer offered, as when its computation fails in the background (one kept back by a
    // declined question, or whose computation was cancelled, stays on offer).
    static bool recover(Document& document, const Orphan& orphan, const WaiverQuestion& ask = {},
                        std::function<bool()> recovered = {});
    static QString setAsidePath(const Orphan& orphan);
    static void discard(const Orphan& orphan);

    QString filePath() const { return m_base + QStringLiteral(".json"); }
    // Writes the document now if it is modified; false when that failed (failed() says so once).
    bool saveNow();
    // The session ends normally (the window closed, its question about unsaved work answered):
    // the autosave and its lock go, so nothing is offered back at the next start.
    void finish();
    void setDelay(int milliseconds) { m_timer.setInterval(milliseconds); }

signals:
    // The first autosave that could not be written, and why (later failures stay quiet).
    void failed(const QString& message);

private:
    void changed();
    void remove();
    static void setAside(Document& document, const Orphan& orphan, const QString& reason);

    Document* m_document;
    QString m_base;  // directory/session-<id>
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    bool m_reported = false;
};

}  // namespace ringscope
