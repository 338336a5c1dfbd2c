#pragma once
// The keys a command works on: from --keys files, --key arguments, or the scenario's own set,
// hashed for one placement with every error naming its source line. Either all at once
// (resolveKeys) or a batch at a time in bounded memory (KeyStream).

#include <memory>
#include <string>
#include <vector>

#include "ringscope/keyset.h"
#include "ringscope/limits.h"
#include "ringscope/scenario.h"

namespace ringscope {

struct KeyInput {
    std::vector<std::string> files;  // "-" is standard input
    std::vector<std::string> keys;   // --key arguments
    bool empty() const { return files.empty() && keys.empty(); }
};

// The named keys, in input order (files first, then --key), or the scenario's own key set,
// with the scenario's sizes and popularity. Keys from a single file keep their line numbers for
// messages. Everything within the limits (see limits.h). Throws InputError.
KeySet resolveKeys(const KeyInput& input, const Scenario& scenario,
                   const Limits& limits = Limits());

// The same keys, in the same order and named the same way in messages, a batch at a time: a
// pattern's names are generated, files and standard input are read through KeyLineReader, so
// memory stays bounded by the batch whatever the number of keys. The scenario's sizes are drawn
// as each batch arrives (the draws resolveKeys makes). Within the limits: the scenario's own keys
// as resolveKeys checks them, and every line of a file at string-bytes (a stream's totals are
// not capped: it holds one batch at a time).
class KeyStream {
public:
    KeyStream(const KeyInput& input, const Scenario& scenario, const Limits& limits = Limits());
    ~KeyStream();

    // Where the keys' line numbers point, for messages.
    const KeySource& source() const { return m_source; }
    // Checks routing these keys through `scenario` too against the limits, as the constructor
    // checks its own scenario, when the keys are made here (a pattern or a list). Throws
    // InputError.
    void checkWorkOf(const Scenario& scenario) const;
    // Fills `batch` (cleared first) with up to `max` keys and `sizes` with their bytes. Returns
    // false when no key is left. Throws InputError (unreadable file).
    bool next(KeyBatch& batch, std::vector<uint64_t>& sizes, size_t max);

private:
    bool nextFromFiles(KeyBatch& batch, size_t max);

    KeyInput m_input;
    KeySetSpec m_spec;
    Limits m_limits;
    KeySource m_source;
    KeyNames m_names;  // the scenario's own pattern or list, when there is no input
    bool m_ownNames = false;
    size_t m_file = 0;
    std::unique_ptr<KeyLineReader> m_reader;
    size_t m_argument = 0;
    uint64_t m_done = 0;
    SizeDraw m_sizes;
};

}  // namespace ringscope
