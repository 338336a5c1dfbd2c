#pragma once
// Where a message about one node of a production profile points: "nodes[3] (127.0.0.1:93)",
// the same form the scenario checks use, for profiles that get their nodes as a list of ids.

#include <span>
#include <string>

namespace ringscope::detail {

inline std::string profileNodeWhere(std::span<const std::string> ids, size_t index) {
    std::string where = "nodes[" + std::to_string(index) + "]";
    if (index < ids.size() && !ids[index].empty()) {
        where += " (" + ids[index] + ")";
    }
    return where;
}

}  // namespace ringscope::detail
