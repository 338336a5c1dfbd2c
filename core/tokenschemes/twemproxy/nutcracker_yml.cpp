// The reader of twemproxy's YAML configuration (nutcracker.yml, conf_parse in src/nc_conf.c),
// with libyaml: a mapping of pools, each a mapping of directives, `servers` a sequence of
// "host:port:weight [name]" or "/path/unix_socket:weight [name]" lines.

#include <yaml.h>

#include <algorithm>

#include "ringscope/error.h"
#include "ringscope/importpart.h"
#include "ringscope/registry.h"
#include "twemproxy.h"

namespace ringscope {

namespace {

constexpr int64_t kTwemproxyKetamaPort = 11211;  // CONF_DEFAULT_KETAMA_PORT

// twemproxy's hash names and their key hashes; where twemproxy's function is one Ringscope
// already has, that one.
constexpr std::pair<std::string_view, HashKind> kTwemproxyHashes[] = {
    {"one_at_a_time", HashKind::TwemproxyOneAtATime},
    {"md5", HashKind::Md5},
    {"crc16", HashKind::TwemproxyCrc16},
    {"crc32", HashKind::TwemproxyCrc32},
    {"crc32a", HashKind::Crc32},
    {"fnv1_64", HashKind::TwemproxyFnv1_64},
    {"fnv1a_64", HashKind::TwemproxyFnv1a_64},
    {"fnv1_32", HashKind::TwemproxyFnv1_32},
    {"fnv1a_32", HashKind::Fnv1a32},
    {"hsieh", HashKind::TwemproxyHsieh},
    {"murmur", HashKind::TwemproxyMurmur},
    {"jenkins", HashKind::TwemproxyJenkins},
};

// "one_at_a_time, md5, ...", as a message lists them.
std::string twemproxyHashNames() {
    std::string names;
    for (const auto& row : kTwemproxyHashes) {
        names += (names.empty() ? "" : ", ") + std::string(row.first);
    }
    return names;
}

// libyaml's parser over the text, deleted with it.
class Parser {
public:
    Parser(std::string_view text, const std::string& source) {
        if (!yaml_parser_initialize(&m_parser)) {
            throw InputError(source, "cannot start the YAML reader");
        }
        yaml_parser_set_input_string(&m_parser, reinterpret_cast<const unsigned char*>(text.data()),
                                     text.size());
    }
    ~Parser() { yaml_parser_delete(&m_parser); }
    Parser(const Parser&) = delete;
    Parser& operator=(const Parser&) = delete;
    yaml_parser_t* get() { return &m_parser; }

private:
    yaml_parser_t m_parser{};
};

struct Document {
    yaml_document_t doc{};
    bool loaded = false;
    ~Document() {
        if (loaded) {
            yaml_document_delete(&doc);
        }
    }
};

class Reader {
public:
    Reader(yaml_document_t& doc, const std::string& source) : m_doc(doc), m_source(source) {}

