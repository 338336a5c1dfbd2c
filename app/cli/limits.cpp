#include "command.h"

namespace ringscope::cli {

int limits(const Options& o, std::ostream& out) {
    out << "limit              default      value        counts\n";
    for (const LimitRow& row : kLimitRows) {
        out << printed("%-18s %-12llu %-12llu %s\n", std::string(row.name).c_str(),
                       static_cast<unsigned long long>(row.fallback),
                       static_cast<unsigned long long>(o.read.limits[row.value]),
                       std::string(row.what).c_str());
    }
    return 0;
}

}  // namespace ringscope::cli
