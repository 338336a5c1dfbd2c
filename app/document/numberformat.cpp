#include "numberformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ringscope::format {

namespace {

// The most decimals percent() adds to keep a non-zero share from reading zero.
constexpr int kMaxPercentDecimals = 2;

}  // namespace

QLocale numberLocale() {
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    return locale;
}

QString bytes(uint64_t value, int decimals) {
    const auto clamped = static_cast<qint64>(
        std::min<uint64_t>(value, uint64_t(std::numeric_limits<qint64>::max())));
    return numberLocale().formattedDataSize(clamped, decimals);
}

QString count(uint64_t value) {
    return numberLocale().toString(qulonglong(value));
}

QString number(double value, int decimals) {
    QString text = numberLocale().toString(value, 'f', decimals);
    const QString point = numberLocale().decimalPoint();
    if (decimals > 0 && text.contains(point)) {
        while (text.endsWith(u'0')) {
            text.chop(1);
        }
        if (text.endsWith(point)) {
            text.chop(point.size());
        }
    }
    return text;
}

namespace {
// `one` holds no number ("1 node"); `many` has %1 ("%1 nodes").
QString counted(uint64_t n, const char* one, const char* many) {
    return n == 1 ? QCoreApplication::translate("Count", one)
                  : QCoreApplication::translate("Count", many).arg(count(n));
}
}  // namespace

QString nodes(uint64_t n) {
    return counted(n, QT_TRANSLATE_NOOP("Count", "1 node"), QT_TRANSLATE_NOOP("Count", "%1 nodes"));
}
QString tokens(uint64_t n) {
    return counted(n, QT_TRANSLATE_NOOP("Count", "1 token"),
                   QT_TRANSLATE_NOOP("Count", "%1 tokens"));
}
QString keys(uint64_t n) {
    return counted(n, QT_TRANSLATE_NOOP("Count", "1 key"), QT_TRANSLATE_NOOP("Count", "%1 keys"));
}
QString points(uint64_t n) {
    return counted(n, QT_TRANSLATE_NOOP("Count", "1 point"),
                   QT_TRANSLATE_NOOP("Count", "%1 points"));
}
QString vnodes(uint64_t n) {
    return counted(n, QT_TRANSLATE_NOOP("Count", "1 vnode"),
                   QT_TRANSLATE_NOOP("Count", "%1 vnodes"));
}
QString slotCount(uint64_t n) {
    return counted(n, QT_TRANSLATE_NOOP("Count", "1 slot"), QT_TRANSLATE_NOOP("Count", "%1 slots"));
}

QString fixed(double value, int decimals) {
    return numberLocale().toString(value, 'f', decimals);
}

QString significant(double value, int digits) {
    if (value == 0 || !std::isfinite(value)) {
        return number(value, 0);
    }
    const int magnitude = int(std::floor(std::log10(std::fabs(value))));
    return number(roundSignificant(value, digits), std::max(0, digits - 1 - magnitude));
}

QString percent(double fraction, int decimals) {
    return percent(fraction, decimals, numberLocale());
}

QString percent(double fraction, int decimals, const QLocale& locale) {
    const auto text = [&locale](double value, int d) {
        return locale.toString(value, 'f', d) + locale.percent();
    };
    if (!(fraction > 0)) {
        return text(0.0, decimals);
    }
    if (fraction >= 1) {
        return text(100.0, decimals);
    }
    const double value = fraction * 100.0;
    const int most = std::max(decimals, kMaxPercentDecimals);
    for (int d = decimals; d <= most; ++d) {
        const QString shown = text(value, d);
        if (shown != text(0.0, d) && shown != text(100.0, d)) {
            return shown;
        }
    }
    const double bound = std::pow(10.0, -most);
    return value < 50 ? u'<' + text(bound, most) : u'>' + text(100.0 - bound, most);
}

QString percentOf(uint64_t count, uint64_t total, int decimals) {
    return percent(total ? double(count) / double(total) : 0.0, decimals);
}

double roundSignificant(double value, int digits) {
    if (value == 0 || !std::isfinite(value)) {
        return value;
    }
    // Through the shortest decimal text of that precision, so 0.1 + 0.2 comes back as 0.3.
    return QString::number(value, 'g', digits).toDouble();
}

}  // namespace ringscope::format