    yaml_node_t* node(int id) const { return yaml_document_get_node(&m_doc, id); }
    std::string where(const yaml_node_t* n) const {
        return m_source + ":" + std::to_string(n->start_mark.line + 1);
    }
    std::string scalar(const yaml_node_t* n, std::string_view what) const {
        if (n->type != YAML_SCALAR_NODE) {
            throw InputError(where(n), std::string(what) + " must be a single value");
        }
        return std::string(reinterpret_cast<const char*>(n->data.scalar.value),
                           n->data.scalar.length);
    }

private:
    yaml_document_t& m_doc;
    const std::string& m_source;
};

// A whole decimal number as nc_atoi reads it (digits only), or -1.
int64_t decimal(std::string_view text) {
    if (text.empty() || text.size() > 10 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return -1;
    }
    return std::stoll(std::string(text));
}

// conf_add_server: parsed from the end — the name after the last space, the weight after the
// last ':' before it, the port after the ':' before that (none for a unix socket path).
TwemproxyServer parseServer(const std::string& line, const std::string& where) {
    const std::string format =
        "has an invalid \"hostname:port:weight [name]\" or \"/path/unix_socket:weight [name]\" "
        "format string";
    TwemproxyServer server;
    server.line = line;
    std::string_view rest = line;
    std::string_view name;
    if (const size_t space = rest.rfind(' '); space != std::string_view::npos) {
        name = rest.substr(space + 1);
        rest = rest.substr(0, space);
    }
    const bool unixSocket = !line.empty() && line[0] == '/';
    const size_t colon = rest.rfind(':');
    if (colon == std::string_view::npos) {
        throw InputError(where, "server " + quotedText(line) + " " + format);
    }
    const std::string_view weight = rest.substr(colon + 1);
    std::string_view addr = rest.substr(0, colon);
    std::string_view port;
    if (!unixSocket) {
        const size_t portColon = addr.rfind(':');
        if (portColon == std::string_view::npos) {
            throw InputError(where, "server " + quotedText(line) + " " + format);
        }
        port = addr.substr(portColon + 1);
        addr = addr.substr(0, portColon);
        // twemproxy cannot resolve an empty host (getaddrinfo refuses it), and a ketama server
        // without a name would be named by it: nothing to hash.
        if (addr.empty()) {
            throw InputError(where, "server " + quotedText(line) +
                                        " has no host in \"hostname:port:weight [name]\"");
        }
    }
    server.weight = decimal(weight);
    if (server.weight < 0) {
        throw InputError(where, "server " + quotedText(line) +
                                    " has an invalid weight in \"hostname:port:weight [name]\"");
    }
    if (server.weight == 0) {
        throw InputError(where, "server " + quotedText(line) +
                                    " has a zero weight in \"hostname:port:weight [name]\"");
    }
    int64_t portNumber = 0;
    if (!unixSocket) {
        portNumber = decimal(port);
        if (portNumber < 1 || portNumber > 65535) {
            throw InputError(where, "server " + quotedText(line) +
                                        " has an invalid port in \"hostname:port:weight [name]\"");
        }
    }
    if (!name.empty()) {
        server.name = std::string(name);
    } else if (portNumber == kTwemproxyKetamaPort) {
        server.name = std::string(addr);
    } else {
        // The address, ':' and the port; a unix socket's port is empty, its ':' kept.
        server.name = std::string(line.substr(0, addr.size() + 1 + port.size()));
    }
    return server;
}

// The most servers the pools of one file may hold together, aliases expanded.
constexpr size_t kMaxExpandedServers = 1'000'000;

TwemproxyPool readPool(const Reader& r, const yaml_node_t* key, const yaml_node_t* value) {
    TwemproxyPool pool;
    pool.name = r.scalar(key, "a pool's name");
    pool.line = static_cast<uint32_t>(key->start_mark.line + 1);
    if (value->type != YAML_MAPPING_NODE) {
        throw InputError(r.where(value), "pool " + quotedText(pool.name) +
                                             " must be a mapping of directives (listen, hash, "
                                             "distribution, servers, ...)");
    }
    bool servers = false;
    NamesSeen directives;  // conf_handler: a directive given twice "is a duplicate"
    NamesSeen serverNames;
    for (auto* pair = value->data.mapping.pairs.start; pair < value->data.mapping.pairs.top;
         ++pair) {
        const yaml_node_t* k = r.node(pair->key);
        const yaml_node_t* v = r.node(pair->value);
        const std::string directive = r.scalar(k, "a directive's name");
        if (const auto earlier = directives.add(directive, k->start_mark.line + 1)) {
            throw InputError(r.where(k), "pool " + quotedText(pool.name) + ": directive " +
                                             quotedText(directive) + " is a duplicate (line " +
                                             std::to_string(*earlier) +
                                             "), as twemproxy refuses it");
        }
        if (directive == "servers") {
            if (v->type != YAML_SEQUENCE_NODE) {
                throw InputError(r.where(v),
                                 "servers must be a list of "
                                 "\"hostname:port:weight [name]\" lines");
            }
            servers = true;
            for (auto* item = v->data.sequence.items.start; item < v->data.sequence.items.top;
                 ++item) {
                const yaml_node_t* s = r.node(*item);
                TwemproxyServer server = parseServer(r.scalar(s, "a server"), r.where(s));
                server.lineNumber = static_cast<uint32_t>(s->start_mark.line + 1);
                if (serverNames.add(server.name, server.lineNumber)) {
                    throw InputError(r.where(s), "pool " + quotedText(pool.name) +
                                                     " has servers with the same name " +
                                                     quotedText(server.name));
                }
                pool.servers.push_back(std::move(server));
            }
        } else if (directive == "hash") {
            pool.hash = r.scalar(v, "hash");
            if (!twemproxyHash(pool.hash)) {
                throw InputError(r.where(v), "hash " + quotedText(pool.hash) +
                                                 " is not one of twemproxy's (" +
                                                 twemproxyHashNames() + ")");
            }
        } else if (directive == "distribution") {
            pool.distribution = r.scalar(v, "distribution");
            if (pool.distribution != "ketama" && pool.distribution != "modula" &&
                pool.distribution != "random") {
                throw InputError(r.where(v), "distribution " + quotedText(pool.distribution) +
                                                 " is not one of ketama, modula, random");
            }
        } else if (directive == "hash_tag") {
            pool.hashTag = r.scalar(v, "hash_tag");
        } else if (directive == "auto_eject_hosts") {
            pool.autoEject = r.scalar(v, "auto_eject_hosts") == "true";
        }
    }
    if (!servers) {
        throw InputError(r.where(key), "pool " + quotedText(pool.name) + " has no servers");
    }
    return pool;
}

}  // namespace

std::optional<HashKind> twemproxyHash(std::string_view name) {
    for (const auto& [n, kind] : kTwemproxyHashes) {
        if (n == name) {
            return kind;
        }
    }
    return std::nullopt;
}

namespace {

// Refuses text nested deeper than twemproxy's files ever are before libyaml's loader, which
// recurses once per level, builds it (its event parser keeps its own stack, on the heap).
void checkNesting(std::string_view text, const std::string& source) {
    constexpr int kMaxDepth = 32;
    Parser parser(text, source);
    int depth = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(parser.get(), &event)) {
            return;  // the loader reports it, with its line
        }
        const yaml_event_type_t type = event.type;
        const auto line = event.start_mark.line + 1;
        yaml_event_delete(&event);
        if (type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT) {
            if (++depth > kMaxDepth) {
                throw InputError(source + ":" + std::to_string(line),
                                 "nested more than " + std::to_string(kMaxDepth) +
                                     " levels deep; twemproxy's pools are three");
            }
        } else if (type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT) {
            --depth;
        } else if (type == YAML_STREAM_END_EVENT) {
            return;
        }
    }
}

}  // namespace

