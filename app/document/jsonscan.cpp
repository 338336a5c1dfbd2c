#include "jsonscan.h"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "jsonvalue.h"
#include "ringscope/error.h"
#include "ringscope/scenario.h"

namespace ringscope {

namespace {

// Where an open container, or a value, sits in its parent: "[3]" in an array, ".name" in an
// object. A path is joined from these only when a message needs it, so an open bracket costs
// its own key, not a copy of every key above it (100,000 open brackets took gigabytes).
struct Segment {
    bool index = false;  // "[3]", else a key
    std::string text;    // the index's digits, or the key as a message shows it
};

// One open array or object.
struct Frame {
    bool object = false;
    Segment segment;  // where it sits in its parent (empty for the top level)
    uint64_t entries = 0;
    size_t openedAt = 0;
    std::unordered_set<std::string> keys;  // objects: the keys seen so far
};

class Scanner {
public:
    Scanner(std::string_view text, const Limits& limits) : m_text(text), m_limits(limits) {}

    void run() {
        scan();
        // Text that ends inside a container over the limit (Qt would parse all of it first).
        for (size_t depth = 0; depth < m_stack.size(); ++depth) {
            checkEntries(depth);
        }
    }

private:
    void scan() {
        // Each step reads one value, or the key of an object entry, or a closing bracket.
        std::optional<std::string> key;  // the key of the value about to be read
        bool expectValue = true;
        while (skipSpace()) {
            if (!expectValue) {
                // After a value: a comma, or the end of the container.
                if (m_stack.empty()) {
                    return;  // trailing text: QJsonDocument's to report
                }
                const char c = m_text[m_at++];
                if (c == ',') {
                    expectValue = true;
                    if (m_stack.back().object && !readKey(key)) {
                        return;
                    }
                    continue;
                }
                if (c != (m_stack.back().object ? '}' : ']')) {
                    return;
                }
                close();
                continue;
            }
            const char c = m_text[m_at];
            if (c == ']' || c == '}') {  // an empty container (or a trailing comma: Qt says)
                if (m_stack.empty() || c != (m_stack.back().object ? '}' : ']') ||
                    m_stack.back().entries > 0) {
                    return;
                }
                ++m_at;
                close();
                expectValue = false;
                continue;
            }
            Segment segment = childSegment(key);
            key.reset();
            if (!m_stack.empty()) {
                ++m_stack.back().entries;
            }
            if (c == '[' || c == '{') {
                if (m_stack.size() >= kMaxJsonDepth) {
                    throw at(m_at, InputError("", "arrays and objects nested more than " +
                                                      std::to_string(kMaxJsonDepth) +
                                                      " deep (JSON readers stop there)"));
                }
                m_stack.push_back({c == '{', std::move(segment), 0, m_at, {}});
                ++m_at;
                if (c == '{') {
                    if (!skipSpace()) {
                        return;
                    }
                    if (m_text[m_at] != '}' && !readKey(key)) {
                        return;
                    }
                }
                continue;
            }
            if (c == '"') {
                const size_t start = m_at;
                const std::optional<uint64_t> bytes = readString(nullptr);
                if (!bytes) {
                    return;
                }
                if (*bytes > m_limits[Limit::StringBytes]) {
                    throw at(start,
                             limitError(m_limits, Limit::StringBytes, *bytes,
                                        pathOf(m_stack.size(), &segment), "bytes in one string"));
                }
            } else {  // a number, true, false or null
                while (m_at < m_text.size() && !isDelimiter(m_text[m_at])) {
                    ++m_at;
                }
            }
            expectValue = false;
        }
    }

    static bool isDelimiter(char c) {
        return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    bool skipSpace() {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t' ||
                                        m_text[m_at] == '\n' || m_text[m_at] == '\r')) {
            ++m_at;
        }
        return m_at < m_text.size();
    }

    // Where the value about to be read sits in the innermost open container.
    Segment childSegment(const std::optional<std::string>& key) const {
        if (m_stack.empty()) {
            return {};
        }
        const Frame& parent = m_stack.back();
        if (!parent.object) {
            return {true, std::to_string(parent.entries)};
        }
        // A key as typed, unless it holds what would break a message line (a NUL, a newline).
        std::string name = key ? *key : std::string();
        if (hasControlCharacter(name)) {
            name = quotedText(name, kQuotedIdBytes);
        }
        return {false, std::move(name)};
    }

    // The field path of the first `frames` open containers ("nodes[1]"), then `last` if given.
    std::string pathOf(size_t frames, const Segment* last = nullptr) const {
        std::string path;
        const auto add = [&path](const Segment& s) {
            if (s.index) {
                path += "[" + s.text + "]";
            } else {
                path += (path.empty() ? "" : ".") + s.text;
            }
        };
        for (size_t i = 1; i < frames && i < m_stack.size(); ++i) {  // 0 is the top level
            add(m_stack[i].segment);
        }
        if (last) {
            add(*last);
        }
        return path;
    }

    // An object's key and its colon; a key named before in the same object is an error.
    bool readKey(std::optional<std::string>& key) {
        if (!skipSpace() || m_text[m_at] != '"') {
            return false;
        }
        const size_t start = m_at;
        std::string name;
        if (!readString(&name)) {
            return false;
        }
        stripLeadingBoms(name);  // as the parser does (fromQJson)
        Frame& frame = m_stack.back();
        if (!frame.keys.insert(name).second) {
            throw at(start,
                     InputError(pathOf(m_stack.size()), "the key " + quotedText(name) +
                                                            " is given twice (JSON keeps only one "
                                                            "of them; remove the other)"));
        }
        if (!skipSpace() || m_text[m_at] != ':') {
            return false;
        }
        ++m_at;
        key = std::move(name);
        return true;
    }

