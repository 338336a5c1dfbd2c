#include <fcntl.h>
#include <unistd.h>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"
#include "filewrite.h"
#include "ringscope_version.h"

int main(int argc, char** argv) {
    // A closed standard output (`>&-`) would hand its descriptor to the next file opened, and
    // the output to that file, or nowhere with exit status 0: refused before anything is opened.
    if (::fcntl(STDOUT_FILENO, F_GETFD) == -1) {
        std::cerr << "ringscope-cli: cannot write the output: the standard output is closed\n";
        return 2;
    }
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
    // Standard output through a stream that knows why a write failed (a full disk, /dev/full):
    // the command then exits 2 with that reason instead of 0.
    ringscope::OutputStream out(STDOUT_FILENO);
    // Standard error the same way: its messages quote file names, arguments and names read from
    // files, each escaped there too (no control character reaches the terminal).
    ringscope::OutputStream err(STDERR_FILENO);
    if (args.size() == 1 && args[0] == "--version") {
        // The version the desktop program, the man page and the package give too.
        try {
            out << "ringscope-cli " << ringscope::kVersion << "\n";
            ringscope::finishOutput(out, "output");
            return 0;
        } catch (const std::exception& e) {
            err << "ringscope-cli: " << e.what() << "\n";
            return 2;
        }
    }
    const int code = ringscope::cli::run(args, out, err);
    err.flush();
    return code;
}
