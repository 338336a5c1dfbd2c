#pragma once
// The peak resident memory of the test process, for suites that hold a case to a memory budget
// (a guard against gigabytes, not a measurement): read from Linux's VmHWM, which
// resetPeakMemory() restarts from the current size, so a test counts its own peak and not the
// earlier tests'.

#include <fstream>
#include <string>

namespace ringscope::test {

// A case's budget: 1 GiB, four under the sanitizers (their shadow memory and quarantine).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr long kPeakMemoryBudgetKiB = 4L << 20;
#else
inline constexpr long kPeakMemoryBudgetKiB = 1L << 20;
#endif

// VmHWM of /proc/self/status in KiB; -1 when it cannot be read.
inline long peakMemoryKiB() {
    std::ifstream status("/proc/self/status");
    std::string word;
    while (status >> word) {
        if (word == "VmHWM:") {
            long kib = -1;
            status >> kib;
            return kib;
        }
    }
    return -1;
}

// Restarts the peak from the current size ("5" to clear_refs); false when it cannot.
inline bool resetPeakMemory() {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    clear.flush();
    return static_cast<bool>(clear);
}

}  // namespace ringscope::test
