#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "cli.h"
#include "filewrite.h"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
    // Standard output through a stream that knows why a write failed (a full disk, /dev/full):
    // the command then exits 2 with that reason instead of 0.
    ringscope::OutputStream out(STDOUT_FILENO);
    return ringscope::cli::run(args, out, std::cerr);
}
