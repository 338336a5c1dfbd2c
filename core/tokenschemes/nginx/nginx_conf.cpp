// The upstream blocks of nginx.conf, read as ngx_conf_file.c reads the file: words split at
// blanks, `;` ending a directive, `{ … }` a block, `#` a comment to the end of the line, quotes
// with backslash escapes, `${name}` inside a word.

#include <algorithm>
#include <charconv>
#include <optional>

#include "nginx.h"
#include "ringscope/error.h"
#include "ringscope/importpart.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

struct Word {
    std::string text;
    uint32_t line = 0;
};

// One directive: its words, and whether a block follows it (`{`) or it closes one (`}`).
struct Directive {
    std::vector<Word> words;
    enum class End : uint8_t { Semicolon, Block, Close, File } end = End::File;
    uint32_t line = 0;  // where it ended
};

class Reader {
public:
    Reader(std::string_view text, const std::string& source) : m_text(text), m_source(source) {}

    Directive next() {
        Directive d;
        while (true) {
            skipBlanksAndComments();
            if (m_at >= m_text.size()) {
                if (!d.words.empty()) {
                    throw error(d.words.front().line,
                                "unexpected end of file, expecting \";\" or \"}\" after " +
                                    quotedText(d.words.front().text));
                }
                d.line = m_line;
                return d;
            }
            const char c = m_text[m_at];
            if (c == ';' || c == '{' || c == '}') {
                ++m_at;
                d.line = m_line;
                if (c == '}' && !d.words.empty()) {
                    throw error(m_line, "unexpected \"}\" after " +
                                            quotedText(d.words.front().text) + " (no \";\")");
                }
                if (c != '}' && d.words.empty()) {
                    throw error(m_line, std::string("unexpected \"") + c + "\"");
                }
                d.end = c == ';'   ? Directive::End::Semicolon
                        : c == '{' ? Directive::End::Block
                                   : Directive::End::Close;
                return d;
            }
            d.words.push_back(word());
        }
    }

    InputError error(uint32_t line, std::string message) const {
        return InputError(m_source + ":" + std::to_string(line), std::move(message));
    }

private:
    void skipBlanksAndComments() {
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (c == '\n') {
                ++m_line;
                ++m_at;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                ++m_at;
            } else if (c == '#') {
                while (m_at < m_text.size() && m_text[m_at] != '\n') {
                    ++m_at;
                }
            } else {
                return;
            }
        }
    }

    Word word() {
        Word w{{}, m_line};
        const char quote = m_text[m_at] == '"' || m_text[m_at] == '\'' ? m_text[m_at] : 0;
        if (quote) {
            ++m_at;
        }
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (quote && c == quote) {
                ++m_at;
                return w;
            }
            // A word ends at a blank, ';' or '{' (but "${" starts a variable's name).
            if (!quote && (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' ||
                           (c == '{' && !w.text.ends_with('$')))) {
                return w;
            }
            // A backslash takes the next character as it is; \" \' \\ \t \r \n are unescaped,
            // any other pair kept whole.
            if (c == '\\' && m_at + 1 < m_text.size()) {
                const char e = m_text[m_at + 1];
                if (e == '"' || e == '\'' || e == '\\') {
                    w.text.push_back(e);
                } else if (e == 't' || e == 'r' || e == 'n') {
                    w.text.push_back(e == 't' ? '\t' : e == 'r' ? '\r' : '\n');
                } else {
                    w.text.push_back(c);
                    w.text.push_back(e);
                    m_line += e == '\n' ? 1 : 0;
                }
                m_at += 2;
                continue;
            }
            if (c == '\n') {
                ++m_line;
            }
            w.text.push_back(c);
            ++m_at;
        }
        if (quote) {
            throw error(w.line, "unexpected end of file in a quoted word");
        }
        return w;
    }

    std::string_view m_text;
    const std::string& m_source;
    size_t m_at = 0;
    uint32_t m_line = 1;
};

std::optional<int64_t> positiveInt(std::string_view text) {
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value <= 0) {
        return std::nullopt;
    }
    return value;
}

// Said after an error in a directive whose words run over more than one line: it most likely ran
// on into the next directive because a line lacks its ";" (nginx itself reports the word on the
// next line, as an invalid parameter).
std::string missingSemicolon(const Directive& d) {
    for (size_t i = 1; i < d.words.size(); ++i) {
        if (d.words[i].line > d.words[i - 1].line) {
            return "; a \";\" is probably missing at the end of line " +
                   std::to_string(d.words[i - 1].line);
        }
    }
    return {};
}

// The balancing directives of an upstream block (ngx_http_upstream_*_module).
constexpr std::string_view kMethods[] = {"hash", "ip_hash", "least_conn", "least_time", "random"};

NginxServer server(const Directive& d, const Reader& reader) {
    if (d.words.size() < 2) {
        throw reader.error(d.words.front().line, "\"server\" needs an address");
    }
    NginxServer s;
    s.address = d.words[1].text;
    s.line = d.words[1].line;
    if (s.address.empty() || hasControlCharacter(s.address)) {
        throw reader.error(s.line, "the server address " + quotedText(s.address) +
                                       " is empty or holds a control character");
    }
    for (size_t i = 2; i < d.words.size(); ++i) {
        const std::string& p = d.words[i].text;
        if (p.starts_with("weight=")) {
            const auto weight = positiveInt(std::string_view(p).substr(7));
            if (!weight) {
                throw reader.error(d.words[i].line, "invalid parameter " + quotedText(p) +
                                                        " (weight=N, N a whole number ≥ 1)" +
                                                        missingSemicolon(d));
            }
            s.weight = *weight;
        } else if (p == "down") {
            s.down = true;
        } else if (p == "backup") {
            s.backup = true;
        } else if (p.starts_with("max_fails=") || p.starts_with("fail_timeout=") ||
                   p.starts_with("max_conns=") || p.starts_with("slow_start=") ||
                   p.starts_with("route=") || p.starts_with("service=") || p == "resolve" ||
                   p == "drain") {
            s.unmodelled.push_back(p);
        } else {
            throw reader.error(d.words[i].line, "invalid parameter " + quotedText(p) +
                                                    " of server " + quotedText(s.address) +
                                                    missingSemicolon(d));
        }
    }
    return s;
}

}  // namespace

