#pragma once
// A panel's destructor runs before QWidget's deletes its children, and a child can still emit
// then (an editable combo box losing its line edit emits activated(); UBSan saw it reach a
// half-destroyed panel). Cutting every child's connections to the panel first keeps them out.

#include <QObject>

namespace ringscope {

inline void disconnectChildren(QObject* panel) {
    for (const QObject* child : panel->findChildren<QObject*>()) {
        QObject::disconnect(child, nullptr, panel, nullptr);
    }
}

}  // namespace ringscope
