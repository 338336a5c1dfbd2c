#pragma once
// An input the program refused or a computation that failed, as the window reports it: the text
// it shows and, kept apart as data, the file the error names, so a panel can tell a problem with
// its own file by value rather than by reading the text.

#include <QString>

#include <exception>
#include <memory>

namespace ringscope {

class InputError;

struct Failure {
    QString text;  // describeFailure's text (error.h): where, then what
    QString file;  // the file an InputError names (InputError::file), else empty
    // The refusal itself when the user may lift it (InputError::waiver), for the question a
    // computation in the background can only leave to the window.
    std::shared_ptr<const InputError> waivable;

    // The failure of `error`; an InputError keeps its file, and itself when it is waivable.
    static Failure of(const std::exception& error);
    // A failure that names no file.
    static Failure message(QString text) { return {std::move(text), {}, {}}; }
    bool isEmpty() const { return text.isEmpty(); }
    // The same text about the same file (not necessarily the same error object).
    bool operator==(const Failure& other) const { return text == other.text && file == other.file; }
};

}  // namespace ringscope
