#include "elasticsearch_settings.h"

#include <map>

#include "elasticsearch.h"
#include "elasticsearchplacement.h"
#include "ringscope/hash.h"
#include "ringscope/importpart.h"
#include "ringscope/registry.h"

namespace ringscope {

namespace {

// The first version whose new indices get esDefaultRoutingShards (Version.V_7_0_0's id: major
// · 1,000,000 + minor · 10,000 + revision · 100 + 99). OpenSearch's ids, masked with 2^27, are
// all above it.
constexpr uint64_t kVersion7 = 7'000'099;

// The settings as dotted names without the "index." prefix ("number_of_shards",
// "version.created"), whichever way they are written: nested, flat, or a mix.
void flatten(const json::Object& object, const std::string& prefix,
             std::map<std::string, const json::Value*>& out) {
    for (const auto& [key, value] : object.members()) {
        const std::string name = prefix + key;
        if (value.isObject()) {
            flatten(value.toObject(), name + ".", out);
        } else {
            out[name.starts_with("index.") ? name.substr(6) : name] = &value;
        }
    }
}

// A whole number the setting holds, as a string ("8") or a number (8).
std::optional<uint64_t> wholeNumber(const json::Value& value) {
    if (value.isString()) {
        return parseDecimalU64(value.toString());
    }
    const auto n = value.toInteger();
    return n && *n >= 0 ? std::optional<uint64_t>(uint64_t(*n)) : std::nullopt;
}

EsIndexSettings readIndex(std::string name, const json::Object& index, const std::string& where,
                          const std::string& source) {
    EsIndexSettings out;
    out.name = std::move(name);
    const json::Value& settingsValue = index["settings"];
    if (!settingsValue.isObject()) {
        throw InputError(
            source, where + "settings: " +
                        (settingsValue.isUndefined() ? std::string("missing") : "not an object"));
    }
    std::map<std::string, const json::Value*> settings;
    flatten(settingsValue.toObject(), "", settings);
    const auto number = [&](const std::string& setting) -> std::optional<uint64_t> {
        const auto it = settings.find(setting);
        if (it == settings.end()) {
            return std::nullopt;
        }
        const auto n = wholeNumber(*it->second);
        if (!n || *n == 0 || *n > 0x7FFFFFFF) {
            throw InputError(source, where + "settings: index." + setting +
                                         " must be a whole number from 1 to 2147483647");
        }
        return n;
    };
    const auto shards = number("number_of_shards");
    if (!shards) {
        throw InputError(source, where + "settings: no index.number_of_shards");
    }
    out.shards = *shards;
    if (const json::Value* r = index.find("routing_num_shards")) {
        const auto n = wholeNumber(*r);
        if (!n || *n == 0 || *n > 0x7FFFFFFF) {
            throw InputError(source, where +
                                         "routing_num_shards: must be a whole number from 1 to "
                                         "2147483647");
        }
        out.routingShards = n;
        out.routingShardsFrom = "the cluster state's routing_num_shards";
    } else if (const auto r2 = number("number_of_routing_shards")) {
        out.routingShards = r2;
        out.routingShardsFrom = "index.number_of_routing_shards";
    }
    out.resizedFrom =
        settings.contains("resize.source.name") && settings["resize.source.name"]->isString()
            ? settings["resize.source.name"]->toString()
            : std::string();
    out.versionCreated = number("version.created");
    out.routingPartitionSize = number("routing_partition_size").value_or(1);
    out.routingPath = settings.contains("routing_path") ||
                      (settings.contains("mode") && settings["mode"]->isString() &&
                       settings["mode"]->toString() == "time_series");
    return out;
}

}  // namespace

std::vector<EsIndexSettings> parseEsSettings(const json::Value& root, const std::string& source,
                                             const std::string& fileName) {
    if (!root.isObject()) {
        throw InputError(source,
                         "not a JSON object: GET INDEX/_settings, the cluster state's "
                         "metadata or an index's settings body");
    }
    const json::Object& top = root.toObject();
    std::vector<EsIndexSettings> out;
    // The cluster state: {"metadata": {"indices": {...}}}. A PUT body: {"settings": {...}}, whose
    // settings hold no "settings" of their own (GET _settings of an index named "settings" does).
    const json::Value& metadata = top["metadata"];
    const json::Value& body = top["settings"];
    if (metadata.isObject() && metadata.toObject()["indices"].isObject()) {
        for (const auto& [name, index] : metadata.toObject()["indices"].toObject().members()) {
            if (index.isObject() && index.toObject().contains("settings")) {
                out.push_back(
                    readIndex(name, index.toObject(), "metadata.indices." + name + ".", source));
            }
        }
    } else if (body.isObject() && !body.toObject()["settings"].isObject()) {
        // The index is named by the file ("orders.json": orders).
        std::string name = fileName;
        if (const size_t dot = name.rfind('.'); dot != std::string::npos && dot > 0) {
            name.resize(dot);
        }
        const bool named = !name.empty() && name != "-" && name.front() != '<';
        out.push_back(readIndex(named ? name : "index", top, "", source));
        return out;
    } else {
        for (const auto& [name, index] : top.members()) {
            if (index.isObject() && index.toObject().contains("settings")) {
                out.push_back(readIndex(name, index.toObject(), name + ".", source));
            }
        }
    }
    if (out.empty()) {
        throw InputError(source,
                         "no index with \"settings\" (GET INDEX/_settings, the cluster "
                         "state's metadata, or an index's settings body)");
    }
    return out;
}

namespace {

Scenario indexScenario(const EsIndexSettings& index, const std::string& source,
                       const std::string& name) {
    const std::string where = source + ": index " + quotedText(index.name);
    if (index.routingPartitionSize > 1) {
        throw InputError(where, "index.routing_partition_size " +
                                    std::to_string(index.routingPartitionSize) +
                                    ": such an index routes by _routing and _id together "
                                    "(IndexRouting.Partitioned), which Ringscope does not model");
    }
    // Elasticsearch's own bound (MetadataCreateIndexService.validateIndexOrAliasName), which also
    // bounds the bytes of the shards' ids.
    if (index.name.size() > 255) {
        throw InputError(
            where, "an index name is at most 255 bytes, not " + std::to_string(index.name.size()));
    }
    if (!index.routingShards && !index.resizedFrom.empty()) {
        throw InputError(where, "a resized index (from " + quotedText(index.resizedFrom) +
                                    ") routes by its source's routing shards, which GET "
                                    "INDEX/_settings does not give: import the cluster state's "
                                    "metadata (GET _cluster/state/metadata/INDEX) instead");
    }
    if (index.routingPath) {
        throw InputError(where,
                         "a time series index (index.routing_path) routes by its "
                         "documents' dimensions, not by a routing string");
    }
    ImportedScenario::checkNodeCount(index.shards, where, "shards");
    ImportedScenario imported(name, nullptr);
    Scenario& s = imported.scenario();
    s.algorithm = Algorithm::Elasticsearch;
    s.keyHash = HashKind::EsMurmur3;  // what the algorithm hashes whatever the file says
    s.replicas = 1;
    std::string from;
    uint64_t routing = 0;
    if (index.routingShards) {
        routing = *index.routingShards;
        from = index.routingShardsFrom;
    } else if (index.versionCreated && *index.versionCreated < kVersion7) {
        routing = index.shards;
        from = "the shard count, as an index created before Elasticsearch 7.0 has them";
    } else {
        routing = esDefaultRoutingShards(static_cast<uint32_t>(index.shards));
        from = index.versionCreated
                   ? "the default of an index created by Elasticsearch 7.0 or later"
                   : "the default of an index created by Elasticsearch 7.0 or later (the "
                     "settings have no index.version.created; before 7.0 it was the shard count)";
    }
    s.params.edit<ElasticsearchParams>().routingShards = static_cast<uint32_t>(routing);
    for (uint64_t shard = 0; shard < index.shards; ++shard) {
        NodeSpec node;
        node.id = index.name + "[" + std::to_string(shard) + "]";
        imported.add(std::move(node), 0);
    }
    return imported.finish(
        "Elasticsearch index " + index.name + ": " + std::to_string(index.shards) + " shards",
        ImportedScenario::importedFrom(name, "Elasticsearch index settings") + "index " +
            index.name + ", " + std::to_string(index.shards) + " shards, " +
            std::to_string(routing) + " routing shards (" + from +
            "). A document goes to the shard its routing (its _routing, else its _id) picks: "
            "floorMod(Murmur3 of the routing, routing shards) / routing factor.",
        source, "no shards");
}

const EsIndexSettings& chosenIndex(const std::vector<EsIndexSettings>& indices,
                                   std::string_view part, const std::string& source) {
    return chooseImportPart(
        indices, [](const EsIndexSettings& i) { return i.name; },
        [](const EsIndexSettings&) { return true; }, part, source,
        {"index", "indices", "settings", "--index"});
}

Scenario importEsSettings(const json::Value& root, const std::string& source,
                          const std::string& name, std::string_view part) {
    const std::vector<EsIndexSettings> indices = parseEsSettings(root, source, name);
    return indexScenario(chosenIndex(indices, part, source), source, name);
}

std::vector<std::string> esIndexNames(const json::Value& root, const std::string& source) {
    return importableParts(
        parseEsSettings(root, source, "index"), [](const EsIndexSettings& i) { return i.name; },
        [](const EsIndexSettings&) { return true; });
}

}  // namespace

const Importer kElasticsearchImporters[1] = {
    {"elasticsearch-settings", "an Elasticsearch or OpenSearch index's settings (JSON)", nullptr,
     "--index", nullptr,
     "an Elasticsearch or OpenSearch index's settings: GET INDEX/_settings (nested or flat),\n"
     "the cluster state's metadata, or the body of PUT INDEX (--index NAME chooses one of\n"
     "several): algorithm elasticsearch over INDEX[0] ... INDEX[N-1], the routing shards the\n"
     "cluster state or index.number_of_routing_shards gives, else the default of the version\n"
     "that created the index.\n",
     importEsSettings, esIndexNames}};

}  // namespace ringscope
