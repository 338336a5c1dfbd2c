#include "recentfiles.h"

#include <QDateTime>
#include <QDir>
#include <QDomDocument>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUrl>

#include <algorithm>
#include <utility>
#include <vector>

#include "filewrite.h"
#include "ringscope/error.h"

namespace ringscope {

namespace {

// The bookmark spec's names, as GTK writes them (the prefixes are part of the tag names here:
// the document is read without namespace processing so that it is written back as it was).
const QString kBookmarkNamespace =
    QStringLiteral("http://www.freedesktop.org/standards/desktop-bookmarks");
const QString kMimeNamespace =
    QStringLiteral("http://www.freedesktop.org/standards/shared-mime-info");
const QString kMetadataOwner = QStringLiteral("http://freedesktop.org");
const QString kApplications = QStringLiteral("bookmark:applications");
const QString kApplication = QStringLiteral("bookmark:application");
const QString kMimeTypeTag = QStringLiteral("mime:mime-type");

// A history larger than this is not read (nor rewritten): GTK keeps it to weeks of use.
constexpr qint64 kMaxBytes = qint64{16} << 20;

QString now() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

QDomElement child(const QDomElement& parent, const QString& tag) {
    return parent.firstChildElement(tag);
}

QDomElement childOrNew(QDomDocument& doc, QDomElement parent, const QString& tag) {
    QDomElement e = child(parent, tag);
    if (e.isNull()) {
        e = doc.createElement(tag);
        parent.appendChild(e);
    }
    return e;
}

// The freedesktop metadata of a bookmark (info/metadata owner="http://freedesktop.org").
QDomElement metadataOf(const QDomElement& bookmark) {
    for (QDomElement m = child(child(bookmark, QStringLiteral("info")), QStringLiteral("metadata"));
         !m.isNull(); m = m.nextSiblingElement(QStringLiteral("metadata"))) {
        if (m.attribute(QStringLiteral("owner")) == kMetadataOwner) {
            return m;
        }
    }
    return {};
}

// Ringscope's bookmark:application element in a bookmark's metadata, or a null element.
QDomElement ourApplication(const QDomElement& metadata) {
    for (QDomElement a = child(child(metadata, kApplications), kApplication); !a.isNull();
         a = a.nextSiblingElement(kApplication)) {
        if (a.attribute(QStringLiteral("name")) == RecentFiles::applicationName()) {
            return a;
        }
    }
    return {};
}

// When an application last used a bookmark: "modified", or "timestamp" (seconds) in files
// written by older GTK versions.
QDateTime usedAt(const QDomElement& application) {
    const QString modified = application.attribute(QStringLiteral("modified"));
    if (!modified.isEmpty()) {
        return QDateTime::fromString(modified, Qt::ISODateWithMs);
    }
    bool ok = false;
    const qint64 seconds = application.attribute(QStringLiteral("timestamp")).toLongLong(&ok);
    return ok ? QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC) : QDateTime();
}

QString localFile(const QDomElement& bookmark) {
    const QUrl url(bookmark.attribute(QStringLiteral("href")));
    return url.isLocalFile() ? QDir::cleanPath(url.toLocalFile()) : QString();
}

// The document in `path`: an empty history when there is no file; false when there is one
// that cannot be read as XBEL.
bool read(const QString& path, QDomDocument* doc) {
    QFile file(path);
    if (!file.exists()) {
        doc->setContent(QStringLiteral(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xbel version=\"1.0\"/>\n"));
        return true;
    }
    if (file.size() > kMaxBytes || !file.open(QIODevice::ReadOnly)) {
        return false;
    }
    return doc->setContent(file.readAll(), false) && doc->documentElement().tagName() == u"xbel";
}

}  // namespace

QString RecentFiles::applicationName() {
    return QStringLiteral("Ringscope");
}

QString RecentFiles::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/recently-used.xbel");
}

RecentFiles::RecentFiles(QString path) : m_path(std::move(path)) {}