    // A string from its opening quote; `decoded` receives its text (keys only). Gives the bytes
    // of UTF-8 it becomes, which the limit on a string counts, not the way the text spells them:
    // a tab as is or as "\t" is one byte, an escape its code point's bytes, so that a string
    // written back with its control characters escaped reads back under the same limit (raw
    // bytes are themselves: the parser refuses a string that is not UTF-8). Nothing when the
    // string does not end.
    std::optional<uint64_t> readString(std::string* decoded) {
        ++m_at;
        uint64_t bytes = 0;
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (c == '"') {
                ++m_at;
                return bytes;
            }
            ++m_at;
            if (c != '\\') {
                ++bytes;
                if (decoded) {
                    decoded->push_back(c);
                }
                continue;
            }
            if (m_at >= m_text.size()) {
                return std::nullopt;
            }
            const char e = m_text[m_at++];
            if (e == 'u') {
                const std::optional<uint32_t> code = readEscapedCodePoint(decoded);
                if (!code) {
                    return std::nullopt;
                }
                bytes += utf8Bytes(*code);
                continue;
            }
            static constexpr std::string_view kFrom = "\"\\/bfnrt", kTo = "\"\\/\b\f\n\r\t";
            const size_t which = kFrom.find(e);
            if (which == std::string_view::npos) {
                return std::nullopt;
            }
            ++bytes;
            if (decoded) {
                decoded->push_back(kTo[which]);
            }
        }
        return std::nullopt;
    }

    std::optional<uint32_t> hex4() {
        if (m_at + 4 > m_text.size()) {
            return std::nullopt;
        }
        uint32_t value = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = m_text[m_at++];
            const int digit = c >= '0' && c <= '9'   ? c - '0'
                              : c >= 'a' && c <= 'f' ? c - 'a' + 10
                              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                     : -1;
            if (digit < 0) {
                return std::nullopt;
            }
            value = value * 16 + uint32_t(digit);
        }
        return value;
    }

    // \uXXXX (and a following low surrogate), as UTF-8, so "\u0041" and "A" are the same key.
    // Gives the code point.
    std::optional<uint32_t> readEscapedCodePoint(std::string* decoded) {
        auto unit = hex4();
        if (!unit) {
            return std::nullopt;
        }
        uint32_t code = *unit;
        const size_t escape = m_at - 6;  // where "\\uXXXX" began
        if (code >= 0xD800 && code < 0xDC00 && m_at + 6 <= m_text.size() &&
            m_text.substr(m_at, 2) == "\\u") {
            const size_t back = m_at;
            m_at += 2;
            const auto low = hex4();
            if (low && *low >= 0xDC00 && *low < 0xE000) {
                code = 0x10000 + ((code - 0xD800) << 10) + (*low - 0xDC00);
            } else {
                m_at = back;
            }
        }
        // Half of a UTF-16 pair is no character: read as U+FFFD it became another key, and
        // "x\udfff" and "x\ud800" the same one. Refused where it is written.
        if (code >= 0xD800 && code < 0xE000) {
            char text[8];
            std::snprintf(text, sizeof text, "%04X", code);
            throw at(escape, InputError("", std::string("\\u") + text +
                                                " is half of a UTF-16 surrogate pair, no "
                                                "character (write the pair, or the character)"));
        }
        if (decoded) {
            appendUtf8(*decoded, code);
        }
        return code;
    }

    static size_t utf8Bytes(uint32_t code) {
        return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    }

    static void appendUtf8(std::string& out, uint32_t code) {
        if (code < 0x80) {
            out.push_back(char(code));
        } else if (code < 0x800) {
            out.push_back(char(0xC0 | (code >> 6)));
            out.push_back(char(0x80 | (code & 0x3F)));
        } else if (code < 0x10000) {
            out.push_back(char(0xE0 | (code >> 12)));
            out.push_back(char(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(char(0x80 | (code & 0x3F)));
        } else {
            out.push_back(char(0xF0 | (code >> 18)));
            out.push_back(char(0x80 | ((code >> 12) & 0x3F)));
            out.push_back(char(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(char(0x80 | (code & 0x3F)));
        }
    }

    // Frame `depth` of the stack (0: the top level).
    void checkEntries(size_t depth) const {
        const Frame& frame = m_stack[depth];
        if (frame.entries > m_limits[Limit::JsonEntries]) {
            throw at(frame.openedAt,
                     limitError(m_limits, Limit::JsonEntries, frame.entries, pathOf(depth + 1),
                                frame.object ? "entries in one object" : "entries in one array"));
        }
    }

    void close() {
        checkEntries(m_stack.size() - 1);
        m_stack.pop_back();
    }

    // The error at a byte offset, as line and column.
    InputError at(size_t offset, InputError error) const {
        uint32_t line = 1;
        size_t lineStart = 0;
        for (size_t i = 0; i < offset && i < m_text.size(); ++i) {
            if (m_text[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        return error.atLine(line, static_cast<uint32_t>(offset - lineStart + 1));
    }

    std::string_view m_text;
    const Limits& m_limits;
    size_t m_at = 0;
    std::vector<Frame> m_stack;
};

}  // namespace

void scanJson(std::string_view text, const Limits& limits) {
    Scanner(text, limits).run();
}

}  // namespace ringscope
