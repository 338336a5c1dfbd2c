#pragma once
// Reading the files an input names (scenarios, lessons, key files): only regular files, read
// with a hard cap, never trusting the size the file system reports. A FIFO or a device
// (/dev/zero, a terminal) is refused before a byte is read, so nothing waits on it forever;
// a directory says so. POSIX (open/fstat/read); errors are InputErrors naming the file. Key
// files are read through KeyLineReader (keyset.h), which caps lines, bytes and keys.

#include <cstdint>
#include <string>
#include <string_view>

#include "ringscope/limits.h"

namespace ringscope {

// What a file that is not a regular one is, for a message: "a FIFO", "a character device", ...
// (`mode` from stat).
const char* fileKindOf(unsigned mode);

// A file descriptor open for reading; closes it when it goes.
class InputFile {
public:
    // Opens `path`, refusing anything but a regular file: "no such file", "is a directory",
    // "is not a regular file (a FIFO)", or the system's reason ("Permission denied").
    static InputFile open(const std::string& path);
    // Reads an already open descriptor (standard input), which may be a pipe. Not closed.
    static InputFile borrow(int fd, std::string name);
    ~InputFile();
    InputFile(InputFile&& other) noexcept;
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    InputFile& operator=(InputFile&&) = delete;

    const std::string& name() const { return m_name; }
    // The size the file system reports: a hint for messages only (a file may grow or lie).
    uint64_t sizeHint() const { return m_sizeHint; }
    // Reads up to `size` bytes; 0 at the end. Throws InputError on a read error, and at the end
    // of a file opened here that did not hold the size it had when opened (it was truncated or
    // written while being read: a partial key set must not pass for the whole one).
    size_t read(char* buffer, size_t size);

private:
    InputFile(int fd, std::string name, bool owned, uint64_t sizeHint);
    int m_fd;
    std::string m_name;
    bool m_owned;
    uint64_t m_sizeHint;
    uint64_t m_read = 0;  // bytes read so far
};

// Everything left in `file` (a pipe too), at most limits[limit] bytes. Throws InputError naming
// the file; one over the limit carries the waiver.
std::string readAll(InputFile& file, const Limits& limits, Limit limit);

// The whole content of a regular file of at most limits[limit] bytes (scenario-bytes for a
// scenario). Throws InputError naming the file; one over the limit carries the waiver.
std::string readRegularFile(const std::string& path, const Limits& limits, Limit limit);

}  // namespace ringscope
