#include "memoryguard.h"

#include <QTimer>

#include <new>
#include <stdexcept>

#include "plaintext.h"
#include "qstrings.h"
#include "ringscope/error.h"

namespace ringscope {

bool deliverWithinMemory(const std::function<bool()>& deliver,
                         const std::function<void(const QString&)>& tell) {
    QString failure;
    try {
        return deliver();
    } catch (const std::bad_alloc& e) {
        failure = qs(describeFailure(e));
    } catch (const std::length_error& e) {
        failure = qs(describeFailure(e));
    }
    // Not from inside the failed event: the memory it held is back once the stack unwound.
    QTimer::singleShot(0, qApp, [tell, failure] { tell(failure); });
    return false;
}

bool GuardedApplication::notify(QObject* receiver, QEvent* event) {
    return deliverWithinMemory([&] { return QApplication::notify(receiver, event); },
                               [](const QString& text) {
                                   plain::warn(QApplication::activeWindow(),
                                               QApplication::translate("main", "Ringscope"), text);
                               });
}

}  // namespace ringscope
