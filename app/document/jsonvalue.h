#pragma once
// Qt's JSON values <-> the core's (ringscope/json.h): the app parses and prints JSON text with
// QJsonDocument, the core reads and writes the values.

#include <QJsonValue>

#include <string>

#include "ringscope/json.h"

namespace ringscope {

json::Value fromQJson(const QJsonValue& value);
// Drops the U+FEFF (byte order marks) at the start of a string of a file, each of them. Qt's
// parser drops one at the start of every string, and QString::fromStdString one more when it is
// written; without them all, a string that began with two would lose one at every save.
void stripLeadingBoms(std::string& text);
QJsonValue toQJson(const json::Value& value);

}  // namespace ringscope
