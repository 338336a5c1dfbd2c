#pragma once
// Reading the files an input names (scenarios, lessons, key files): only regular files, read
// with a hard cap, never trusting the size the file system reports. A FIFO or a device
// (/dev/zero, a terminal) is refused before a byte is read, so nothing waits on it forever;
// a directory says so. POSIX (open/fstat/read); errors are InputErrors naming the file.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "ringscope/limits.h"

namespace ringscope {

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
    // Reads up to `size` bytes; 0 at the end. Throws InputError on a read error.
    size_t read(char* buffer, size_t size);

private:
    InputFile(int fd, std::string name, bool owned, uint64_t sizeHint);
    int m_fd;
    std::string m_name;
    bool m_owned;
    uint64_t m_sizeHint;
};

// The whole content of a regular file of at most limits[limit] bytes (scenario-bytes for a
// scenario). Throws InputError naming the file; one over the limit carries the waiver.
std::string readRegularFile(const std::string& path, const Limits& limits, Limit limit);

// Calls `line(text, number)` for each non-empty line of a key file, in order (a trailing '\r'
// dropped; `number` is 1-based). Caps what it reads: each line at string-bytes, all bytes at
// key-bytes, the lines it passes on at keys; past a cap it reads no further than needed to say
// how much the input needs, and throws InputError naming the file and the line. Streaming:
// it holds one buffer and one line at a time.
using KeyLineFn = std::function<void(std::string_view key, uint32_t line)>;
void forEachKeyLine(InputFile& file, const Limits& limits, const KeyLineFn& line);

}  // namespace ringscope
