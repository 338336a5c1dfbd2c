#include "keyinput.h"

#include <algorithm>
#include <iostream>

#include "ringscope/work.h"
#include "scenariojson.h"

namespace ringscope {

namespace {

// How messages name keys from this input: lines of its one file, positions among --key
// arguments, or else key indices.
KeySource sourceOf(const KeyInput& input) {
    if (input.files.size() == 1) {
        return {KeySource::Kind::File, input.files[0] == "-" ? "<stdin>" : input.files[0]};
    }
    if (input.files.empty()) {
        return {KeySource::Kind::Arguments, "--key"};
    }
    return {};
}

}  // namespace

KeySet resolveKeys(const KeyInput& input, const Scenario& scenario, const Limits& limits) {
    if (input.empty()) {
        return scenarioKeys(scenario, limits);
    }
    KeyNames names;
    KeyLines lines;
    for (const std::string& file : input.files) {
        KeyLineReader in =
            file == "-" ? KeyLineReader(std::cin, "<stdin>", limits) : KeyLineReader(file, limits);
        readKeyLines(in, names, &lines, limits);
    }
    for (const std::string& key : input.keys) {
        names.append(key);
    }
    // Each file kept within the limits; together (and with --key) they must be too.
    const KeyVolume volume = keyVolume(names);
    const std::string field = input.files.empty() ? "--key" : "--keys";
    checkKeyVolume(volume, limits, field, field);
    checkKeyWork(scenario, volume, limits);
    KeySet set = decorateKeys(std::move(names), scenario.keys.sizes, scenario.keys.popularity,
                              scenario.keys.seed);
    set.source = sourceOf(input);
    if (input.files.size() == 1) {
        set.lines = std::move(lines);
    } else if (input.files.empty()) {  // name --key arguments by their order: "--key 2"
        set.lines = KeyLines::numbered(set.size());
    }
    return set;
}

KeyStream::KeyStream(const KeyInput& input, const Scenario& scenario, const Limits& limits)
    : m_input(input),
      m_spec(scenario.keys),
      m_limits(limits),
      m_sizes(scenario.keys.sizes, scenario.keys.seed) {
    checkKeyDecoration(m_spec);
    if (!input.empty()) {
        m_source = sourceOf(input);
        return;
    }
    switch (m_spec.kind) {
        case KeySetSpec::Kind::Pattern:
        case KeySetSpec::Kind::List: {
            KeySetSpec names = m_spec;  // the names alone: sizes are drawn batch by batch
            names.sizes = {};
            names.popularity = {};
            m_names = generateKeys(names, limits).names;
            m_ownNames = true;
            checkKeyWork(scenario, keyVolume(m_names), limits);
            break;
        }
        case KeySetSpec::Kind::File:
            m_input.files = {keyFilePath(m_spec)};
            m_source = {KeySource::Kind::File, m_input.files[0]};
            break;
    }
}

KeyStream::~KeyStream() = default;

void KeyStream::checkWorkOf(const Scenario& scenario) const {
    if (m_ownNames) {
        checkKeyWork(scenario, keyVolume(m_names), m_limits);
    }
}

bool KeyStream::nextFromFiles(KeyBatch& batch, size_t max) {
    while (m_file < m_input.files.size()) {
        if (!m_reader) {
            const std::string& file = m_input.files[m_file];
            m_reader = file == "-" ? std::make_unique<KeyLineReader>(std::cin, "<stdin>", m_limits)
                                   : std::make_unique<KeyLineReader>(file, m_limits);
        }
        if (m_reader->next(batch, max)) {
            if (m_input.files.size() > 1) {
                batch.lines.clear();  // several files: keys are named by index
            }
            return true;
        }
        m_reader.reset();
        ++m_file;
    }
    return false;
}

bool KeyStream::next(KeyBatch& batch, std::vector<uint64_t>& sizes, size_t max) {
    batch.clear();
    batch.first = m_done;
    if (m_ownNames) {
        const size_t last = static_cast<size_t>(std::min<uint64_t>(m_names.size(), m_done + max));
        m_names.forEach(static_cast<size_t>(m_done), last, [&](size_t, std::string_view name) {
            batch.text.append(name);
            batch.ends.push_back(batch.text.size());
        });
    } else if (!nextFromFiles(batch, max)) {
        // The --key arguments come last, numbered among themselves ("--key 2") when they are
        // the only input, else by index.
        const bool numbered = m_input.files.empty();
        for (; m_argument < m_input.keys.size() && batch.size() < max; ++m_argument) {
            batch.text.append(m_input.keys[m_argument]);
            batch.ends.push_back(batch.text.size());
            if (numbered) {
                batch.lines.push_back(static_cast<uint32_t>(m_argument + 1));
            }
        }
    }
    sizes.resize(batch.size());
    for (uint64_t& size : sizes) {
        size = m_sizes.next();
    }
    m_done += batch.size();
    return batch.size() > 0;
}

}  // namespace ringscope
