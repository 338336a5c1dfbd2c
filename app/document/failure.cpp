#include "failure.h"

#include "ringscope/error.h"

namespace ringscope {

Failure Failure::of(const std::exception& error) {
    Failure f;
    f.text = QString::fromStdString(describeFailure(error));
    if (const auto* input = dynamic_cast<const InputError*>(&error)) {
        f.file = QString::fromStdString(input->file());
        if (input->waiver()) {
            f.waivable = std::make_shared<const InputError>(*input);
        }
    }
    return f;
}

}  // namespace ringscope
