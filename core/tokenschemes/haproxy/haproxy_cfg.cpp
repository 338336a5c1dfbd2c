// The backend and listen sections of haproxy.cfg, read as src/cfgparse.c reads a line (words
// split at blanks, `#` a comment, quotes and backslash escapes) and src/cfgparse-listen.c and
// src/server.c read the keywords that decide where a request goes: balance, hash-type,
// hash-balance-factor, server and default-server (weight, id, disabled, backup).

#include <algorithm>
#include <charconv>
#include <set>

#include "haproxy.h"
#include "ringscope/error.h"
#include "ringscope/importpart.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// One line's words. Throws for an unclosed quote.
std::vector<std::string> splitLine(std::string_view line, const std::string& where) {
    std::vector<std::string> out;
    size_t i = 0;
    while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) {
            ++i;
        }
        if (i >= line.size() || line[i] == '#') {
            return out;
        }
        std::string word;
        char quote = 0;
        for (; i < line.size(); ++i) {
            const char c = line[i];
            if (quote) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < line.size()) {
                    word.push_back(line[++i]);
                } else {
                    word.push_back(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '\\' && i + 1 < line.size()) {
                word.push_back(line[++i]);
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '#') {
                break;
            } else {
                word.push_back(c);
            }
        }
        if (quote) {
            throw InputError(where, "unmatched quote");
        }
        out.push_back(std::move(word));
    }
}

std::optional<int64_t> integer(std::string_view text) {
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

// The sections that hold proxies, and those that only end one.
constexpr std::string_view kProxySections[] = {"backend", "listen"};
constexpr std::string_view kOtherSections[] = {
    "global", "frontend", "peers",  "resolvers",   "userlist",  "mailers",    "program",
    "cache",  "ring",     "traces", "http-errors", "crt-store", "log-forward"};

template <size_t N>
bool oneOf(std::string_view word, const std::string_view (&set)[N]) {
    return std::find(std::begin(set), std::end(set), word) != std::end(set);
}

// What `balance` may be for the hash to decide (the others ignore hash-type's function).
bool hashes(std::string_view balance) {
    for (const std::string_view b : {"source", "uri", "url_param", "hash"}) {
        if (balance == b) {
            return true;
        }
    }
    return balance.starts_with("hdr(") || balance.starts_with("rdp-cookie");
}

constexpr std::string_view kFunctions[] = {"sdbm", "djb2", "wt6", "crc32"};

}  // namespace

bool haproxyHashes(const HaproxyProxy& proxy) {
    return proxy.consistent && hashes(proxy.balance);
}

// Over 80 lines: one pass over the file's lines, one case per keyword, all sharing the section
// being read.
std::vector<HaproxyProxy> parseHaproxyConfig(std::string_view text, const std::string& source) {
    std::vector<HaproxyProxy> out;
    HaproxyProxy defaults;      // what `defaults` sets for the proxies after it
    int64_t defaultWeight = 1;  // `default-server weight N`
    enum class In : uint8_t { Nothing, Defaults, Proxy, Other } in = In::Nothing;
    int64_t proxyWeight = 1;
    std::set<uint32_t> ids;
    uint32_t lineNo = 0;
    while (!text.empty()) {
        const size_t eol = text.find('\n');
        const std::string_view line = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        ++lineNo;
        const std::string where = source + ":" + std::to_string(lineNo);
        const std::vector<std::string> w = splitLine(line, where);
        if (w.empty()) {
            continue;
        }
        const std::string& key = w[0];
        if (key == "defaults") {
            in = In::Defaults;
            defaults = HaproxyProxy{};
            defaultWeight = 1;
            continue;
        }
        if (oneOf(key, kProxySections)) {
            if (w.size() < 2) {
                throw InputError(where, "\"" + key + "\" needs a name");
            }
            for (const HaproxyProxy& p : out) {
                if (p.name == w[1]) {
                    throw InputError(where, key + " " + quotedText(w[1]) +
                                                " has the same name as the proxy on line " +
                                                std::to_string(p.line));
                }
            }
            HaproxyProxy p = defaults;
            p.name = w[1];
            p.line = lineNo;
            p.servers.clear();
            out.push_back(std::move(p));
            proxyWeight = defaultWeight;
            ids.clear();
            in = In::Proxy;
            continue;
        }
        if (oneOf(key, kOtherSections)) {
            in = In::Other;
            continue;
        }
        if (in != In::Defaults && in != In::Proxy) {
            continue;
        }
        HaproxyProxy& p = in == In::Proxy ? out.back() : defaults;
        int64_t& weightDefault = in == In::Proxy ? proxyWeight : defaultWeight;
        if (key == "balance") {
            if (w.size() < 2) {
                throw InputError(where, "\"balance\" needs an algorithm");
            }
            p.balance = w[1];
        } else if (key == "hash-type") {
            if (w.size() < 2 || (w[1] != "consistent" && w[1] != "map-based")) {
                throw InputError(where, "\"hash-type\" is map-based or consistent");
            }
            p.consistent = w[1] == "consistent";
            p.function = "sdbm";
            p.avalanche = false;
            for (size_t i = 2; i < w.size(); ++i) {
                if (oneOf(w[i], kFunctions)) {
                    p.function = w[i];
                } else if (w[i] == "avalanche") {
                    p.avalanche = true;
                } else {
                    throw InputError(where, "unknown hash function or modifier " +
                                                quotedText(w[i]) +
                                                " (sdbm, djb2, wt6, crc32; avalanche)");
                }
            }
        } else if (key == "hash-balance-factor") {
            const auto factor = w.size() == 2 ? integer(w[1]) : std::nullopt;
            if (!factor || *factor < 0 || (*factor > 0 && *factor < 100) || *factor > 65535) {
                throw InputError(where,
                                 "hash-balance-factor is 0 (off) or a percent from 100 "
                                 "to 65535");
            }
            p.balanceFactor = static_cast<uint32_t>(*factor);
        } else if (key == "server" || key == "default-server") {
            const bool server = key == "server";
            if (server && (in != In::Proxy || w.size() < 3)) {
                throw InputError(where, in != In::Proxy
                                            ? "\"server\" belongs in a backend or listen section"
                                            : "\"server\" needs a name and an address");
            }
            HaproxyServer s;
            s.weight = weightDefault;
            if (server) {
                s.name = w[1];
                s.address = w[2];
                s.line = lineNo;
                if (hasControlCharacter(s.name)) {
                    throw InputError(where, "the server name " + quotedText(s.name) +
                                                " holds a control character");
                }
            }
            for (size_t i = server ? 3 : 1; i < w.size(); ++i) {
                const bool valued = i + 1 < w.size();
                if (w[i] == "weight" || w[i] == "id") {
                    const auto value = valued ? integer(w[i + 1]) : std::nullopt;
                    const bool weight = w[i] == "weight";
                    if (!value || *value < (weight ? 0 : 1) ||
                        *value > (weight ? 256 : 0x7fffffff)) {
                        throw InputError(where, weight ? "weight is a whole number from 0 to 256"
                                                       : "id is a whole number from 1 to "
                                                         "2147483647");
                    }
                    if (weight) {
                        s.weight = *value;
                    } else if (server) {
                        s.id = static_cast<uint32_t>(*value);
                        if (!ids.insert(*s.id).second) {
                            throw InputError(where, "server id " + std::to_string(*s.id) +
                                                        " is already used in " +
                                                        quotedText(p.name));
                        }
                    }
                    ++i;
                } else if (w[i] == "disabled") {
                    s.disabled = true;
                } else if (w[i] == "backup") {
                    s.backup = true;
                }
            }
            if (server) {
                p.servers.push_back(std::move(s));
            } else {
                weightDefault = s.weight;
            }
        }
    }
    return out;
}

