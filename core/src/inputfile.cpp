#include "ringscope/inputfile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

namespace ringscope {

namespace {

constexpr size_t kReadChunk = size_t{1} << 16;

[[noreturn]] void refuse(const std::string& path, const std::string& reason) {
    throw InputError("", reason).inFile(path);
}

const char* kindName(mode_t mode) {
    if (S_ISFIFO(mode)) {
        return "a FIFO";
    }
    if (S_ISCHR(mode)) {
        return "a character device";
    }
    if (S_ISBLK(mode)) {
        return "a block device";
    }
    if (S_ISSOCK(mode)) {
        return "a socket";
    }
    return "not a plain file";
}

}  // namespace

const char* fileKindOf(unsigned mode) {
    return kindName(static_cast<mode_t>(mode));
}

InputFile::InputFile(int fd, std::string name, bool owned, uint64_t sizeHint)
    : m_fd(fd), m_name(std::move(name)), m_owned(owned), m_sizeHint(sizeHint) {}

InputFile::InputFile(InputFile&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)),
      m_name(std::move(other.m_name)),
      m_owned(other.m_owned),
      m_sizeHint(other.m_sizeHint),
      m_read(other.m_read) {}

InputFile::~InputFile() {
    if (m_owned && m_fd >= 0) {
        ::close(m_fd);
    }
}

InputFile InputFile::open(const std::string& path) {
    if (path.empty()) {
        refuse(path, "no file name given");
    }
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        refuse(path, errno == ENOENT ? "no such file" : std::strerror(errno));
    }
    InputFile file(fd, path, true, 0);
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        refuse(path, std::strerror(errno));
    }
    if (S_ISDIR(info.st_mode)) {
        refuse(path, "is a directory, not a file");
    }
    if (!S_ISREG(info.st_mode)) {
        refuse(path, std::string("is ") + fileKindOf(info.st_mode) + ", not a regular file");
    }
    file.m_sizeHint = static_cast<uint64_t>(info.st_size);
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return file;
}

InputFile InputFile::borrow(int fd, std::string name) {
    return InputFile(fd, std::move(name), false, 0);
}

size_t InputFile::read(char* buffer, size_t size) {
    for (;;) {
        const ssize_t got = ::read(m_fd, buffer, size);
        if (got > 0) {
            m_read += static_cast<uint64_t>(got);
            return static_cast<size_t>(got);
        }
        if (got == 0) {
            // The end of a regular file that did not hold what it held when it was opened: it
            // was cut (or written) while being read, and what was read is not the file.
            if (m_owned && m_sizeHint > 0 && m_read != m_sizeHint) {
                refuse(m_name, "changed while it was read (" + std::to_string(m_sizeHint) +
                                   " bytes when opened, " + std::to_string(m_read) +
                                   " read); read it again once nothing writes to it");
            }
            return 0;
        }
        if (errno != EINTR) {
            refuse(m_name, std::string("read error: ") + std::strerror(errno));
        }
    }
}

std::string readRegularFile(const std::string& path, const Limits& limits, Limit limit) {
    InputFile file = InputFile::open(path);
    return readAll(file, limits, limit);
}

std::string readAll(InputFile& file, const Limits& limits, Limit limit) {
    const uint64_t cap = limits[limit];
    std::string content;
    std::vector<char> chunk(kReadChunk);
    while (const size_t got = file.read(chunk.data(), chunk.size())) {
        if (content.size() + got > cap) {
            throw limitError(limits, limit,
                             std::max<uint64_t>(file.sizeHint(), content.size() + got), "", "bytes")
                .inFile(file.name());
        }
        content.append(chunk.data(), got);
    }
    return content;
}

}  // namespace ringscope