std::vector<TwemproxyPool> parseTwemproxyConfig(std::string_view text, const std::string& source) {
    checkNesting(text, source);
    Parser parser(text, source);
    Document d;
    if (!yaml_parser_load(parser.get(), &d.doc)) {
        const auto line = parser.get()->problem_mark.line + 1;
        const char* problem = parser.get()->problem;
        throw InputError(
            source + ":" + std::to_string(line),
            std::string("not YAML twemproxy reads: ") + (problem ? problem : "unreadable"));
    }
    d.loaded = true;
    const Reader r(d.doc, source);
    const yaml_node_t* root = yaml_document_get_root_node(&d.doc);
    if (!root) {
        throw InputError(source, "no pools (the file is empty)");
    }
    if (root->type != YAML_MAPPING_NODE) {
        throw InputError(r.where(root), "the file must be a mapping of pools (name: directives)");
    }
    std::vector<TwemproxyPool> pools;
    NamesSeen seen;
    size_t expanded = 0;  // servers over all pools, each alias counted again
    for (auto* pair = root->data.mapping.pairs.start; pair < root->data.mapping.pairs.top; ++pair) {
        // An alias (`p2: *p`) costs nothing to write and a whole pool to read: the work is
        // budgeted by what the pools expand to (5,000 aliases of 2,000 servers: 10^7, 1.4 GB).
        const yaml_node_t* value = r.node(pair->value);
        if (value->type == YAML_MAPPING_NODE) {
            for (auto* d = value->data.mapping.pairs.start; d < value->data.mapping.pairs.top;
                 ++d) {
                const yaml_node_t* list = r.node(d->value);
                if (list->type == YAML_SEQUENCE_NODE) {
                    expanded +=
                        size_t(list->data.sequence.items.top - list->data.sequence.items.start);
                }
            }
        }
        if (expanded > kMaxExpandedServers) {
            throw InputError(r.where(r.node(pair->key)),
                             "the pools hold more than " + std::to_string(kMaxExpandedServers) +
                                 " servers in all, counting each YAML alias of a list again");
        }
        TwemproxyPool pool = readPool(r, r.node(pair->key), value);
        // conf_post_validate: two pools of one name are refused.
        if (const auto earlier = seen.add(pool.name, pool.line)) {
            throw InputError(source + ":" + std::to_string(pool.line),
                             "pool " + quotedText(pool.name) + " is named twice (line " +
                                 std::to_string(*earlier) + ")");
        }
        pools.push_back(std::move(pool));
    }
    return pools;
}

