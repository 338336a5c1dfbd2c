#include "ringscope/error.h"

#include <new>
#include <stdexcept>

namespace ringscope {

size_t utf8SequenceLength(std::string_view text, size_t at) {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    const size_t length = lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0;
    if (length == 0 || at + length > text.size()) {
        return 0;
    }
    for (size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) {
            return 0;
        }
    }
    const unsigned char second = byte(at + 1);
    const bool bad = (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0) ||
                     (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90);
    return bad ? 0 : length;
}

namespace {

// The length of the printable UTF-8 character starting at text[at], or 0 if it is not one
// (invalid, overlong, a surrogate, or a C1 control such as the terminal's CSI, U+009B).
size_t printableUtf8Length(std::string_view text, size_t at) {
    const bool c1 = static_cast<unsigned char>(text[at]) == 0xC2 && at + 1 < text.size() &&
                    static_cast<unsigned char>(text[at + 1]) < 0xA0;
    return c1 ? 0 : utf8SequenceLength(text, at);
}

}  // namespace

void checkUtf8Text(std::string_view text, const std::string& source) {
    size_t line = 1;
    size_t lineStart = 0;
    for (size_t at = 0; at < text.size();) {
        const auto c = static_cast<unsigned char>(text[at]);
        if (c < 0x80) {
            if (c == '\n') {
                ++line;
                lineStart = at + 1;
            }
            ++at;
            continue;
        }
        const size_t length = printableUtf8Length(text, at);
        if (length == 0) {
            std::string byte;
            appendHexByte(byte, c);
            throw InputError(source + ":" + std::to_string(line),
                             "not UTF-8: byte 0x" + byte + " at column " +
                                 std::to_string(at - lineStart + 1) +
                                 " (names are read as UTF-8; one with this byte replaced would "
                                 "not be the name that is hashed)");
        }
        at += length;
    }
}

void appendHexByte(std::string& out, unsigned char byte) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += kHex[byte >> 4];
    out += kHex[byte & 15];
}

std::string quotedText(std::string_view text, size_t maxBytes) {
    std::string out = "\"";
    size_t at = 0;
    for (; at < text.size() && at < maxBytes;) {
        const auto c = static_cast<unsigned char>(text[at]);
        if (c >= 0x20 && c < 0x7F) {
            if (c == '"' || c == '\\') {
                out += '\\';
            }
            out += static_cast<char>(c);
            ++at;
        } else if (c == '\t' || c == '\n' || c == '\r') {
            out += c == '\t' ? "\\t" : c == '\n' ? "\\n" : "\\r";
            ++at;
        } else if (c == 0xC2 && at + 1 < text.size() &&
                   (static_cast<unsigned char>(text[at + 1]) & 0xE0) == 0x80 &&
                   at + 2 <= maxBytes) {
            out += "\\u00";  // a C1 control (U+0080-U+009F), as the command line writes it
            appendHexByte(out, static_cast<unsigned char>(text[at + 1]));
            at += 2;
        } else if (const size_t length = c >= 0x80 ? printableUtf8Length(text, at) : 0;
                   length > 0 && at + length <= maxBytes) {
            out.append(text.substr(at, length));
            at += length;
        } else if (length > 0) {
            break;  // a character that would cross the cut
        } else {
            out += "\\x";
            appendHexByte(out, c);
            ++at;
        }
    }
    out += '"';
    if (at < text.size()) {
        out += "\xe2\x80\xa6";  // …
    }
    return out;
}

std::string shownName(std::string_view name, size_t maxBytes) {
    std::string shown = quotedText(name, maxBytes);
    return shown.size() == name.size() + 2 ? std::string(name) : shown;
}

InputError::InputError(std::string field, std::string message)
    : m_field(std::move(field)), m_message(std::move(message)) {
    render();
}

InputError& InputError::inFile(std::string file) {
    if (m_file.empty()) {
        m_file = std::move(file);
        render();
    }
    return *this;
}

InputError& InputError::atLine(uint32_t line, uint32_t column) {
    m_line = line;
    m_column = column;
    render();
    return *this;
}

InputError& InputError::fromKeys(const KeySource& source, uint32_t line) {
    switch (source.kind) {
        case KeySource::Kind::Scenario:
            m_field = "key " + std::to_string(line);
            break;
        case KeySource::Kind::File:
            m_file = source.name;
            m_line = line;
            break;
        case KeySource::Kind::Arguments:
            m_argument = source.name;
            m_line = line;
            break;
    }
    render();
    return *this;
}

InputError& InputError::forNode(size_t index, std::string id) {
    m_nodeIndex = index;
    m_nodeId = std::move(id);
    render();
    return *this;
}

InputError& InputError::waivable(Waiver waiver) {
    m_waiver = std::move(waiver);
    return *this;
}

InputError& InputError::waivableAs(const InputError& other) {
    m_waiver = other.m_waiver;
    return *this;
}

std::string InputError::where() const {
    std::string out;
    const auto part = [&out](const std::string& text) {
        if (!text.empty()) {
            out += out.empty() ? text : ": " + text;
        }
    };
    const bool textPosition = m_column > 0;  // "line 3, column 7" of JSON text
    part(m_line > 0 && !textPosition && !m_file.empty() ? m_file + ":" + std::to_string(m_line)
                                                        : m_file);
    part(m_argument.empty() ? std::string() : m_argument + " " + std::to_string(m_line));
    part(textPosition ? "line " + std::to_string(m_line) + ", column " + std::to_string(m_column)
                      : std::string());
    if (m_nodeIndex) {
        std::string node = "nodes[" + std::to_string(*m_nodeIndex) + "]";
        if (!m_nodeId.empty()) {  // as typed, unless it holds what would break the line
            node += " (" + shownName(m_nodeId) + ")";
        }
        part(m_field.empty() ? node : node + "." + m_field);
    } else {
        part(m_field);
    }
    return out;
}

void InputError::render() {
    const std::string at = where();
    m_text = at.empty() ? m_message : at + ": " + m_message;
}

}  // namespace ringscope

namespace ringscope {

std::string describeFailure(const std::exception& error) {
    if (dynamic_cast<const std::bad_alloc*>(&error) ||
        dynamic_cast<const std::length_error*>(&error)) {
        // What ran out is not known here (keys, tokens, a picture, text): say what is.
        return "not enough memory: this input needs more than this machine has; nothing was "
               "changed (lower limits would refuse it before it starts)";
    }
    return error.what();
}

}  // namespace ringscope
