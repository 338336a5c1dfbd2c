#include "fileformat.h"

#include <QFile>

#include <algorithm>

#include "ringscope/error.h"
#include "ringscope/inputfile.h"

namespace ringscope {

namespace {

// A cursor over the text with the few JSON steps the scan needs. Every step returns false when
// the text ends or is not JSON; the scan then knows nothing.
class Cursor {
public:
    explicit Cursor(std::string_view text) : m_text(text) {}

    bool skipSpace() {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t' ||
                                        m_text[m_at] == '\n' || m_text[m_at] == '\r')) {
            ++m_at;
        }
        return m_at < m_text.size();
    }
    bool take(char c) {
        if (!skipSpace() || m_text[m_at] != c) {
            return false;
        }
        ++m_at;
        return true;
    }
    bool peek(char c) { return skipSpace() && m_text[m_at] == c; }

    // A string; `value` gets its text with simple escapes undone (\uXXXX is kept as written:
    // no format name needs it, so such a value just matches none).
    bool string(std::string* value) {
        if (!take('"')) {
            return false;
        }
        while (m_at < m_text.size()) {
            const char c = m_text[m_at++];
            if (c == '"') {
                return true;
            }
            if (c == '\\') {
                if (m_at >= m_text.size()) {
                    return false;
                }
                const char escaped = m_text[m_at++];
                if (value) {
                    value->push_back(escaped == 'n' ? '\n' : escaped == 't' ? '\t' : escaped);
                }
            } else if (value) {
                value->push_back(c);
            }
        }
        return false;
    }

    // Any value: a string, or everything up to the end of the array or object it opens, or a
    // number or literal up to the next ',', '}' or ']'.
    bool skipValue() {
        if (peek('"')) {
            return string(nullptr);
        }
        size_t depth = 0;
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (c == '"') {
                if (!string(nullptr)) {
                    return false;
                }
                continue;
            }
            if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (depth == 0) {
                    return true;  // the end of the enclosing object
                }
                --depth;
            } else if (c == ',' && depth == 0) {
                return true;
            }
            ++m_at;
            if (depth == 0 && (c == '}' || c == ']')) {
                return true;
            }
        }
        return false;
    }

private:
    std::string_view m_text;
    size_t m_at = 0;
};

}  // namespace

std::optional<std::string> formatField(std::string_view head) {
    Cursor json(head);
    if (!json.take('{')) {
        return std::nullopt;
    }
    while (!json.peek('}')) {
        std::string key;
        if (!json.string(&key) || !json.take(':')) {
            return std::nullopt;
        }
        if (key == "format") {
            std::string value;
            return json.string(&value) ? std::optional(value) : std::nullopt;
        }
        if (!json.skipValue() || !(json.take(',') || json.peek('}'))) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::optional<std::string> fileFormat(const QString& path) {
    std::string head(kFormatSniffBytes, '\0');
    size_t got = 0;
    if (path.startsWith(u':')) {
        QFile resource(path);
        if (!resource.open(QIODevice::ReadOnly)) {
            return std::nullopt;
        }
        got = size_t(std::max<qint64>(0, resource.read(head.data(), qint64(head.size()))));
    } else {
        try {  // a regular file only: a FIFO would wait for a writer
            InputFile file = InputFile::open(path.toStdString());
            while (got < head.size()) {
                const size_t n = file.read(head.data() + got, head.size() - got);
                if (n == 0) {
                    break;
                }
                got += n;
            }
        } catch (const InputError&) {
            return std::nullopt;
        }
    }
    head.resize(got);
    return formatField(head);
}

}  // namespace ringscope
