#pragma once
// A pass over JSON text before QJsonDocument parses it, for what QJsonDocument cannot say or
// would pay too much to find out: a key that an object names twice (QJsonDocument silently
// keeps one of them), a string longer than the string-bytes limit, and an array or object with
// more entries than json-entries (QJsonDocument spends about 100 bytes on each, so a 16 MB file
// of "" entries would take 600 MB before the reader could count them).
//
// Text that is not valid JSON is left to QJsonDocument, which says where; the pass only stops.
// O(n) in the text and in memory, no recursion; a key set per open object, and arrays and
// objects nested at most kMaxJsonDepth deep.

#include <string_view>

#include "ringscope/limits.h"

namespace ringscope {

// How deep arrays and objects may nest: QJsonDocument's own parser stops at 1024, and no
// scenario or lesson needs more than a handful of levels.
inline constexpr size_t kMaxJsonDepth = 1024;

// Throws InputError naming the field path ("nodes[1].weight") and the line and column: a
// duplicate key, a string over string-bytes, an array or object over json-entries (those two
// carry the waiver that raises the limit), nesting deeper than kMaxJsonDepth.
void scanJson(std::string_view text, const Limits& limits);

}  // namespace ringscope
