#pragma once
// The subcommands of ringscope-cli (SPEC §4). Each returns the process exit code; bad input
// throws ringscope::InputError, which main() reports on stderr with exit code 2.

#include <iosfwd>
#include <string>
#include <vector>

namespace ringscope::cli {

// What a command reads from the user (practice's answers) comes from std::cin.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace ringscope::cli
