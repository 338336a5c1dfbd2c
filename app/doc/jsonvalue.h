#pragma once
// Qt's JSON values <-> the core's (ringscope/json.h): the app parses and prints JSON text with
// QJsonDocument, the core reads and writes the values.

#include <QJsonValue>

#include "ringscope/json.h"

namespace ringscope {

json::Value fromQJson(const QJsonValue& value);
QJsonValue toQJson(const json::Value& value);

}  // namespace ringscope
