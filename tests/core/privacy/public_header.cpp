// Compiled with ringscope_core's public include path alone (tests/core/CMakeLists.txt): a
// module's public header builds from outside its folder.
#include "algorithms/ring/ringplacement.h"
#include "ringscope/scenario.h"

int main() {
    return 0;
}
