#include "command.h"

namespace ringscope::cli {

int render(const Options& o, std::ostream& err) {
    expectScenarios(o, 1, "render");
    if (o.output.empty()) {
        throw InputError("render", "needs -o FILE.png or -o FILE.svg");
    }
    return renderScenarioFile(o.positional[0], o.baseline, o.output, o.size, err, o.read);
}

}  // namespace ringscope::cli
