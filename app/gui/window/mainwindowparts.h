#pragma once
// What the main window's files (mainwindow.cpp, mainwindowmenus.cpp, mainwindowfiles.cpp) share.

#include <QIcon>
#include <QString>

#include <cstddef>

namespace ringscope::mainwindow {
inline constexpr size_t kMaxMenuNodes = 30;
inline constexpr int kNoticeMs = 10000;           // how long the status bar keeps a notice
inline constexpr qsizetype kMaxPictureName = 80;  // characters of a proposed picture file name

inline QIcon icon(const char* name) {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

}  // namespace ringscope::mainwindow
