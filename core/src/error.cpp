#include "ringscope/error.h"

namespace ringscope {

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
        if (!m_nodeId.empty()) {
            node += " (" + m_nodeId + ")";
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
