#include "ringscope/registry.h"

#include "ringscope/keyset.h"

namespace ringscope {

std::optional<uint64_t> KeyHashModule::hashText(std::string_view text,
                                                const KeyHashing& hashing) const {
    if (hashing.encoding == KeyEncoding::Utf8) {
        return hash(text);
    }
    const auto bytes = encodeKey(hashing.encoding, text);
    return bytes ? hash(*bytes) : std::nullopt;
}

std::string KeyHashModule::rejection(std::string_view /*text*/, const KeyHashing& hashing) const {
    return "is not " + std::string(keyEncodingExpects(hashing.encoding)) + " (keyEncoding " +
           std::string(keyEncodingName(hashing.encoding)) + ")";
}

std::vector<const Importer*> allImporters() {
    std::vector<const Importer*> out;
    const auto add = [&out](std::span<const Importer> importers) {
        for (const Importer& importer : importers) {
            out.push_back(&importer);
        }
    };
    for (const auto& row : kAlgorithms) {
        add(row.module().importers());
    }
    for (const auto& row : kTokenSchemes) {
        add(row.module().importers());
    }
    for (const auto& row : kKeyHashes) {
        add(row.module().importers());
    }
    return out;
}

const Importer* importerNamed(std::string_view name) {
    for (const Importer* importer : allImporters()) {
        if (importer->name == name) {
            return importer;
        }
    }
    return nullptr;
}

}  // namespace ringscope
