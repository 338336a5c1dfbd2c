#include "filewrite.h"

#include <QFileInfo>
#include <QSaveFile>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

#include "ringscope/error.h"
#include "ringscope/inputfile.h"

namespace ringscope {

namespace {

constexpr int kNoInjectedFailure = -1;
std::atomic<int> g_failAt{kNoInjectedFailure};

const char* stepName(WriteStep step) {
    switch (step) {
        case WriteStep::Open:
            return "opening";
        case WriteStep::Write:
            return "writing";
        case WriteStep::Flush:
            return "flushing";
        case WriteStep::Commit:
            return "renaming";
    }
    return "?";
}

// Why a file could not be created; Qt says "Unknown error" for a missing folder.
QString openFailure(const QString& path, const QFileDevice& file) {
    const QFileInfo folder(QFileInfo(path).absolutePath());
    if (!folder.isDir()) {
        return QStringLiteral("the folder %1 does not exist").arg(folder.filePath());
    }
    if (!folder.isWritable()) {
        return QStringLiteral("the folder %1 is not writable").arg(folder.filePath());
    }
    return file.errorString();
}

// The device a writer's `fill` writes into: every write goes whole to the temporary file or
// is remembered as failed, with the system's reason. QTextStream, through which QSvgGenerator
// writes, drops the rest of a write the disk took only part of, and the generator reports
// success all the same; a PNG encoder or a JSON writer may not look either.
class CheckedDevice : public QIODevice {
public:
    explicit CheckedDevice(QFileDevice& file) : m_file(file) {
        open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    }
    ~CheckedDevice() override { close(); }
    bool isSequential() const override { return true; }
    // Why a write failed, if one did.
    const std::optional<QString>& failure() const { return m_failure; }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 size) override {
        if (m_failure) {
            return -1;  // nothing after a lost block may reach the file
        }
        for (qint64 done = 0; done < size;) {
            const qint64 written = m_file.write(data + done, size - done);
            if (written <= 0) {
                // When the disk took part of a block, Qt has no reason to give; writing the rest
                // again fails at once with the system's ("No space left on device").
                m_file.flush();
                const QString reason = m_file.errorString();
                m_failure = m_file.error() == QFileDevice::NoError || reason.isEmpty()
                                ? QStringLiteral("the disk took only part of the content")
                                : reason;
                return -1;
            }
            done += written;
        }
        return size;
    }

private:
    QFileDevice& m_file;
    std::optional<QString> m_failure;
};

}  // namespace

namespace testing {
void failWritesAt(std::optional<WriteStep> step) {
    g_failAt.store(step ? static_cast<int>(*step) : kNoInjectedFailure);
}
}  // namespace testing