Scenario haproxyScenario(const std::vector<HaproxyProxy>& proxies, std::string_view part,
                         const std::string& source, const std::string& name,
                         std::vector<uint32_t>* nodeLines) {
    const HaproxyProxy* chosen = &chooseImportPart(
        proxies, [](const HaproxyProxy& p) { return p.name; }, haproxyHashes, part, source,
        kHaproxyParts);
    const std::string where = source + ":" + std::to_string(chosen->line);
    const std::string balance = chosen->balance.empty() ? "roundrobin" : chosen->balance;
    if (!chosen->consistent || !hashes(balance)) {
        throw InputError(where, quotedText(chosen->name) + " balances with `" + balance + "`" +
                                    (chosen->consistent ? "" : " and `hash-type map-based`") +
                                    ", not a consistent hash of the request");
    }
    ImportedScenario imported(source, nodeLines);
    Scenario& s = imported.scenario();
    s.algorithm = Algorithm::Ring;
    s.tokenScheme = TokenScheme::Haproxy;
    const std::string hash = chosen->function + (chosen->avalanche ? "-avalanche" : "");
    s.keyHash = *hashFromName(hash);  // keyhashes/crc32 and keyhashes/haproxy
    if (chosen->balanceFactor > 0) {
        s.boundedLoadPercent = chosen->balanceFactor;
    }
    constexpr std::string_view kDisabled = "Disabled (their points leave the tree)";
    constexpr std::string_view kBackup = "Backup, not on the ring";
    imported.lists({kDisabled, kBackup});
    for (const HaproxyServer& server : chosen->servers) {
        if (server.backup) {
            imported.list(kBackup, server.name);
            continue;
        }
        NodeSpec node;
        node.id = server.name;
        node.weight = static_cast<double>(server.weight);
        node.down = server.disabled;
        if (server.id) {
            node.params.edit<HaproxyServerId>().id = server.id;
        }
        imported.add(std::move(node), server.line,
                     "is listed twice in " + quotedText(chosen->name));
        if (server.disabled) {
            imported.list(kDisabled, server.name);
        }
    }
    std::string description =
        ImportedScenario::importedFrom(
            name, chosen->name + ", line " + std::to_string(chosen->line) + ": balance " + balance +
                      ", hash-type consistent " + chosen->function +
                      (chosen->avalanche ? " avalanche" : "")) +
        imported.serversAndPoints() +
        " (16 per unit of weight); a request goes to the nearer point. Keys are hashed as text, "
        "as HAProxy hashes a header's or a parameter's value.";
    if (chosen->balanceFactor > 0) {
        description +=
            " hash-balance-factor " + std::to_string(chosen->balanceFactor) + ": bounded loads.";
    }
    return imported.finish("HAProxy backend " + chosen->name, std::move(description), where,
                           quotedText(chosen->name) + " has no server");
}

}  // namespace ringscope