std::vector<NginxUpstream> parseNginxUpstreams(std::string_view text, const std::string& source) {
    Reader reader(text, source);
    std::vector<NginxUpstream> out;
    NamesSeen upstreams;
    // The open blocks, innermost last; the upstream being read, if one is open.
    std::vector<uint32_t> open;
    std::optional<size_t> upstreamDepth;
    while (true) {
        const Directive d = reader.next();
        if (d.end == Directive::End::File) {
            if (!open.empty()) {
                throw reader.error(open.back(), "unexpected end of file: this block has no \"}\"");
            }
            return out;
        }
        if (d.end == Directive::End::Close) {
            if (open.empty()) {
                throw reader.error(d.line, "unexpected \"}\"");
            }
            open.pop_back();
            if (upstreamDepth && open.size() < *upstreamDepth) {
                upstreamDepth.reset();
            }
            continue;
        }
        const std::string& name = d.words.front().text;
        if (d.end == Directive::End::Block) {
            if (upstreamDepth) {
                throw reader.error(d.line, "unexpected block " + quotedText(name) +
                                               " inside upstream " + quotedText(out.back().name));
            }
            open.push_back(d.words.front().line);
            if (name == "upstream") {
                if (d.words.size() != 2) {
                    throw reader.error(d.line, "\"upstream\" takes one name");
                }
                if (const auto earlier = upstreams.add(d.words[1].text, d.words.front().line)) {
                    throw reader.error(d.line, "duplicate upstream " + quotedText(d.words[1].text) +
                                                   " (line " + std::to_string(*earlier) + ")");
                }
                out.push_back({d.words[1].text, d.words.front().line, {}, {}, false, {}});
                upstreamDepth = open.size();
            }
            continue;
        }
        if (!upstreamDepth) {
            continue;  // http, server and location directives, include: not ours
        }
        NginxUpstream& up = out.back();
        if (name == "server") {
            up.servers.push_back(server(d, reader));
        } else if (std::find(std::begin(kMethods), std::end(kMethods), name) !=
                   std::end(kMethods)) {
            up.method.clear();
            for (const Word& w : d.words) {
                up.method += (up.method.empty() ? "" : " ") + w.text;
            }
            up.consistent = false;
            up.hashKey.clear();
            if (name == "hash") {
                if (d.words.size() < 2 || d.words.size() > 3 ||
                    (d.words.size() == 3 && d.words[2].text != "consistent")) {
                    throw reader.error(d.words.front().line,
                                       "\"hash\" takes a key and, optionally, "
                                       "\"consistent\"" +
                                           missingSemicolon(d));
                }
                up.hashKey = d.words[1].text;
                up.consistent = d.words.size() == 3;
            }
        }
    }
}

Scenario nginxScenario(const std::vector<NginxUpstream>& upstreams, std::string_view part,
                       const std::string& source, const std::string& name,
                       std::vector<uint32_t>* nodeLines) {
    const NginxUpstream* chosen = &chooseImportPart(
        upstreams, [](const NginxUpstream& up) { return up.name; },
        [](const NginxUpstream& up) { return up.consistent; }, part, source, kNginxParts);
    const std::string where = source + ":" + std::to_string(chosen->line);
    if (!chosen->consistent) {
        throw InputError(where, "upstream " + quotedText(chosen->name) + " balances with " +
                                    (chosen->method.empty() ? std::string("round robin")
                                                            : "`" + chosen->method + "`") +
                                    ", not `hash KEY consistent`");
    }
    ImportedScenario imported(source, nodeLines);
    Scenario& s = imported.scenario();
    s.algorithm = Algorithm::Ring;
    s.tokenScheme = TokenScheme::Nginx;
    s.keyHash = HashKind::Crc32;
    constexpr std::string_view kDown = "Down (their keys go to the next point's server)";
    constexpr std::string_view kBackup = "Backup, not on the ring";
    constexpr std::string_view kUnmodelled = "Not modelled";
    imported.lists({kDown, kBackup, kUnmodelled});
    for (const NginxServer& server : chosen->servers) {
        if (server.backup) {
            imported.list(kBackup, server.address);
            continue;
        }
        NodeSpec node;
        node.id = server.address;
        node.weight = static_cast<double>(server.weight);
        node.down = server.down;
        imported.add(std::move(node), server.line,
                     "is listed twice (nginx would give both the same points)");
        if (server.down) {
            imported.list(kDown, server.address);
        }
        for (const std::string& p : server.unmodelled) {
            imported.list(kUnmodelled, server.address + " " + p);
        }
    }
    return imported.finish(
        "nginx upstream " + chosen->name,
        ImportedScenario::importedFrom(name, "upstream " + chosen->name + ", line " +
                                                 std::to_string(chosen->line) + ": hash " +
                                                 chosen->hashKey + " consistent") +
            imported.serversAndPoints() +
            " (160 per unit of weight), keys hashed with CRC-32 as nginx hashes the value of " +
            chosen->hashKey + ".",
        where, "upstream " + quotedText(chosen->name) + " has no server");
}

}  // namespace ringscope
