#include "comparedalgorithm.h"

#include <QCoreApplication>

#include <algorithm>

#include "numberformat.h"

namespace ringscope {

const std::vector<ComparedAlgorithm>& comparedAlgorithms() {
    static const std::vector<ComparedAlgorithm> algorithms = [] {
        std::vector<ComparedAlgorithm> out;
        for (const auto& row : kAlgorithms) {
            switch (row.module().traits().compared) {
                case Compared::No:
                    break;
                case Compared::Plain:
                    out.emplace_back(row.value);
                    break;
                case Compared::PlainAndBounded:
                    out.emplace_back(row.value);
                    out.emplace_back(row.value, kComparedBalanceFactorPercent);
                    break;
            }
        }
        return out;
    }();
    return algorithms;
}

QString algorithmLabel(Algorithm algorithm) {
    // The module's label, marked for the translation files where the module names it.
    return QCoreApplication::translate("Algorithm",
                                       std::string(moduleOf(algorithm).label()).c_str());
}

QString algorithmLabel(const ComparedAlgorithm& compared) {
    const QString plain = algorithmLabel(compared.algorithm);
    if (!compared.boundedLoadPercent) {
        return plain;
    }
    return QCoreApplication::translate("Algorithm", "%1, bounded %2")
        .arg(plain)
        .arg(format::fixed(*compared.boundedLoadPercent / 100.0, 2));
}

QString algorithmChartLabel(const ComparedAlgorithm& compared) {
    const QString plain = algorithmLabel(compared.algorithm);
    return compared.boundedLoadPercent
               ? QCoreApplication::translate("Algorithm", "Bounded %1").arg(plain)
               : plain;
}

QString whyNotCompared(const ComparedAlgorithm& compared, const Scenario& scenario) {
    if (compared.boundedLoadPercent && anyNodeDown(scenario)) {
        return QCoreApplication::translate(
            "Algorithm",
            "bounded loads do not model a down node (its capacity would change with it); bring "
            "the node up to compare it");
    }
    return {};
}

Scenario asAlgorithm(const Scenario& scenario, const ComparedAlgorithm& compared) {
    Scenario s = asAlgorithm(scenario, compared.algorithm);
    s.boundedLoadPercent = compared.boundedLoadPercent;
    return s;
}

}  // namespace ringscope
