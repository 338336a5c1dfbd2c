#pragma once
// How Ringscope writes numbers for people: the window, the exports and the command-line tool all
// format through here, so a share reads the same everywhere.

#include <QLocale>
#include <QString>

#include <cstdint>

namespace ringscope::format {

// The user's locale, always with thousands separators (the "C" locale leaves them out).
QLocale numberLocale();

// 1234567 -> "1,234,567" (in the user's locale).
QString count(uint64_t value);

// A plain decimal with thousands separators, never scientific notation: `decimals` decimals,
// trailing zeros dropped ("12,345.5", "0.25", "3").
QString number(double value, int decimals);

// A ratio or score with exactly `decimals` decimals, trailing zeros kept so a column lines up
// ("1.250", "0.043").
QString fixed(double value, int decimals);

// `value` with `digits` significant digits, written as number() writes it ("0.0873", "1,230").
QString significant(double value, int digits);

// A fraction in [0, 1] as a percentage with `decimals` decimals ("12.5%"). Only 0 reads as zero
// and only 1 as a hundred: a small non-zero fraction gets up to two decimals ("0.04%") and below
// that reads "<0.01%"; one just short of 1 reads ">99.99%".
// Written as `locale` writes numbers and its percent sign (the user's locale by default).
QString percent(double fraction, int decimals = 1);
QString percent(double fraction, int decimals, const QLocale& locale);
// count / total as percent(); 0 of 0 is "0.0%".
QString percentOf(uint64_t count, uint64_t total, int decimals = 1);

// A size in bytes as every view writes it, in binary units with `decimals` decimals ("7.84 MiB",
// "512 bytes"), in the user's locale. Sizes past 2^63 - 1 read as that.
QString bytes(uint64_t value, int decimals = 2);

// A count with its noun in the user's language: "1 node" and "3 nodes" ("ノード 1 台" and
// "ノード 3 台" in Japanese, which has one form).
QString nodes(uint64_t n);
QString tokens(uint64_t n);
QString keys(uint64_t n);
QString points(uint64_t n);
QString vnodes(uint64_t n);
QString slotCount(uint64_t n);

// `value` rounded to `digits` significant decimal digits (the CLI's JSON: 6 digits).
double roundSignificant(double value, int digits);

}  // namespace ringscope::format
