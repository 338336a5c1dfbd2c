#pragma once
// The one way Ringscope writes what a user keeps: scenario saves, autosaves, PNG/SVG exports,
// `ringscope-cli render` files and the command-line tool's standard output all go through here.
//
// A file is written next to its destination (QSaveFile) and every step is checked: each write
// (the content's writer writes into a device that takes a block whole or fails, so a disk that
// takes part of a block fails the save even when the writer does not look, as QSvgGenerator's
// QTextStream does not), the flush of Qt's buffer, the close. Only when all succeeded is it renamed
// over the old file; otherwise the temporary file is removed, the old file stays byte for byte, and
// an InputError names the file and the reason. (Qt 6.4's QSaveFile::commit() returns true after a
// failed flush of its buffer and renames the truncated file over the original — the reason for the
// explicit flush here.)

#include <QIODevice>
#include <QString>

#include <array>
#include <functional>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>

namespace ringscope {

// Writes `path` atomically: `fill` writes the content into the device and returns false if it
// could not (an encoder's failure); a write the device refused fails the save with its reason.
// Throws InputError naming the file when anything fails.
void writeFileAtomically(const QString& path, const std::function<bool(QIODevice&)>& fill);

// A stream over a file descriptor (the command-line tool's standard output) that remembers why
// a write failed: std::cout reports only that something did.
class OutputBuffer : public std::streambuf {
public:
    explicit OutputBuffer(int fd);
    ~OutputBuffer() override;
    // The errno of the first failed write, if any.
    std::optional<int> failure() const { return m_failure; }

protected:
    int_type overflow(int_type c) override;
    int sync() override;

private:
    bool drain();

    int m_fd;
    std::optional<int> m_failure;
    std::array<char, 1 << 16> m_buffer{};
};

// A stream buffer that passes what is written on to `sink` with every terminal control
// character escaped: each byte below 0x20 but newline and tab, DEL and the C1 controls
// (U+0080-U+009F, UTF-8 C2 80-C2 9F) becomes \x1b or \u009b. The command-line tool writes all
// its output and messages through one, so no name from a file, an argument or a key can clear a
// screen or retitle a terminal. O(1) per byte.
class ControlEscapingBuffer : public std::streambuf {
public:
    explicit ControlEscapingBuffer(std::streambuf* sink) : m_sink(sink) {}
    ~ControlEscapingBuffer() override;
    const std::streambuf* sink() const { return m_sink; }

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    bool put(unsigned char c);

    std::streambuf* m_sink;
    bool m_leadC2 = false;  // the last byte was 0xC2, the first of a C1 control maybe
};

class OutputStream : public std::ostream {
public:
    explicit OutputStream(int fd) : std::ostream(&m_buffer), m_buffer(fd) {}

private:
    OutputBuffer m_buffer;
};

// Flushes an output stream and throws InputError ("cannot write the standard output: No space
// left on device") if any write to it failed. The command-line tool's equivalent of a commit.
void finishOutput(std::ostream& out, const std::string& name);

// The steps of writeFileAtomically, in order.
enum class WriteStep : uint8_t { Open, Write, Flush, Commit };

namespace testing {
// Makes every writeFileAtomically from now on fail at `step`, as a full disk or a vanished
// folder would (std::nullopt: write normally again). The tests of each writer use it to prove
// that the old file survives and the error reaches the user.
void failWritesAt(std::optional<WriteStep> step);
}  // namespace testing

}  // namespace ringscope