Scenario twemproxyScenario(const std::vector<TwemproxyPool>& pools, std::string_view part,
                           const std::string& source, const std::string& name,
                           std::vector<uint32_t>* nodeLines) {
    const TwemproxyPool& pool = chooseImportPart(
        pools, [](const TwemproxyPool& p) { return p.name; },
        [](const TwemproxyPool& p) { return p.distribution == "ketama"; }, part, source,
        kTwemproxyParts);
    const std::string where = source + ":" + std::to_string(pool.line);
    if (pool.distribution != "ketama") {
        throw InputError(where, "pool " + quotedText(pool.name) +
                                    " uses `distribution: " + pool.distribution + "`, not ketama");
    }
    if (pool.servers.empty()) {
        throw InputError(where, "pool " + quotedText(pool.name) + " has no servers");
    }
    ImportedScenario imported(source, nodeLines);
    Scenario& s = imported.scenario();
    s.algorithm = Algorithm::Ring;
    s.tokenScheme = TokenScheme::Twemproxy;
    s.keyHash = *twemproxyHash(pool.hash);
    s.space = kSpace32;
    for (const TwemproxyServer& server : pool.servers) {
        NodeSpec node;
        node.id = server.name;
        node.weight = static_cast<double>(server.weight);
        if (server.line != server.name) {
            node.params.edit<TwemproxyAddress>().address = server.line;
        }
        imported.add(std::move(node), server.lineNumber);
    }
    std::string description =
        ImportedScenario::importedFrom(name, "pool " + pool.name + ", line " +
                                                 std::to_string(pool.line) +
                                                 ": distribution ketama, hash " + pool.hash) +
        imported.serversAndPoints() +
        ", each server named as twemproxy hashes it (its name, else the host on port 11211, else "
        "host:port).";
    if (!pool.hashTag.empty()) {
        description += " Not modelled: hash_tag \"" + pool.hashTag +
                       "\" (keys are hashed whole here; twemproxy hashes only the tagged part).";
    }
    if (pool.autoEject) {
        description +=
            " auto_eject_hosts: an ejected server's points leave the continuum and the others' are "
            "recomputed; remove the node to see it.";
    }
    return imported.finish("twemproxy pool " + pool.name, std::move(description), where,
                           "pool " + quotedText(pool.name) + " has no servers");
}

}  // namespace ringscope
