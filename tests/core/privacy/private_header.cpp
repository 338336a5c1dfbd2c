// Compiled with ringscope_core's public include path alone (tests/core/CMakeLists.txt): a
// header that is Maglev's own (not listed PUBLIC in core/CMakeLists.txt) must not build from
// outside its folder. The suite passes when the compiler refuses this file.
#include "algorithms/maglev/maglev.h"

int main() {
    return 0;
}
