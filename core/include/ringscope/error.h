#pragma once
// A problem with user input (scenario, key file, edit, argument), with where it is as data: the
// file, the line (and column), the node, the field path, and the message. what() prints them as
// "file: nodes[1] (B).tokens[0]: message", "keys.txt:3: message", "--key 2: message".

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

namespace ringscope {

enum class Limit : uint8_t;  // ringscope/limits.h

// A refusal the user may lift: a limit they may raise to what the input needs (--limit NAME=N on
// the command line), or a file outside the scenario's folder they may allow to be read
// (--allow-outside-files). The desktop program asks.
struct Waiver {
    enum class Kind : uint8_t { RaiseLimit, ReadOutsideFolder };
    Kind kind = Kind::RaiseLimit;
    Limit limit{};        // RaiseLimit: which one
    uint64_t needed = 0;  // RaiseLimit: the value that lets this input through
    std::string file;     // ReadOutsideFolder: the file, resolved
    bool operator==(const Waiver&) const = default;
};

// How messages show text that came from the input (a key, a line, a name): quoted, control
// and non-UTF-8 bytes escaped (\t, \n, \xNN), and at most `maxBytes` of it ("…" marks a cut).
inline constexpr size_t kQuotedBytes = 24;
inline constexpr size_t kQuotedIdBytes = 64;     // node ids in where(), which name the node
inline constexpr size_t kQuotedPathBytes = 200;  // file names the input gives
inline constexpr size_t kQuotedLineBytes = 80;   // a line of input shown whole
std::string quotedText(std::string_view text, size_t maxBytes = kQuotedBytes);
// Appends `byte` as two lower-case hex digits ("1b"): the one spelling of a byte that is not
// shown, in messages, in escapes (\x1b, \u009b) and in digests.
void appendHexByte(std::string& out, unsigned char byte);
// A name from the input (a node id, an address) as a message shows it: as typed when it is
// printable and at most `maxBytes` long, else quotedText.
std::string shownName(std::string_view name, size_t maxBytes = kQuotedIdBytes);
// The bytes of the UTF-8 sequence that starts at `text[at]`, a byte >= 0x80: 2 to 4, or 0 when
// they are not UTF-8 (overlong, a surrogate, past U+10FFFF, cut short). O(1).
size_t utf8SequenceLength(std::string_view text, size_t at);
// Throws InputError("SOURCE:LINE", ...) at the first byte of `text` that is not UTF-8 (or
// starts a C1 control): another system's names are hashed as their bytes, and a name read
// with U+FFFD in its place would not be the one that system hashes. O(length).
void checkUtf8Text(std::string_view text, const std::string& source);

// Where a key came from: its line numbers mean lines of a file, or positions among --key
// arguments, or nothing (the scenario's own key set, numbered "key N").
struct KeySource {
    enum class Kind : uint8_t { Scenario, File, Arguments };
    Kind kind = Kind::Scenario;
    std::string name;  // the file ("<stdin>" for standard input) or the option ("--key")
    bool operator==(const KeySource&) const = default;
};

class InputError : public std::exception {
public:
    // A field path ("replicas", "nodes[1] (B).weight", or empty) and what is wrong with it.
    InputError(std::string field, std::string message);

    // Builders: each adds one piece of context and returns the error.
    // The file (kept if one is set already: the innermost file names the problem).
    InputError& inFile(std::string file);
    // A line of the file, or of a key source (see KeySource), or of JSON text (with a column).
    InputError& atLine(uint32_t line, uint32_t column = 0);
    InputError& fromKeys(const KeySource& source, uint32_t line);
    // The node the field belongs to: the field path is then relative to it ("weight").
    InputError& forNode(size_t index, std::string id);
    // What would let the input through (see Waiver).
    InputError& waivable(Waiver waiver);
    // Lifted as `other` is, if it is (a refusal restated with more context).
    InputError& waivableAs(const InputError& other);

    const std::string& file() const { return m_file; }
    uint32_t line() const { return m_line; }
    uint32_t column() const { return m_column; }
    const std::string& argument() const { return m_argument; }
    std::optional<size_t> nodeIndex() const { return m_nodeIndex; }
    const std::string& nodeId() const { return m_nodeId; }
    const std::string& field() const { return m_field; }
    const std::string& message() const { return m_message; }
    // True when the error names its own source (a file or an argument list).
    bool hasSource() const { return !m_file.empty() || !m_argument.empty(); }
    const std::optional<Waiver>& waiver() const { return m_waiver; }

    // Everything but the message, as printed ("s.json: nodes[1] (B).id").
    std::string where() const;
    const char* what() const noexcept override { return m_text.c_str(); }

private:
    void render();

    std::string m_file;
    std::string m_argument;  // e.g. "--key": lines count arguments
    uint32_t m_line = 0;
    uint32_t m_column = 0;
    std::optional<size_t> m_nodeIndex;
    std::string m_nodeId;
    std::string m_field;
    std::string m_message;
    std::optional<Waiver> m_waiver;
    std::string m_text;
};

// What a user is told about a failure: an InputError's text, and for running out of memory
// (std::bad_alloc, std::length_error) what happened and what to do, never "std::bad_alloc".
std::string describeFailure(const std::exception& error);

}  // namespace ringscope
