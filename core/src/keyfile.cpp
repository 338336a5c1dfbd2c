// Key files: read line by line within the limits, counted, their keys named (keyset.h).
#include "ringscope/keyset.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <istream>
#include <numeric>
#include <system_error>
#include <thread>
#include <utility>

#include "ringscope/error.h"
#include "ringscope/hash.h"
#include "ringscope/parallel.h"
#include "ringscope/radixsort.h"

namespace ringscope {

// ---------------------------------------------------------------------------------------------
// Reading

namespace {
// Read blocks of this size: large enough that a pipe or file is read at memory speed.
constexpr size_t kReadBlock = size_t{1} << 20;
// How far past the string-bytes limit a line too long is measured for its message: a line of a
// few megabytes is a key someone meant, and is measured exactly; past that it is not a key file.
constexpr uint64_t kLongLineLookahead = uint64_t{16} << 20;
}  // namespace

KeyLineReader::KeyLineReader(std::istream& in, std::string source, const Limits& limits)
    : m_in(&in), m_source(std::move(source)), m_limits(limits) {}

KeyLineReader::KeyLineReader(InputFile file, const Limits& limits)
    : m_file(std::make_unique<InputFile>(std::move(file))),
      m_source(m_file->name()),
      m_limits(limits) {}

namespace {
InputFile openKeyFile(const std::string& path) {
    try {
        return InputFile::open(path);
    } catch (const InputError& e) {
        throw InputError("", "cannot read the key file: " + e.message()).inFile(path);
    }
}
}  // namespace

KeyLineReader::KeyLineReader(const std::string& path, const Limits& limits)
    : KeyLineReader(openKeyFile(path), limits) {}

KeyLineReader::~KeyLineReader() = default;

size_t KeyLineReader::readBlock(char* into, size_t size) {
    size_t got = 0;
    if (m_file) {  // a pipe may hand over less than asked: read until full or at the end
        while (got < size) {
            const size_t more = m_file->read(into + got, size - got);
            if (more == 0) {
                break;
            }
            got += more;
        }
    } else {
        m_in->read(into, static_cast<std::streamsize>(size));
        got = static_cast<size_t>(m_in->gcount());
        if (m_in->bad()) {
            throw InputError("", "read error").inFile(m_source);
        }
    }
    m_bytesRead = saturatingAdd(m_bytesRead, got);
    return got;
}

bool KeyLineReader::fill() {
    if (m_eof) {
        return false;
    }
    // Keep the unfinished line, then read a block after it. The buffer only grows: resized down
    // to the bytes read and up again, it was zeroed a block at a time (a tenth of reading a file
    // from the page cache).
    if (m_begin > 0) {
        std::memmove(m_buffer.data(), m_buffer.data() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    if (m_buffer.size() < m_end + kReadBlock) {
        m_buffer.resize(m_end + kReadBlock);
    }
    const size_t got = readBlock(m_buffer.data() + m_end, kReadBlock);
    m_end += got;
    if (got < kReadBlock) {
        m_eof = true;
    }
    return got > 0;
}

void KeyLineReader::refuseLongLine() {
    // Measure the rest of the line without keeping it, so the refusal says what the line needs,
    // but no further than kLongLineLookahead past the limit: a 2 GB file of zeros or /dev/zero on
    // standard input has no line end to find (it was read to key-bytes, 1 GiB, then the message
    // advised raising string-bytes to that).
    const uint64_t line = m_line == UINT32_MAX ? m_line : m_line + 1;
    const uint64_t limit = m_limits[Limit::StringBytes];
    const uint64_t cap = saturatingAdd(limit, kLongLineLookahead);
    uint64_t length = m_end - m_begin;
    const char* begin = m_buffer.data() + m_begin;
    const auto* newline = static_cast<const char*>(std::memchr(begin, '\n', m_end - m_begin));
    if (newline) {
        length = static_cast<uint64_t>(newline - begin);
    }
    std::vector<char> block(newline || m_eof ? 0 : kReadBlock);
    while (!newline && !m_eof && length <= cap) {
        const size_t got = readBlock(block.data(), block.size());
        m_eof = got < block.size();
        newline = static_cast<const char*>(std::memchr(block.data(), '\n', got));
        length = saturatingAdd(length, newline ? size_t(newline - block.data()) : got);
    }
    if (!newline && !m_eof) {  // no end in sight: say how far it was looked for
        throw InputError("", "no line end in the first " + std::to_string(length) +
                                 " bytes of the line, more than the limit " +
                                 std::string(limitName(Limit::StringBytes)) + " = " +
                                 std::to_string(limit) +
                                 " allows for one key (a key file holds one key per line)")
            .inFile(m_source)
            .atLine(static_cast<uint32_t>(line));
    }
    throw limitError(m_limits, Limit::StringBytes, length, "", "bytes in one line")
        .inFile(m_source)
        .atLine(static_cast<uint32_t>(line));
}

bool KeyLineReader::next(KeyBatch& batch, size_t max) {
    return nextKeys([&batch](std::string_view key, uint32_t line) { batch.add(key, line); }, max) >
           0;
}

template <typename Add>
size_t KeyLineReader::nextKeys(Add&& add, size_t max) {
    const uint64_t maxLine = m_limits[Limit::StringBytes];
    size_t added = 0;
    while (added < max) {
        const char* begin = m_buffer.data() + m_begin;
        const char* end = m_buffer.data() + m_end;
        const char* newline =
            begin == end ? nullptr
                         : static_cast<const char*>(std::memchr(begin, '\n', size_t(end - begin)));
        if (!newline && !m_eof) {
            if (m_end - m_begin > maxLine + 1) {  // even without a '\r' the line is too long
                refuseLongLine();
            }
            fill();
            continue;
        }
        if (begin == end && m_eof) {
            break;
        }
        const char* stop = newline ? newline : end;  // the last line may lack its newline
        std::string_view line(begin, size_t(stop - begin));
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        // A byte order mark before the first line (editors on Windows write one) is not part
        // of the first key: kept, that key hashed as other bytes than the system's.
        if (m_line == 0 && line.starts_with("\xEF\xBB\xBF")) {
            line.remove_prefix(3);
        }
        if (line.size() > maxLine) {
            refuseLongLine();
        }
        m_begin = static_cast<size_t>(stop - m_buffer.data()) + (newline ? 1 : 0);
        m_line = m_line == UINT32_MAX ? m_line : m_line + 1;
        if (line.empty()) {
            continue;
        }
        add(line, m_line);
        ++added;
    }
    return added;
}

namespace {
// Keys per batch when a whole file is read into memory.
constexpr size_t kKeyBatch = 65536;
// From this size up a file's names have their memory faulted in ahead of the reader.
constexpr uint64_t kFaultAheadBytes = uint64_t{8} << 20;
}  // namespace

namespace {
// Reads every key of `reader` within the caps: each key within the keys cap goes to
// take(key, line) as it is found, and after each batch of them batchDone(keysBefore, got) runs;
// every read is checked against key-bytes, blank lines included. Past the keys cap it counts on
// without keeping (within key-bytes) to say how many keys the input has. Returns the keys read.
// The one rule for a key file's caps: countKeyFile and readKeyLines both read through it.
template <typename Take, typename BatchDone>
uint64_t readCapped(KeyLineReader& reader, const Limits& limits, Take&& take,
                    BatchDone&& batchDone) {
    const uint64_t maxKeys = limits[Limit::Keys];
    const auto checkBytes = [&] {
        if (reader.bytesRead() > limits[Limit::KeyBytes]) {
            throw limitError(limits, Limit::KeyBytes,
                             std::max(reader.sizeHint(), reader.bytesRead()), "", "bytes of keys")
                .inFile(reader.source());
        }
    };
    uint64_t keys = 0;
    while (keys < maxKeys) {
        const size_t got =
            reader.nextKeys(take, size_t(std::min<uint64_t>(kKeyBatch, maxKeys - keys)));
        checkBytes();  // whatever was read, keys or not (blank lines count as bytes too)
        if (got == 0) {
            return keys;
        }
        batchDone(keys, got);
        keys += got;
    }
    uint64_t more = 0;
    while (const size_t got = reader.nextKeys([](std::string_view, uint32_t) {}, kKeyBatch)) {
        checkBytes();
        more += got;
    }
    checkBytes();  // the blank lines after the last key
    if (more > 0) {
        throw limitError(limits, Limit::Keys, saturatingAdd(keys, more), "", "keys")
            .inFile(reader.source());
    }
    return keys;
}

// After the first `got` keys of `bytes` bytes: the keys a file of `size` bytes holds at their
// bytes a line (and a few more), within the keys limit, have their lengths reserved once, not
// grown by doubling (a third of them copied, and twice their memory for a moment, at ten million
// keys; pages reserved and never written cost no memory). While the reader goes on, another
// thread faults in the pages the names are expected to fill (their bytes without the line ends):
// a page fault each costs about as much as reading the page from the file.
void expectKeys(KeyNames& names, double bytes, size_t got, uint64_t size, const Limits& limits,
                std::jthread& faulting) {
    const double perLine = (bytes + double(got)) / double(got);
    const double expected = std::min(double(size) / perLine, double(limits[Limit::Keys]));
    names.reserve(size_t(expected * 1.02), 0);
    if (size >= kFaultAheadBytes) {
        const double textShare = bytes / (perLine * double(got));
        try {
            faulting =
                std::jthread(names.prefaultJob(size_t(expected), size_t(double(size) * textShare)));
        } catch (const std::system_error&) {
            // no thread to spare: the reader faults its pages in itself
        }
    }
}
}  // namespace

void readKeyLines(KeyLineReader& reader, KeyNames& names, KeyLines* lines, const Limits& limits) {
    // A file's names take at most its size: reserved once (pages untouched until written).
    const uint64_t size = std::min<uint64_t>(reader.sizeHint(), limits[Limit::KeyBytes]);
    names.reserve(0, size);
    // Each key goes straight from the reader's block into the names, a batch at a time.
    const auto store = [&names, lines](std::string_view key, uint32_t line) {
        names.append(key);
        if (lines) {
            lines->add(line);
        }
    };
    const size_t bytesBefore = names.storedNameBytes();
    std::jthread faulting;  // joined on the way out, thrown or not
    readCapped(reader, limits, store, [&](uint64_t keysBefore, size_t got) {
        if (keysBefore == 0) {
            expectKeys(names, double(names.storedNameBytes() - bytesBefore), got, size, limits,
                       faulting);
        }
    });
}

KeyNames readKeyLines(std::istream& in, const std::string& source, KeyLines* lines,
                      const Limits& limits) {
    KeyLineReader reader(in, source, limits);
    KeyNames names;
    readKeyLines(reader, names, lines, limits);
    return names;
}

KeyVolume countKeyFile(const std::string& path, const Limits& limits) {
    KeyLineReader reader(path, limits);
    KeyVolume volume;
    volume.keys = readCapped(
        reader, limits,
        [&volume](std::string_view key, uint32_t) {
            volume.bytes += key.size();
            volume.longest = std::max<uint64_t>(volume.longest, key.size());
        },
        [](uint64_t, size_t) {});
    return volume;
}

KeyVolume keyVolume(const KeyNames& names) {
    if (!names.isPattern()) {
        return {names.size(), names.storedNameBytes(), names.longestStored()};
    }
    KeyVolume volume{names.size(), 0, 0};
    names.forEach(0, names.size(), [&volume](size_t, std::string_view name) {
        volume.bytes += name.size();
        volume.longest = std::max<uint64_t>(volume.longest, name.size());
    });
    return volume;
}

std::string keyFilePath(const KeySetSpec& spec) {
    const std::filesystem::path file(spec.file);
    if (spec.fileBase.empty() || file.empty() || file.is_absolute()) {
        return spec.file;
    }
    return (std::filesystem::path(spec.fileBase) / file).lexically_normal().string();
}

KeyNames readKeyFile(const std::string& path, KeyLines* lines, const Limits& limits) {
    KeyLineReader reader(path, limits);
    KeyNames names;
    readKeyLines(reader, names, lines, limits);
    return names;
}

}  // namespace ringscope
