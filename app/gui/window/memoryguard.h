#pragma once
// An allocation that fails while the window handles an event — a chart or a table built too big,
// a picture, a layout — is the promised "not enough memory" message (describeFailure), never a
// crash: the application runs every event through deliverWithinMemory.

#include <QApplication>

#include <functional>

namespace ringscope {

// Runs `deliver`; when it throws std::bad_alloc or std::length_error, calls `tell` with the
// message once control is back in the event loop and returns false (the event not handled).
// Other exceptions pass through. O(1) beyond `deliver`.
bool deliverWithinMemory(const std::function<bool()>& deliver,
                         const std::function<void(const QString&)>& tell);

// The desktop program's application: each event delivered within memory, a failure shown in a
// warning over the active window.
class GuardedApplication : public QApplication {
public:
    GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}
    bool notify(QObject* receiver, QEvent* event) override;
};

}  // namespace ringscope
