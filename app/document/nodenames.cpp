#include "nodenames.h"

#include <algorithm>
#include <set>
#include <span>
#include <vector>

namespace ringscope {

namespace {

// Longest digit run read as a number: 19 digits always fit in uint64_t.
constexpr size_t kMaxDigits = 18;
// Longest letter run read as a number: "api-c", "AB"; longer runs are words ("cache").
constexpr size_t kMaxLetters = 2;
constexpr uint64_t kLetters = 26;

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isLower(char c) {
    return c >= 'a' && c <= 'z';
}
bool isUpper(char c) {
    return c >= 'A' && c <= 'Z';
}

}  // namespace

std::optional<NodeNumber> parseNodeNumber(std::string_view id) {
    if (id.empty()) {
        return std::nullopt;
    }
    NodeNumber n;
    size_t start = id.size();
    if (isDigit(id.back())) {
        while (start > 0 && isDigit(id[start - 1])) {
            --start;
        }
        if (id.size() - start > kMaxDigits) {
            return std::nullopt;
        }
        n.kind = NodeNumber::Kind::Digits;
        for (size_t i = start; i < id.size(); ++i) {
            n.value = n.value * 10 + uint64_t(id[i] - '0');
        }
        n.width = id.size() - start;
        n.padded = n.width > 1 && id[start] == '0';
    } else {
        const bool lower = isLower(id.back());
        if (!lower && !isUpper(id.back())) {
            return std::nullopt;
        }
        const auto sameCase = lower ? isLower : isUpper;
        while (start > 0 && sameCase(id[start - 1])) {
            --start;
        }
        // A longer run is a word; so is a run glued to a letter of the other case ("Ab").
        if (id.size() - start > kMaxLetters ||
            (start > 0 && (isLower(id[start - 1]) || isUpper(id[start - 1])))) {
            return std::nullopt;
        }
        n.kind = lower ? NodeNumber::Kind::Lower : NodeNumber::Kind::Upper;
        // Bijective base 26: a = 0, z = 25, aa = 26, az = 51, ba = 52, …
        uint64_t value = 0;
        for (size_t i = start; i < id.size(); ++i) {
            value = value * kLetters + uint64_t(id[i] - (lower ? 'a' : 'A')) + 1;
        }
        n.value = value - 1;
        n.width = id.size() - start;
    }
    n.prefix = std::string(id.substr(0, start));
    return n;
}

std::optional<uint64_t> idNumber(std::string_view id, uint64_t modulus) {
    const auto isLetter = [](char c) { return isLower(c) || isUpper(c); };
    uint64_t value = 0;
    bool found = false;
    const auto read = [&](std::string_view text) {
        for (size_t i = 0; i < text.size();) {
            size_t end = i + 1;
            std::optional<uint64_t> field;
            if (isDigit(text[i])) {
                field = 0;
                for (end = i; end < text.size() && isDigit(text[end]); ++end) {
                    field = (*field * 10 + uint64_t(text[end] - '0')) % modulus;
                }
            } else if (isLetter(text[i])) {
                const auto sameCase = isLower(text[i]) ? isLower : isUpper;
                for (end = i; end < text.size() && sameCase(text[end]);) {
                    ++end;
                }
                // A longer run is a word, as is a run glued to a letter of the other case.
                const bool word = end - i > kMaxLetters ||
                                  (end < text.size() && isLetter(text[end])) ||
                                  (i > 0 && isLetter(text[i - 1]));
                if (!word) {
                    uint64_t letters = 0;  // bijective base 26 from a = 0, as parseNodeNumber
                    for (size_t d = i; d < end; ++d) {
                        letters = letters * kLetters +
                                  uint64_t(text[d] - (isLower(text[d]) ? 'a' : 'A')) + 1;
                    }
                    field = (letters - 1) % modulus;
                }
            }
            if (field) {
                value = (value * kIdNumberBase + *field) % modulus;
                found = true;
            }
            i = end;
        }
    };
    // HOST:PORT reads its port first: hosts of one pool on one port are then neighbours.
    const size_t colon = id.rfind(':');
    const bool port = colon != std::string_view::npos && colon > 0 && colon + 1 < id.size() &&
                      std::all_of(id.begin() + ptrdiff_t(colon) + 1, id.end(), isDigit);
    if (port) {
        read(id.substr(colon + 1));
        read(id.substr(0, colon));
    } else {
        read(id);
    }
    return found ? std::optional(value) : std::nullopt;
}

std::string nodeIdOf(const NodeNumber& number) {
    std::string digits;
    switch (number.kind) {
        case NodeNumber::Kind::Digits:
            digits = std::to_string(number.value);
            if (number.padded && digits.size() < number.width) {
                digits.insert(0, number.width - digits.size(), '0');
            }
            break;
        case NodeNumber::Kind::Lower:
        case NodeNumber::Kind::Upper: {
            const char a = number.kind == NodeNumber::Kind::Lower ? 'a' : 'A';
            for (uint64_t v = number.value + 1; v > 0; v = (v - 1) / kLetters) {
                digits.insert(digits.begin(), char(a + (v - 1) % kLetters));
            }
            break;
        }
    }
    return number.prefix + digits;
}

namespace {

// One past the largest number of the last id's series (the last id that has one), padded as wide
// as the widest padded member, and free; nothing when no id has a number.
template <typename Free>
std::optional<std::string> nextInSeries(std::span<const std::string_view> ids, Free free) {
    std::optional<NodeNumber> series;
    for (auto it = ids.rbegin(); it != ids.rend() && !series; ++it) {
        series = parseNodeNumber(*it);
    }
    if (!series) {
        return std::nullopt;
    }
    NodeNumber next = *series;
    for (const std::string_view id : ids) {
        const auto n = parseNodeNumber(id);
        if (n && n->prefix == next.prefix && n->kind == next.kind) {
            next.value = std::max(next.value, n->value);
            if (n->padded) {
                next.padded = true;
                next.width = std::max(next.width, n->width);
            }
        }
    }
    do {
        ++next.value;
    } while (!free(nodeIdOf(next)));
    return nodeIdOf(next);
}

// The port every id ends with (":11211"), when they all end with the same one.
std::optional<std::string_view> commonPort(std::span<const std::string_view> ids) {
    std::optional<std::string_view> port;
    for (const std::string_view id : ids) {
        const size_t colon = id.rfind(':');
        if (colon == std::string_view::npos || colon == 0 || colon + 1 == id.size() ||
            !std::all_of(id.begin() + ptrdiff_t(colon) + 1, id.end(), isDigit) ||
            (port && *port != id.substr(colon))) {
            return std::nullopt;
        }
        port = id.substr(colon);
    }
    return port;
}

}  // namespace

std::string nextNodeId(const Scenario& scenario) {
    std::set<std::string, std::less<>> taken;
    std::vector<std::string_view> ids;
    for (const NodeSpec& node : scenario.nodes) {
        taken.insert(node.id);
        ids.push_back(node.id);
    }
    const auto free = [&](std::string_view id) { return !taken.contains(id); };
    // host:port ids on one port (a memcached pool, an HAProxy backend): the next host on that
    // port, 10.0.0.101:80 after 10.0.0.100:80, not 10.0.0.100:81.
    if (const std::optional<std::string_view> port = commonPort(ids)) {
        std::vector<std::string_view> hosts;
        for (const std::string_view id : ids) {
            hosts.push_back(id.substr(0, id.size() - port->size()));
        }
        const auto hostFree = [&](const std::string& host) {
            return free(host + std::string(*port));
        };
        if (const std::optional<std::string> host = nextInSeries(hosts, hostFree)) {
            return *host + std::string(*port);
        }
    }
    if (std::optional<std::string> next = nextInSeries(ids, free)) {
        return *next;
    }
    if (scenario.nodes.empty()) {
        return "A";
    }
    for (size_t i = scenario.nodes.size() + 1;; ++i) {
        if (std::string id = "node-" + std::to_string(i); free(id)) {
            return id;
        }
    }
}

}  // namespace ringscope
