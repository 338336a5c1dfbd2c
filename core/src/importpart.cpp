#include "ringscope/importpart.h"

#include <algorithm>

#include "ringscope/limits.h"
#include "ringscope/module.h"
#include "ringscope/names.h"

namespace ringscope {

ImportedScenario::ImportedScenario(std::string source, std::vector<uint32_t>* nodeLines)
    : m_source(std::move(source)), m_nodeLines(nodeLines) {}

void ImportedScenario::checkNodeCount(uint64_t count, const std::string& where,
                                      std::string_view what) {
    const uint64_t most = Limits()[Limit::Nodes];
    if (count > most) {
        throw InputError(where, std::to_string(count) + " " + std::string(what) +
                                    ": more nodes than an import makes (at most " +
                                    std::to_string(most) + ", the default limit nodes)");
    }
}

void ImportedScenario::add(NodeSpec node, size_t line, std::string_view twice) {
    if (!twice.empty() && m_seen.add(node.id, line)) {
        throw InputError(m_source + ":" + std::to_string(line),
                         "server " + quotedText(node.id) + " " + std::string(twice));
    }
    m_scenario.nodes.push_back(std::move(node));
    if (m_nodeLines) {
        m_nodeLines->push_back(static_cast<uint32_t>(line));
    }
}

void ImportedScenario::lists(std::initializer_list<std::string_view> headings) {
    for (const std::string_view heading : headings) {
        m_lists.emplace_back(heading, std::string());
    }
}

void ImportedScenario::list(std::string_view heading, const std::string& item) {
    const auto at = std::find_if(m_lists.begin(), m_lists.end(),
                                 [&](const auto& l) { return l.first == heading; });
    std::string& items =
        at != m_lists.end() ? at->second : m_lists.emplace_back(heading, "").second;
    items += (items.empty() ? "" : ", ") + item;
}

std::string ImportedScenario::importedFrom(std::string_view name, std::string_view what) {
    return "Imported from " + std::string(name) + " (" + std::string(what) + "): ";
}

uint64_t ImportedScenario::points() const {
    uint64_t points = tokenSchemeOf(m_scenario).cost(m_scenario).tokens;
    for (const NodeSpec& node : m_scenario.nodes) {
        points = saturatingAdd(points, node.tokens.size());
    }
    return points;
}

std::string ImportedScenario::serversAndPoints() const {
    const size_t n = m_scenario.nodes.size();
    return std::to_string(n) + " server" + (n == 1 ? "" : "s") + ", " + std::to_string(points()) +
           " points";
}

Scenario ImportedScenario::finish(std::string title, std::string description,
                                  const std::string& where, std::string_view empty) {
    if (m_scenario.nodes.empty()) {
        throw InputError(where, std::string(empty));
    }
    m_scenario.title = std::move(title);
    m_scenario.description = std::move(description);
    for (const auto& [heading, items] : m_lists) {
        if (!items.empty()) {
            m_scenario.description += " " + heading + ": " + items + ".";
        }
    }
    m_scenario.keys.pattern = "key-{i}";
    m_scenario.keys.count = kImportedKeyCount;
    return std::move(m_scenario);
}

}  // namespace ringscope
