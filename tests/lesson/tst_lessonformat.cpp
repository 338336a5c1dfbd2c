#include <QTest>

#include "lessonjson.h"

using namespace ringscope::lesson;

class TestLessonFormat : public QObject {
    Q_OBJECT
private slots:
    void loads() {
        const auto lessons = builtinLessons();
        QVERIFY(!lessons.empty());
    }
};

QTEST_GUILESS_MAIN(TestLessonFormat)
#include "tst_lessonformat.moc"
