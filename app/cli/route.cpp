#include "command.h"

namespace ringscope::cli {

int route(const Options& o, std::ostream& out) {
    expectScenarios(o, 1, "route");
    const Opened s = open(o.positional[0], o);
    const size_t r = s.placement.replicas();
    if (!streams(o.keys, s.scenario, false, {&s.placement})) {
        const Loaded l = load(s, o);
        BlockWriter lines(out);
        for (size_t k = 0; k < l.keys.size(); ++k) {
            std::string& line = lines.text();
            line += l.keys.names[k];
            line += '\t';
            appendOwnerList(line, s.placement, l.assignment.ownersOf(k));
            line += '\n';
            if (!lines.add()) {
                break;
            }
        }
        lines.flush();
        return 0;
    }
    naming(s.path, [&] {
        KeyStream stream(o.keys, s.scenario, o.read.limits);
        KeyBatch batch;
        std::vector<uint64_t> sizes;
        std::vector<uint32_t> owners;
        std::vector<std::string> texts;
        // Stops once the output cannot be written: run() reports why.
        while (out && stream.next(batch, sizes, kStreamBatch)) {
            owners.resize(batch.size() * r);
            routeBatch(s.placement, batch, stream.source(), owners);
            writeInOrder(batch.size(), texts, out,
                         [&](size_t, size_t first, size_t last, std::string& text) {
                             for (size_t i = first; i < last; ++i) {
                                 text += batch.key(i);
                                 text += '\t';
                                 appendOwnerList(text, s.placement, {owners.data() + i * r, r});
                                 text += '\n';
                             }
                         });
        }
        return 0;
    });
    return 0;
}

}  // namespace ringscope::cli
