#pragma once
// Text from files — node ids, titles, descriptions, key names, paths, and the error messages
// that quote them — is shown as it is written. Qt takes text that looks like HTML for HTML in
// labels, message boxes, tooltips and chart labels: a node id "<img src='/tmp/x.png'>" would
// load a local image into an error box. Labels that show such text are Qt::PlainText (or escape
// it, when they are rich text on purpose); these helpers cover message boxes and tooltips.

#include <QMessageBox>
#include <QString>

class QWidget;

namespace ringscope::plain {

// A tooltip that shows `text` as written: `text` itself when Qt would not take it for HTML,
// else the escaped text as a paragraph, so that Qt's guess at rich text neither renders its tags
// nor shows "&lt;" for "<".
QString tip(const QString& text);

// QMessageBox::warning and QMessageBox::question with the text shown as written.
void warn(QWidget* parent, const QString& title, const QString& text);
QMessageBox::StandardButton ask(QWidget* parent, const QString& title, const QString& text,
                                QMessageBox::StandardButtons buttons,
                                QMessageBox::StandardButton defaultButton);

}  // namespace ringscope::plain
