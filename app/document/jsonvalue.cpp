#include "jsonvalue.h"

#include <QJsonArray>
#include <QJsonObject>

#include <string_view>

namespace ringscope {

void stripLeadingBoms(std::string& text) {
    static constexpr std::string_view kBom = "\xEF\xBB\xBF";
    size_t at = 0;
    while (text.compare(at, kBom.size(), kBom) == 0) {
        at += kBom.size();
    }
    text.erase(0, at);
}

namespace {
std::string fileString(const QString& text) {
    std::string out = text.toStdString();
    stripLeadingBoms(out);
    return out;
}
}  // namespace

json::Value fromQJson(const QJsonValue& v) {
    switch (v.type()) {
        case QJsonValue::Null:
            return json::Value::null();
        case QJsonValue::Bool:
            return json::Value(v.toBool());
        case QJsonValue::Double: {
            // QJsonValue keeps an integer as written; toInteger gives it (or a whole double's
            // value), and the same answer for two different fallbacks means it has one.
            const qint64 integer = v.toInteger(-1);
            const bool exact = integer == v.toInteger(-2);
            return json::Value::number(v.toDouble(),
                                       exact ? std::optional<int64_t>(integer) : std::nullopt);
        }
        case QJsonValue::String:
            return json::Value(fileString(v.toString()));
        case QJsonValue::Array: {
            const QJsonArray a = v.toArray();
            json::Array out;
            out.reserve(static_cast<size_t>(a.size()));
            for (const QJsonValue& item : a) {
                out.push_back(fromQJson(item));
            }
            return json::Value(std::move(out));
        }
        case QJsonValue::Object: {
            const QJsonObject o = v.toObject();
            json::Object out;
            for (auto it = o.begin(); it != o.end(); ++it) {
                out.set(fileString(it.key()), fromQJson(it.value()));
            }
            return json::Value(std::move(out));
        }
        case QJsonValue::Undefined:
            break;
    }
    return {};
}

QJsonValue toQJson(const json::Value& v) {
    switch (v.type()) {
        case json::Value::Type::Undefined:
            return QJsonValue(QJsonValue::Undefined);
        case json::Value::Type::Null:
            return QJsonValue(QJsonValue::Null);
        case json::Value::Type::Bool:
            return QJsonValue(v.toBool());
        case json::Value::Type::Number:
            return v.isExactInteger() ? QJsonValue(static_cast<qint64>(*v.toInteger()))
                                      : QJsonValue(v.toDouble());
        case json::Value::Type::String:
            return QJsonValue(QString::fromStdString(v.toString()));
        case json::Value::Type::Array: {
            QJsonArray out;
            for (const json::Value& item : v.toArray()) {
                out.append(toQJson(item));
            }
            return out;
        }
        case json::Value::Type::Object: {
            QJsonObject out;
            for (const auto& [key, value] : v.toObject().members()) {
                out.insert(QString::fromStdString(key), toQJson(value));
            }
            return out;
        }
    }
    return {};
}

}  // namespace ringscope
