// fixed(): the one fixed-point formatter of the tables and reports.
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/config/number_text.h"

using namespace tfw;

class TestNumberText : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void printsAsPrintfDoes() {
        QCOMPARE(fixed(12.3456, 2), std::string("12.35"));
        QCOMPARE(fixed(0.5, 0), std::string("0"));  // round half to even, as printf
        QCOMPARE(fixed(-3.14159, 3), std::string("-3.142"));
        QCOMPARE(fixed(1234567.0, 1), std::string("1234567.0"));
        QCOMPARE(fixed(-std::numeric_limits<double>::max(), 0).size(), size_t{310});
    }

    void nanIsAnEmptyCell() {
        QCOMPARE(fixed(std::nan(""), 2), std::string());
        QCOMPARE(fixed(-std::numeric_limits<double>::quiet_NaN(), 0), std::string());
    }

    void infinityAndNegativeZeroAreKept() {
        const double inf = std::numeric_limits<double>::infinity();
        QCOMPARE(fixed(inf, 2), std::string("inf"));
        QCOMPARE(fixed(-inf, 2), std::string("-inf"));
        QCOMPARE(fixed(-0.0, 2), std::string("-0.00"));
        QCOMPARE(fixed(-0.001, 2), std::string("-0.00"));
    }
};

QTEST_APPLESS_MAIN(TestNumberText)
#include "test_number_text.moc"
