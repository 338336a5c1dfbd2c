#include "command.h"

namespace ringscope::cli {

std::string percent(double fraction) {
    return format::percent(fraction, 2).toStdString();
}

namespace {

// Significant digits of the numbers `stats --json` writes: enough for any share or ratio a
// person compares, and free of binary noise (0.30000000000000004).
constexpr int kJsonDigits = 6;

}  // namespace

QJsonValue jsonNumber(double value) {
    return format::roundSignificant(value, kJsonDigits);
}

std::string joined(const std::vector<std::string>& ids) {
    std::string text;
    for (const std::string& id : ids) {
        text += (text.empty() ? "" : ", ") + id;
    }
    return text.empty() ? "-" : text;
}

// A count as JSON: a number while doubles hold it exactly (2^53), else a decimal string, as
// scenario files write large positions.
QJsonValue jsonCount(uint64_t value) {
    constexpr uint64_t kMaxExact = uint64_t{1} << 53;
    return value < kMaxExact ? QJsonValue(qint64(value)) : QJsonValue(QString::number(value));
}

// Columns padded to their widest cell, two spaces apart; numbers (`rightAligned` columns) to the
// right.
namespace {
// UTF-8 counted as characters, not bytes ("—" and "×" are one column each).
size_t characters(const std::string& text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}
}  // namespace

std::string alignedTable(const std::vector<std::vector<std::string>>& rows,
                         const std::vector<bool>& rightAligned) {
    std::vector<size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (size_t c = 0; c < row.size(); ++c) {
            widths[c] = std::max(widths[c], characters(row[c]));
        }
    }
    std::string text;
    for (const auto& row : rows) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            const std::string pad(widths[c] - characters(row[c]), ' ');
            const bool right = c < rightAligned.size() && rightAligned[c];
            line +=
                (c ? "  " : "") + (right ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : ""));
        }
        text += line + "\n";
    }
    return text;
}

std::string idOf(const std::vector<std::string>& ids, uint32_t n) {
    return n < ids.size() ? ids[n] : "-";
}

QJsonValue jsonId(const std::vector<std::string>& ids, uint32_t n) {
    return n < ids.size() ? QJsonValue(QString::fromStdString(ids[n])) : QJsonValue();
}

// One JSON value as QJsonDocument writes it.
std::string jsonText(const QJsonValue& value) {
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2).toStdString();  // the array's brackets off
}

// `text` right-aligned in `width` characters (UTF-8 counted as characters, not bytes).
std::string rightAligned(const std::string& text, size_t width) {
    const size_t n = characters(text);
    return std::string(width > n ? width - n : 0, ' ') + text;
}

}  // namespace ringscope::cli