void writeFileAtomically(const QString& path, const std::function<bool(QIODevice&)>& fill) {
    const std::string where = path.toStdString();
    // Only a regular file is replaced (or a new one made): a FIFO, a device or a socket, or a
    // link to one, would become a plain file in its place (render -o on a FIFO did, and /dev/null
    // through a link), its reader left waiting.
    if (struct stat info{}; ::stat(where.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
        throw InputError("", std::string("cannot write: it is ") + fileKindOf(info.st_mode) +
                                 ", not a regular file; nothing was written")
            .inFile(where);
    }
    const bool existed = QFileInfo::exists(path);
    QSaveFile file(path);  // its destructor removes the temporary file unless committed
    const auto fail = [&](WriteStep step, const QString& reason) {
        file.cancelWriting();
        throw InputError("", std::string(step == WriteStep::Open ? "cannot write: "
                                         : existed ? "saving failed, the old file is unchanged: "
                                                   : "saving failed, nothing was written: ") +
                                 stepName(step) + " the file: " + reason.toStdString())
            .inFile(where);
    };
    // Each step: did it fail, or does a test make it fail?
    const auto check = [&](WriteStep step, bool ok, const QString& reason) {
        if (!ok) {
            fail(step, reason);
        }
        if (g_failAt.load() == static_cast<int>(step)) {
            fail(step, QStringLiteral("injected failure"));
        }
    };
    const auto reason = [&file] {
        file.flush();
        return file.errorString();
    };
    const bool opened = file.open(QIODevice::WriteOnly);
    check(WriteStep::Open, opened, opened ? QString() : openFailure(path, file));
    bool filled = false;
    std::optional<QString> lost;
    {
        CheckedDevice device(file);
        filled = fill(device);
        lost = device.failure();
    }
    if (!lost && file.error() != QFileDevice::NoError) {
        lost = reason();
    }
    // A write that failed says why; only an encoder that gave up with every write in place
    // (an image the encoder refused) is the content's fault.
    check(WriteStep::Write, filled && !lost,
          lost ? *lost : QStringLiteral("the content could not be encoded"));
    // A full disk shows here for a small file: Qt buffers it, and commit() would not report it.
    const bool flushed = file.flush() && file.error() == QFileDevice::NoError;
    check(WriteStep::Flush, flushed, flushed ? QString() : reason());
    check(WriteStep::Commit, true, {});
    if (!file.commit()) {
        fail(WriteStep::Commit, file.errorString());
    }
}

OutputBuffer::OutputBuffer(int fd) : m_fd(fd) {
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
}

OutputBuffer::~OutputBuffer() {
    drain();
}

bool OutputBuffer::drain() {
    const char* from = pbase();
    while (from < pptr() && !m_failure) {
        const ssize_t written = ::write(m_fd, from, static_cast<size_t>(pptr() - from));
        if (written < 0 && errno == EINTR) {
            continue;
        }
        if (written <= 0) {
            m_failure = written < 0 ? errno : EIO;
            break;
        }
        from += written;
    }
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
    return !m_failure;
}

OutputBuffer::int_type OutputBuffer::overflow(int_type c) {
    if (!drain()) {
        return traits_type::eof();
    }
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int OutputBuffer::sync() {
    return drain() ? 0 : -1;
}

ControlEscapingBuffer::~ControlEscapingBuffer() {
    if (m_leadC2) {
        m_sink->sputc('\xc2');
    }
}

bool ControlEscapingBuffer::put(unsigned char c) {
    const auto escape = [this](std::string_view prefix, unsigned char byte) {
        std::string text(prefix);
        appendHexByte(text, byte);
        const auto size = static_cast<std::streamsize>(text.size());
        return m_sink->sputn(text.data(), size) == size;
    };
    if (m_leadC2) {
        m_leadC2 = false;
        if (c >= 0x80 && c <= 0x9F) {  // U+0080-U+009F: a C1 control (CSI is U+009B)
            return escape("\\u00", c);
        }
        if (m_sink->sputc('\xc2') == traits_type::eof()) {
            return false;
        }
    }
    if (c == 0xC2) {
        m_leadC2 = true;  // decided by the next byte
        return true;
    }
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
        return escape("\\x", c);
    }
    return m_sink->sputc(static_cast<char>(c)) != traits_type::eof();
}

ControlEscapingBuffer::int_type ControlEscapingBuffer::overflow(int_type c) {
    if (traits_type::eq_int_type(c, traits_type::eof())) {
        return traits_type::not_eof(c);
    }
    return put(static_cast<unsigned char>(traits_type::to_char_type(c))) ? c : traits_type::eof();
}

std::streamsize ControlEscapingBuffer::xsputn(const char* s, std::streamsize n) {
    for (std::streamsize i = 0; i < n; ++i) {
        if (!put(static_cast<unsigned char>(s[i]))) {
            return i;
        }
    }
    return n;
}

int ControlEscapingBuffer::sync() {
    return m_sink->pubsync();
}

void finishOutput(std::ostream& out, const std::string& name) {
    out.flush();
    if (out) {
        return;
    }
    const std::streambuf* buffer = out.rdbuf();
    if (const auto* escaping = dynamic_cast<const ControlEscapingBuffer*>(buffer)) {
        buffer = escaping->sink();
    }
    const auto* checked = dynamic_cast<const OutputBuffer*>(buffer);
    const std::string reason =
        checked && checked->failure() ? std::strerror(*checked->failure()) : "a write failed";
    throw InputError("", "cannot write the " + name + ": " + reason);
}

}  // namespace ringscope
