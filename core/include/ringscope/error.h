#pragma once

#include <stdexcept>
#include <string>

namespace ringscope {

// A problem with user input (scenario, key file, edit). `where` names the field, node or line
// ("nodes[1] (B).tokens[0]", "keys.txt:3"); what() is "where: message".
class InputError : public std::runtime_error {
public:
    InputError(std::string where, const std::string& message)
        : std::runtime_error(where.empty() ? message : where + ": " + message),
          m_where(std::move(where)) {}
    const std::string& where() const { return m_where; }

private:
    std::string m_where;
};

}  // namespace ringscope
