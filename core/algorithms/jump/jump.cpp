#include "jump.h"

namespace ringscope {

std::vector<int32_t> jumpSequence(uint64_t key, int32_t buckets) {
    std::vector<int32_t> visited;
    int64_t b = -1;
    int64_t j = 0;
    while (j < buckets) {
        b = j;
        visited.push_back(static_cast<int32_t>(b));
        j = detail::jumpStep(key, b);
    }
    return visited;
}

std::vector<uint32_t> jumpRemoveRenumber(std::span<const uint32_t> table, size_t removed) {
    std::vector<uint32_t> out;
    out.reserve(table.size());
    for (size_t b = 0; b < table.size(); ++b) {
        if (b != removed) {
            out.push_back(table[b]);
        }
    }
    return out;
}

std::vector<uint32_t> jumpRemoveMoveLast(std::span<const uint32_t> table, size_t removed) {
    std::vector<uint32_t> out(table.begin(), table.end());
    if (removed < out.size()) {
        out[removed] = out.back();
        out.pop_back();
    }
    return out;
}

}  // namespace ringscope
