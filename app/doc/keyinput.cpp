#include "keyinput.h"

#include <iostream>

#include "scenariojson.h"

namespace ringscope {

KeySet resolveKeys(const KeyInput& input, const Scenario& scenario) {
    if (input.empty()) {
        return scenarioKeys(scenario);
    }
    std::vector<std::string> names;
    std::vector<uint32_t> lines;
    for (const std::string& file : input.files) {
        auto more =
            file == "-" ? readKeyLines(std::cin, "<stdin>", &lines) : readKeyFile(file, &lines);
        names.insert(names.end(), std::make_move_iterator(more.begin()),
                     std::make_move_iterator(more.end()));
    }
    names.insert(names.end(), input.keys.begin(), input.keys.end());
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
