// Capture stub for mcrouter/lib/fbi/cpp/util.h: only checkLogic(), which the real
// header defines as "throw std::logic_error(folly::sformat(fmt, args...)) if !condition".
// The stub throws the unformatted message; it is never reached by the capture.
#pragma once

#include <stdexcept>
#include <string>

#include <folly/Likely.h>
#include <folly/Range.h>

namespace facebook {
namespace memcache {

template <typename... Args>
void checkLogic(bool condition, folly::StringPiece fmt, Args&&... /* args */) {
    if (FOLLY_UNLIKELY(!condition)) {
        throw std::logic_error(fmt.str());
    }
}

}  // namespace memcache
}  // namespace facebook
