#include "ringscope/registry.h"

namespace ringscope {

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
