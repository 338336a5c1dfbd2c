#pragma once
// The desktop's recent files (freedesktop.org's desktop bookmark spec: recently-used.xbel in
// the user's data folder, shared with GTK and the file managers' "Recent" views). File → Open
// Recent lists Ringscope's entries there and adds to it, so the menu and the desktop agree, and
// clearing the desktop's history clears the menu.
//
// Entries of other programs and everything Ringscope does not understand stay as they were; a
// file that cannot be read as XBEL is never overwritten. Writes are atomic (writeFileAtomically).

#include <QString>
#include <QStringList>

namespace ringscope {

class RecentFiles {
public:
    // The name the entries carry (bookmark:application name) and how many the menu lists.
    static constexpr int kMaxListed = 8;
    static QString applicationName();
    // $XDG_DATA_HOME/recently-used.xbel (~/.local/share/…).
    static QString defaultPath();

    explicit RecentFiles(QString path = defaultPath());

    // The local files Ringscope opened or saved, most recent first, those that still exist,
    // at most kMaxListed. Empty when the file is missing or unreadable.
    QStringList files() const;
    // Records that Ringscope used `file` now (opened or saved): a new entry, or the existing one
    // moved to the front with its count raised. `mimeType` is the file's type (fileformat.h).
    // Returns false when the list could not be written (it is a convenience: callers go on).
    bool add(const QString& file, const QString& mimeType) const;

    QString path() const { return m_path; }

private:
    QString m_path;
};

}  // namespace ringscope