QStringList RecentFiles::files() const {
    QDomDocument doc;
    if (!read(m_path, &doc)) {
        return {};
    }
    std::vector<std::pair<QDateTime, QString>> used;
    for (QDomElement b = doc.documentElement().firstChildElement(QStringLiteral("bookmark"));
         !b.isNull(); b = b.nextSiblingElement(QStringLiteral("bookmark"))) {
        const QDomElement application = ourApplication(metadataOf(b));
        const QString file = localFile(b);
        if (!application.isNull() && !file.isEmpty() && QFileInfo::exists(file)) {
            used.emplace_back(usedAt(application), file);
        }
    }
    std::stable_sort(used.begin(), used.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    QStringList files;
    for (const auto& [when, file] : used) {
        if (!files.contains(file)) {
            files << file;
        }
        if (files.size() == kMaxListed) {
            break;
        }
    }
    return files;
}

bool RecentFiles::add(const QString& file, const QString& mimeType) const {
    QDomDocument doc;
    if (!read(m_path, &doc)) {
        return false;  // someone else's history that we cannot read: leave it alone
    }
    QDomElement root = doc.documentElement();
    if (!root.hasAttribute(QStringLiteral("xmlns:bookmark"))) {
        root.setAttribute(QStringLiteral("xmlns:bookmark"), kBookmarkNamespace);
    }
    if (!root.hasAttribute(QStringLiteral("xmlns:mime"))) {
        root.setAttribute(QStringLiteral("xmlns:mime"), kMimeNamespace);
    }
    const QString absolute = QDir::cleanPath(QFileInfo(file).absoluteFilePath());
    const QString time = now();
    QDomElement bookmark;
    for (QDomElement b = root.firstChildElement(QStringLiteral("bookmark")); !b.isNull();
         b = b.nextSiblingElement(QStringLiteral("bookmark"))) {
        if (localFile(b) == absolute) {
            bookmark = b;
            break;
        }
    }
    if (bookmark.isNull()) {
        bookmark = doc.createElement(QStringLiteral("bookmark"));
        bookmark.setAttribute(QStringLiteral("href"),
                              QString::fromUtf8(QUrl::fromLocalFile(absolute).toEncoded()));
        bookmark.setAttribute(QStringLiteral("added"), time);
        root.appendChild(bookmark);
    }
    bookmark.setAttribute(QStringLiteral("modified"), time);
    bookmark.setAttribute(QStringLiteral("visited"), time);

    QDomElement metadata = metadataOf(bookmark);
    if (metadata.isNull()) {
        metadata = doc.createElement(QStringLiteral("metadata"));
        metadata.setAttribute(QStringLiteral("owner"), kMetadataOwner);
        childOrNew(doc, bookmark, QStringLiteral("info")).appendChild(metadata);
    }
    childOrNew(doc, metadata, kMimeTypeTag).setAttribute(QStringLiteral("type"), mimeType);
    QDomElement application = ourApplication(metadata);
    if (application.isNull()) {
        application = doc.createElement(kApplication);
        application.setAttribute(QStringLiteral("name"), applicationName());
        application.setAttribute(QStringLiteral("exec"), QStringLiteral("'ringscope %u'"));
        childOrNew(doc, metadata, kApplications).appendChild(application);
    }
    application.setAttribute(QStringLiteral("modified"), time);
    application.removeAttribute(QStringLiteral("timestamp"));
    const qint64 count = application.attribute(QStringLiteral("count")).toLongLong();
    application.setAttribute(QStringLiteral("count"), std::clamp<qint64>(count, 0, 1 << 30) + 1);

    const QByteArray text = doc.toByteArray(2);
    try {
        QDir().mkpath(QFileInfo(m_path).absolutePath());
        writeFileAtomically(m_path,
                            [&text](QIODevice& out) { return out.write(text) == text.size(); });
    } catch (const InputError&) {
        return false;
    }
    return true;
}

}  // namespace ringscope
