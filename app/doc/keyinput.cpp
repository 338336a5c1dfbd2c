#include "keyinput.h"

#include <unistd.h>

#include <algorithm>

#include "ringscope/inputfile.h"
#include "scenariojson.h"

namespace ringscope {

KeySet resolveKeys(const KeyInput& input, const Scenario& scenario, const Limits& limits) {
    if (input.empty()) {
        return scenarioKeys(scenario, limits);
    }
    std::vector<std::string> names;
    std::vector<uint32_t> lines;
    for (const std::string& file : input.files) {
        InputFile in =
            file == "-" ? InputFile::borrow(STDIN_FILENO, "<stdin>") : InputFile::open(file);
        auto more = readKeyLines(in, &lines, limits);
        names.insert(names.end(), std::make_move_iterator(more.begin()),
                     std::make_move_iterator(more.end()));
    }
    names.insert(names.end(), input.keys.begin(), input.keys.end());
    // Each file kept within the limits; together (and with --key) they must be too.
    KeyVolume volume{names.size(), 0, 0};
    for (const std::string& name : names) {
        volume.bytes += name.size();
        volume.longest = std::max<uint64_t>(volume.longest, name.size());
    }
    const std::string field = input.files.empty() ? "--key" : "--keys";
    checkKeyVolume(volume, limits, field, field);
    checkKeyWork(scenario, volume.keys, limits);
    KeySet set = decorateKeys(std::move(names), scenario.keys.sizes, scenario.keys.popularity,
                              scenario.keys.seed);
    if (input.files.size() == 1) {
        set.lines = std::move(lines);
        set.source = {KeySource::Kind::File, input.files[0] == "-" ? "<stdin>" : input.files[0]};
    } else if (input.files.empty()) {  // name --key arguments by their order: "--key 2"
        for (uint32_t i = 1; i <= set.size(); ++i) {
            set.lines.push_back(i);
        }
        set.source = {KeySource::Kind::Arguments, "--key"};
    }
    return set;
}

}  // namespace ringscope
