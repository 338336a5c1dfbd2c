#pragma once
// What a Ringscope file holds, told from its start: the top-level "format" string, which
// Ringscope writes first ("format": "ringscope/1" for a scenario, "ringscope-lesson/1" for a
// lesson). The desktop's file types (resources/desktop/ringscope-mime.xml) look for the same
// field in the same first bytes, so the file manager and the program agree on what a file is.

#include <QString>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ringscope {

// How much of a file is read to tell its format: the MIME rules match a format that starts in
// the first 4,000 bytes.
inline constexpr size_t kFormatSniffBytes = 4096;

// The desktop's names for the two file types (shared-mime-info, the desktop entry, the
// metainfo and the recent files all use them).
inline constexpr char kScenarioMimeType[] = "application/x-ringscope-scenario+json";
inline constexpr char kLessonMimeType[] = "application/x-ringscope-lesson+json";

// The string value of the top-level "format" member of the JSON object that `head` starts
// (only its beginning need be there), if it comes before `head` ends. std::nullopt when `head`
// is no JSON object, has no such member in it, or its value is not a string. O(n) in `head`.
std::optional<std::string> formatField(std::string_view head);

// formatField of the file's first kFormatSniffBytes: a regular file or a Qt resource (":/…").
// std::nullopt also when the file cannot be read (the reader that opens it then says why).
std::optional<std::string> fileFormat(const QString& path);

}  // namespace ringscope
